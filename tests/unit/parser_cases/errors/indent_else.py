if x:
  pass
else:
