try:
  pass
except E as e:
pass
