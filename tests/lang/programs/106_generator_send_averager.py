# Exercises generator.send(): priming with next(), running averages, coroutine-style accumulators and return values.
def averager():
    total = 0.0
    count = 0
    average = None
    while True:
        value = yield average
        if value is None:
            break
        total += value
        count += 1
        average = total / count
    return count, average


avg = averager()
print(next(avg))
for v in [10, 20, 30, 5]:
    print(f"sent {v}, average now {avg.send(v)}")
try:
    avg.send(None)
except StopIteration as stop:
    print("finished with", stop.value)


def echo_upper():
    received = []
    reply = "ready"
    while True:
        msg = yield reply
        if msg == "quit":
            return received
        received.append(msg)
        reply = msg.upper()


e = echo_upper()
print(e.send(None))
print(e.send("hello"), e.send("world"))
try:
    e.send("quit")
except StopIteration as stop:
    print("history:", stop.value)


def running_max():
    best = None
    while True:
        x = yield best
        if best is None or x > best:
            best = x


rm = running_max()
next(rm)
print([rm.send(x) for x in [3, 1, 4, 1, 5, 9, 2, 6]])
fresh = averager()
try:
    fresh.send(5)
except TypeError as exc:
    print("TypeError:", exc)
