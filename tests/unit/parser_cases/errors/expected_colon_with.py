with a
  pass
