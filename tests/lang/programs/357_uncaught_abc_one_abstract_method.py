# abc: instantiating a class with one abstract method left ends in CPython 3.11's TypeError
from abc import ABC, abstractmethod


class Base(ABC):
    @abstractmethod
    def area(self):
        ...


class Ok(Base):
    def area(self):
        return 1


print(Ok().area())
Base()
