if x.y = 1: pass
