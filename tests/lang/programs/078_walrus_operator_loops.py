# Exercises the walrus operator := in while conditions, comprehensions, if tests and chunked reading.
data = [5, 3, 8, 0, 9, 1]
it = iter(data)
total = 0
while (n := next(it, 0)) != 0:
    total += n
print("sum before zero:", total)
values = [x * x for x in range(10)]
if (count := len(values)) > 5:
    print(f"long list of {count}")
print([y for x in range(8) if (y := x * 3) % 2 == 0])
print([(name, size) for name in ["a.txt", "big.bin", "c.md"] if (size := len(name) * 100) > 500])
stream = "the quick brown fox jumps over the lazy dog"
pos = 0
chunks = []
while (chunk := stream[pos:pos + 10]):
    chunks.append(chunk)
    pos += 10
print(chunks)
results = {}
for word in stream.split():
    if (length := len(word)) not in results:
        results[length] = []
    results[length].append(word)
print(results)


def parse(line):
    if (eq := line.find("=")) == -1:
        return None
    return line[:eq].strip(), line[eq + 1:].strip()


print([p for line in ["a = 1", "junk", "b=2"] if (p := parse(line))])
running = [total := 0] and [total := total + v for v in [1, 2, 3, 4]]
print(running, total)
print((z := 10) + z, z)
