for a, 1 in x: pass
