try:
x
