def = 5
class
return = 1
lambda: (yield)
