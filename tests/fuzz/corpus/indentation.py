if True:
	x = 1
if x:
        y = [1,
    2,
  3]
        z = (1 +
             2) \
            + 3
