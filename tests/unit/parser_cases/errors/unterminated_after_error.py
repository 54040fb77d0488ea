f() = 1
x = 'abc
