a.b
a.b.c.d
(a).b
(a + b).c
"s".join(x)
1 .real
