if x:
  pass
elif y:
z
