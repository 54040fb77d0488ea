class A
  pass
