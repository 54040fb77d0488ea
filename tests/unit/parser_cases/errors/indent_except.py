try:
  pass
except:
pass
