# Exercises a sparse vector class backed by a dict: dot products, norms, arithmetic dunders, cosine similarity.
import math


class SparseVector:
    def __init__(self, entries=None):
        self.data = {k: v for k, v in (entries or {}).items() if v != 0}

    def __getitem__(self, key):
        return self.data.get(key, 0)

    def __add__(self, other):
        keys = set(self.data) | set(other.data)
        return SparseVector({k: self[k] + other[k] for k in keys})

    def __mul__(self, scalar):
        return SparseVector({k: v * scalar for k, v in self.data.items()})

    __rmul__ = __mul__

    def dot(self, other):
        small, large = sorted((self, other), key=lambda v: len(v.data))
        return sum(v * large[k] for k, v in small.data.items())

    def norm(self):
        return math.sqrt(self.dot(self))

    def __len__(self):
        return len(self.data)

    def __repr__(self):
        inner = ", ".join(f"{k}: {v}" for k, v in sorted(self.data.items()))
        return "SparseVector({" + inner + "})"


def bag_of_words(text):
    vec = {}
    for w in text.lower().split():
        vec[w] = vec.get(w, 0) + 1
    return SparseVector(vec)


docs = ["the cat sat", "the cat sat on the mat", "dogs chase cats", "the the the"]
vecs = [bag_of_words(d) for d in docs]
for d, v in zip(docs, vecs):
    print(f"{d!r:26} len={len(v)} norm={v.norm():.4f}")
for i in range(len(docs)):
    sims = [vecs[i].dot(vecs[j]) / (vecs[i].norm() * vecs[j].norm()) for j in range(len(docs))]
    print(" ".join(f"{s:.3f}" for s in sims))
a = SparseVector({"x": 1, "y": 2})
b = SparseVector({"y": -2, "z": 5})
print(a + b, 3 * a, a * 0, len(a * 0), a["missing"])
