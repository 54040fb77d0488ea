c = a @ b
c @= d
