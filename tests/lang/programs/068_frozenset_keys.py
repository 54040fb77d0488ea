# Exercises frozenset: hashability as dict keys/set members, immutability, operations returning frozensets.
edges = [("a", "b"), ("b", "a"), ("b", "c"), ("c", "d"), ("d", "c"), ("a", "b")]
undirected = {frozenset(e) for e in edges}
print(len(undirected), sorted(sorted(e) for e in undirected))
weights = {frozenset({"a", "b"}): 4, frozenset({"b", "c"}): 1}
print(weights[frozenset(["b", "a"])], frozenset("cb") in weights)
fs = frozenset([3, 1, 2])
print(fs, sorted(fs), len(fs), 2 in fs, type(fs).__name__)
print(fs | {9}, fs & {1, 5}, fs - {1}, type(fs | {9}).__name__, type({9} | fs).__name__)
print(fs == {1, 2, 3}, fs <= frozenset(range(5)), frozenset() == frozenset([]))
try:
    fs.add(4)
except AttributeError as exc:
    print("AttributeError:", exc)
groups = {}
for word in ["stop", "pots", "tops", "spot", "opts", "post", "cat", "act", "tac"]:
    groups.setdefault(frozenset(word), []).append(word)
for key, members in sorted(groups.items(), key=lambda kv: sorted(kv[0])):
    print("".join(sorted(key)), members)
nested = {frozenset({1, 2}), frozenset({2, 1}), frozenset({3})}
print(len(nested), sorted(len(x) for x in nested))
print(frozenset({1, 2}).union([3]).issuperset({3}), hash(frozenset()) == hash(frozenset([])))
