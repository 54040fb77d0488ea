while x y:
  pass
