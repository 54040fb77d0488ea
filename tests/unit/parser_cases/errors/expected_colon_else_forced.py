if x:
  pass
else x:
  pass
