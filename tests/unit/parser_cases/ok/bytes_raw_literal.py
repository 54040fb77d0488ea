x = rb"abc"
