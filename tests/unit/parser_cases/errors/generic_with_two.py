with a b:
  pass
