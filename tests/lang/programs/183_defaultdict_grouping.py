# Exercises collections.defaultdict with list/int/set/lambda factories, nested defaultdicts and default_factory.
from collections import defaultdict

words = "apple avocado banana blueberry cherry cranberry apricot beet".split()
by_letter = defaultdict(list)
for w in words:
    by_letter[w[0]].append(w)
print(dict(by_letter))
letter_counts = defaultdict(int)
for ch in "mississippi":
    letter_counts[ch] += 1
print(sorted(letter_counts.items()), letter_counts["z"], len(letter_counts))
edges = [("a", "b"), ("a", "c"), ("b", "c"), ("c", "a"), ("a", "b")]
graph = defaultdict(set)
for u, v in edges:
    graph[u].add(v)
print({k: sorted(v) for k, v in sorted(graph.items())})
nested = defaultdict(lambda: defaultdict(int))
sales = [("north", "tea", 3), ("south", "tea", 1), ("north", "jam", 2), ("north", "tea", 4)]
for region, item, qty in sales:
    nested[region][item] += qty
print({r: dict(items) for r, items in nested.items()})
labels = defaultdict(lambda: "unknown")
labels["known"] = "yes"
print(labels["known"], labels["other"], sorted(labels))
print(by_letter.default_factory is list, letter_counts.default_factory(), isinstance(graph, dict))
plain = defaultdict(None)
try:
    plain["missing"]
except KeyError as exc:
    print("KeyError:", exc)
print(letter_counts.get("q"), "q" in letter_counts)
