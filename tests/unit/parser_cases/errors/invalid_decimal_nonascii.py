é = 1abc
