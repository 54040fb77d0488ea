x = "a,b".split(",")
y = " x ".strip().upper()
z = "{} {}".format(1, 2)
w = "%s %d" % ("a", 1)
