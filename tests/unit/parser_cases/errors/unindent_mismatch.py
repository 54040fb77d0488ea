if x:
    pass
  x
