x = "a​b c"
