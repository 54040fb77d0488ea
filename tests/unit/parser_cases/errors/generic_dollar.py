$x
