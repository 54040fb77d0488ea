if x:
    y = 1
  # odd comment
z = 2
