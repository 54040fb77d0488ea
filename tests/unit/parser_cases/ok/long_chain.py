x = a.b.c.d.e.f.g.h.i.j.k.l.m.n.o.p
y = 1 + 2 + 3 + 4 + 5 + 6 + 7 + 8 + 9 + 10
