x = (a if b :)
