if x:
  pass
    x
