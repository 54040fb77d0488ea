# Exercises a priority queue class with a sift-up/sift-down binary heap, tie-breaking counters, peek/update and __len__.
class PriorityQueue:
    def __init__(self):
        self._heap = []
        self._counter = 0

    def push(self, priority, item):
        entry = (priority, self._counter, item)
        self._counter += 1
        self._heap.append(entry)
        self._sift_up(len(self._heap) - 1)

    def pop(self):
        if not self._heap:
            raise IndexError("pop from empty priority queue")
        self._swap(0, len(self._heap) - 1)
        priority, _, item = self._heap.pop()
        if self._heap:
            self._sift_down(0)
        return priority, item

    def peek(self):
        return (self._heap[0][0], self._heap[0][2]) if self._heap else None

    def _swap(self, i, j):
        self._heap[i], self._heap[j] = self._heap[j], self._heap[i]

    def _sift_up(self, i):
        while i and self._heap[i] < self._heap[(i - 1) // 2]:
            self._swap(i, (i - 1) // 2)
            i = (i - 1) // 2

    def _sift_down(self, i):
        n = len(self._heap)
        while True:
            small = i
            for c in (2 * i + 1, 2 * i + 2):
                if c < n and self._heap[c] < self._heap[small]:
                    small = c
            if small == i:
                return
            self._swap(i, small)
            i = small

    def __len__(self):
        return len(self._heap)


pq = PriorityQueue()
tasks = [(3, "write report"), (1, "fix outage"), (2, "review PR"), (1, "call customer"), (5, "lunch"), (2, "deploy")]
for prio, task in tasks:
    pq.push(prio, task)
print(len(pq), pq.peek())
while pq:
    print(pq.pop())
try:
    pq.pop()
except IndexError as exc:
    print("IndexError:", exc)
events = PriorityQueue()
for t, name in [(9.5, "close"), (0.0, "open"), (4.25, "rush"), (4.25, "restock")]:
    events.push(t, name)
print([events.pop() for _ in range(len(events))])
