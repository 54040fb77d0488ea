first, *rest = items
*init, last = items
a, (b, *c), d = x
