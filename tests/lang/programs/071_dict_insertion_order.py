# Exercises dict insertion ordering: re-assignment keeps position, delete+reinsert moves to end, iteration.
d = {}
for key in ["zeta", "alpha", "mid", "beta"]:
    d[key] = len(key)
print(list(d), d)
d["alpha"] = 100
print(list(d))
del d["zeta"]
d["zeta"] = 0
print(list(d))
d.pop("mid")
d["mid"] = -1
print(d)
print(list(d.items())[0], next(iter(d)), next(reversed(d)))
ordered_events = {}
for ts, event in [(5, "start"), (3, "init"), (9, "stop"), (3, "reinit")]:
    ordered_events[ts] = event
print(ordered_events)
print(dict(sorted(ordered_events.items())))
try:
    for k in d:
        d[k + "!"] = 1
except RuntimeError as exc:
    print("RuntimeError:", exc)
for k in list(d):
    if k.startswith("b"):
        del d[k]
print(d)
print({1: "a", 2: "b"} == {2: "b", 1: "a"}, list({3: 0, 1: 0, 2: 0}))
mirror = {v: k for k, v in {"a": 1, "b": 2, "c": 1}.items()}
print(mirror)
