a = 1; b = 2; c = 3
x = 1;
if x: a; b
