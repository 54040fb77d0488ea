# Exercises %-style formatting: %s %d %i %f %5.2f %-10s %x %o %e %r %% and tuple/dict operands.
rows = [("alice", 93, 0.9312), ("bob", 7, 0.5), ("charlotte", 100, 1.0)]
print("%-10s %5s %8s" % ("name", "score", "ratio"))
for name, score, ratio in rows:
    print("%-10s %5d %8.3f" % (name, score, ratio))
print("%s has %d items" % ("cart", 3))
print("%i%% done" % 75)
print("%x %X %o %#x %#o" % (255, 255, 8, 255, 8))
print("%e %.2e %E" % (12345.6789, 0.000123, 1e10))
print("%r vs %s" % ("text", "text"))
print("%5.1f|%-7.2f|%07.2f" % (3.14159, 2.5, -1.5))
print("%+d %+d % d" % (5, -5, 5))
print("%(user)s logged in %(count)d times" % {"user": "eve", "count": 4})
print("single value: %s" % "only")
print("tuple as value: %s" % ((1, 2),))
print("%c%c%c" % (72, 105, 33))
print("%s" % None, "%s" % True, "%d" % True, "%s" % [1, "a"])
print("%.3s|%10.4s|" % ("abcdef", "truncate"))
width = 6
print("%*d|" % (width, 42))
print("%g %g %g" % (0.0001, 1234567.0, 12.5))
