def f:
  pass
