# Exercises a push-based coroutine pipeline (send, priming, yield from), walrus filters and while/else draining.
def printer(prefix):
    while True:
        item = yield
        print(f"{prefix}{item}")


def threshold(target, limit):
    while True:
        reading = yield
        if (excess := reading["value"] - limit) > 0:
            target.send(f"{reading['sensor']} over by {excess:.1f}")


def smoother(target, window=3):
    history = []
    while True:
        reading = yield
        history.append(reading["value"])
        if len(history) > window:
            history.pop(0)
        target.send({"sensor": reading["sensor"], "value": sum(history) / len(history)})


def primed(gen):
    next(gen)
    return gen


def relay(target):
    count = yield from counter_loop(target)
    print("relay finished after", count)


def counter_loop(target):
    n = 0
    while (item := (yield)) is not None:
        n += 1
        target.send(item)
    return n


sink = primed(printer("ALERT: "))
pipeline = primed(smoother(primed(threshold(sink, 20.0))))
readings = [("t1", 18.0), ("t1", 22.5), ("t1", 25.0), ("t1", 19.0), ("t1", 30.5), ("t1", 10.0)]
queue = [{"sensor": s, "value": v} for s, v in readings]
while queue:
    pipeline.send(queue.pop(0))
else:
    print("queue drained")
r = primed(relay(primed(printer("relayed: "))))
for word in ["alpha", "beta"]:
    r.send(word)
try:
    r.send(None)
except StopIteration:
    print("relay generator stopped")
