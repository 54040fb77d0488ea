a[b, *c] = d
