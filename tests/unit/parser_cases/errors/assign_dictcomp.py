{x: y for x in y} = 1
