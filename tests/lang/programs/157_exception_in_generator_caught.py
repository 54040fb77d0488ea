# Exercises exceptions raised inside generators: propagation to the consumer, generator state afterwards, cleanup.
def parse_numbers(lines):
    for lineno, line in enumerate(lines, 1):
        try:
            yield int(line)
        except ValueError:
            raise ValueError(f"line {lineno}: not a number: {line!r}")


data = ["1", "2", "three", "4"]
gen = parse_numbers(data)
got = []
try:
    for n in gen:
        got.append(n)
except ValueError as exc:
    print("consumer caught:", exc)
print(got, next(gen, "generator is finished"))


def guarded(items):
    for item in items:
        try:
            yield 10 / item
        except ZeroDivisionError:
            yield float("inf")
        finally:
            print(f"  processed {item}")


print(list(guarded([2, 0, 5])))


def resource():
    print("  acquire")
    try:
        yield "r1"
        yield "r2"
    finally:
        print("  release")


for r in resource():
    print("using", r)
    if r == "r1":
        break
print("after break")


def faulty():
    yield 1
    raise KeyError("from generator")


try:
    print(sum(faulty()))
except KeyError as exc:
    print("sum failed:", exc)
