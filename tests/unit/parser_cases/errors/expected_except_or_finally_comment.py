try:
  pass


# comment
