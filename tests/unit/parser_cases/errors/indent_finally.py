try:
  pass
finally:
pass
