# Exercises slice objects: slice(), .start/.stop/.step, indices(), use in subscripts and in __getitem__.
s = slice(1, 8, 2)
print(s, s.start, s.stop, s.step, slice(5), slice(None, None, -1))
data = list("abcdefghij")
print(data[s], data[slice(3)], data[slice(-3, None)], data[slice(None, None, -3)])
print(s.indices(5), slice(None, None, -1).indices(4), slice(-2, 100).indices(10))
FIELDS = {"date": slice(0, 10), "level": slice(11, 16), "msg": slice(17, None)}
lines = ["2024-05-01 INFO  service started", "2024-05-01 ERROR disk full", "2024-05-02 WARN  cpu hot"]
for line in lines:
    print({k: line[v].strip() for k, v in FIELDS.items()})


class Recorder:
    def __getitem__(self, key):
        if isinstance(key, slice):
            return ("slice", key.start, key.stop, key.step)
        if isinstance(key, tuple):
            return ("tuple", key)
        return ("index", key)


rec = Recorder()
print(rec[3], rec[1:4], rec[::2], rec[:], rec[1:2, 3], rec[..., 0], rec[-1])
print(slice(1, 2) == slice(1, 2), slice(1, 2) == slice(1, 3))
every_other = slice(None, None, 2)
print("".join(data[every_other]), tuple(range(10))[every_other])
print(Ellipsis, ..., ... is Ellipsis, type(...).__name__)
