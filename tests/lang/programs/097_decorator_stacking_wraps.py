# Exercises stacked decorators (application order), functools.wraps metadata, and class-based decorators.
import functools


def bold(func):
    @functools.wraps(func)
    def wrapper(*args, **kwargs):
        return "<b>" + func(*args, **kwargs) + "</b>"
    return wrapper


def italic(func):
    @functools.wraps(func)
    def wrapper(*args, **kwargs):
        return "<i>" + func(*args, **kwargs) + "</i>"
    return wrapper


def no_wraps(func):
    def wrapper(*args, **kwargs):
        return func(*args, **kwargs)
    return wrapper


@bold
@italic
def greet(name):
    """Return a greeting."""
    return f"hello {name}"


@italic
@bold
def shout(name):
    return name.upper()


@no_wraps
def hidden():
    """Docstring lost."""
    return 1


print(greet("ann"), shout("bo"))
print(greet.__name__, greet.__doc__, hidden.__name__, hidden.__doc__)
print(greet.__wrapped__("raw"), greet.__wrapped__.__wrapped__("rawest"))


class CountCalls:
    def __init__(self, func):
        self.__name__ = func.__name__
        self.__doc__ = func.__doc__
        self.func = func
        self.calls = 0

    def __call__(self, *args, **kwargs):
        self.calls += 1
        return self.func(*args, **kwargs)


@CountCalls
def square(x):
    """Square a number."""
    return x * x


print([square(i) for i in range(5)], square.calls, square.__name__, square.__doc__)
order = []


def trace(tag):
    def deco(func):
        order.append(f"decorate {tag}")

        def wrapper():
            order.append(f"enter {tag}")
            return func()
        return wrapper
    return deco


@trace("outer")
@trace("inner")
def work():
    order.append("work")


work()
print(order)
