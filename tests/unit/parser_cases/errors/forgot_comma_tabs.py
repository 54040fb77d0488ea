if x:
		x = (1 2)
