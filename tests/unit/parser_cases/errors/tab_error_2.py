if x:
        pass
	pass
