# Exercises set comprehensions, order-preserving dedupe, membership speedups and set-based diffing.
emails = ["Ann@x.com", "bob@y.org", "ann@x.com", " BOB@y.org", "cy@z.net", "ann@X.com "]
normalized = {e.strip().lower() for e in emails}
print(sorted(normalized), len(normalized))


def dedupe(seq, key=lambda x: x):
    seen = set()
    out = []
    for item in seq:
        k = key(item)
        if k not in seen:
            seen.add(k)
            out.append(item)
    return out


print(dedupe(emails, key=lambda e: e.strip().lower()))
print(dedupe([3, 1, 3, 2, 1, 5]), dedupe("mississippi"))
old = {"alice", "bob", "carol", "dave"}
new = {"bob", "carol", "erin", "frank"}
print("added:", sorted(new - old), "removed:", sorted(old - new), "kept:", sorted(old & new))
lengths = {len(name) for name in old | new}
print(lengths)
squares = {n * n for n in range(-4, 5)}
print(sorted(squares), len(squares))
vowels = set("aeiou")
words = ["rhythm", "queue", "sky", "audio", "strength"]
print({w: len(set(w) & vowels) for w in words})
print([w for w in words if not vowels.intersection(w)])
