# Exercises single inheritance chains: super().__init__, method overriding, super() calls in methods, MRO lookup.
class Animal:
    kingdom = "animalia"

    def __init__(self, name, sound="..."):
        self.name = name
        self.sound = sound
        print(f"  Animal.__init__({name})")

    def speak(self):
        return f"{self.name} says {self.sound}"

    def describe(self):
        return f"{type(self).__name__}:{self.name}"


class Dog(Animal):
    def __init__(self, name, breed):
        super().__init__(name, "woof")
        self.breed = breed
        print(f"  Dog.__init__({breed})")

    def speak(self):
        return super().speak() + "!"


class Puppy(Dog):
    def __init__(self, name, breed, age_weeks):
        super().__init__(name, breed)
        self.age_weeks = age_weeks
        print("  Puppy.__init__")

    def speak(self):
        base = super().speak()
        return base.replace("woof", "yip") + f" ({self.age_weeks}w)"

    def describe(self):
        return "small " + super().describe()


class Cat(Animal):
    pass


animals = [Animal("generic"), Dog("rex", "collie"), Puppy("bit", "pug", 9), Cat("tom", "meow")]
for a in animals:
    print(a.speak(), "|", a.describe(), "|", a.kingdom)
print([[c.__name__ for c in (Animal, Dog, Puppy, Cat) if isinstance(a, c)] for a in animals])
print(issubclass(Puppy, Animal), issubclass(Animal, object), issubclass(Dog, Puppy))
print(isinstance(animals[2], Animal), issubclass(Puppy, Dog), issubclass(Cat, Dog))
Dog.kingdom = "dogs-only"
print(animals[1].kingdom, animals[2].kingdom, animals[3].kingdom)


class Base:
    def template(self):
        return f"[{self.step1()}|{self.step2()}]"

    def step1(self):
        return "base1"

    def step2(self):
        return "base2"


class Derived(Base):
    def step2(self):
        return "derived2"


print(Base().template(), Derived().template())
