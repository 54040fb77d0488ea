a.b.
