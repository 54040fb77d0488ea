x = 1
y = a\ b
