# Exercises Stack and Queue classes (list-backed and two-stack queue) used for bracket matching and BFS ordering.
class Stack:
    def __init__(self):
        self._items = []

    def push(self, item):
        self._items.append(item)

    def pop(self):
        if not self._items:
            raise IndexError("pop from empty stack")
        return self._items.pop()

    def peek(self):
        return self._items[-1] if self._items else None

    def __len__(self):
        return len(self._items)


class Queue:
    def __init__(self):
        self._in, self._out = [], []

    def enqueue(self, item):
        self._in.append(item)

    def dequeue(self):
        if not self._out:
            while self._in:
                self._out.append(self._in.pop())
        if not self._out:
            raise IndexError("dequeue from empty queue")
        return self._out.pop()

    def __len__(self):
        return len(self._in) + len(self._out)


PAIRS = {")": "(", "]": "[", "}": "{"}


def check_brackets(text):
    s = Stack()
    for i, ch in enumerate(text):
        if ch in "([{":
            s.push((ch, i))
        elif ch in PAIRS:
            if not s or s.peek()[0] != PAIRS[ch]:
                return f"mismatch at {i}: {ch!r}"
            s.pop()
    return "balanced" if not s else f"unclosed {s.peek()[0]!r} at {s.peek()[1]}"


for text in ["(a[b]{c})", "(]", "((x)", "", "{[()()]}", "a)b"]:
    print(f"{text!r:12} {check_brackets(text)}")
q = Queue()
for i in range(3):
    q.enqueue(i)
print(q.dequeue(), len(q))
q.enqueue(3)
q.enqueue(4)
print([q.dequeue() for _ in range(len(q))])
for structure, op in ((Stack(), "pop"), (Queue(), "dequeue")):
    try:
        getattr(structure, op)()
    except IndexError as exc:
        print("IndexError:", exc)
