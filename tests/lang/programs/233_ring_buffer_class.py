# Exercises a fixed-capacity ring buffer class: modular indexing, overwrite on full, __len__/__getitem__/__iter__/__repr__.
class RingBuffer:
    def __init__(self, capacity):
        if capacity <= 0:
            raise ValueError("capacity must be positive")
        self.capacity = capacity
        self.buf = [None] * capacity
        self.start = 0
        self.size = 0
        self.dropped = 0

    def push(self, item):
        end = (self.start + self.size) % self.capacity
        self.buf[end] = item
        if self.size == self.capacity:
            self.start = (self.start + 1) % self.capacity
            self.dropped += 1
        else:
            self.size += 1

    def pop_oldest(self):
        if not self.size:
            raise IndexError("pop from empty ring buffer")
        item = self.buf[self.start]
        self.buf[self.start] = None
        self.start = (self.start + 1) % self.capacity
        self.size -= 1
        return item

    def __len__(self):
        return self.size

    def __getitem__(self, i):
        if i < 0:
            i += self.size
        if not 0 <= i < self.size:
            raise IndexError("ring buffer index out of range")
        return self.buf[(self.start + i) % self.capacity]

    def __iter__(self):
        for i in range(self.size):
            yield self[i]

    def __repr__(self):
        return f"RingBuffer({list(self)}, cap={self.capacity}, dropped={self.dropped})"


rb = RingBuffer(4)
for x in range(1, 7):
    rb.push(x * 10)
    print(rb, "raw:", rb.buf)
print(rb[0], rb[-1], len(rb), sum(rb), list(reversed(list(rb))))
print(rb.pop_oldest(), rb.pop_oldest(), rb)
rb.push("a")
rb.push("b")
rb.push("c")
print(rb, rb.buf)
while len(rb):
    rb.pop_oldest()
for bad in (lambda: rb.pop_oldest(), lambda: rb[0], lambda: RingBuffer(0)):
    try:
        bad()
    except (IndexError, ValueError) as exc:
        print(type(exc).__name__, exc)
