x = a\ b
