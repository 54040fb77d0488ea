x = a…b
