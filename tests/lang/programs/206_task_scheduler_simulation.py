# Exercises a round-robin CPU scheduler simulation: deque-free queue with lists, time slices, stats per process.
class Process:
    def __init__(self, pid, arrival, burst, priority):
        self.pid, self.arrival, self.burst, self.priority = pid, arrival, burst, priority
        self.remaining = burst
        self.start = None
        self.finish = None

    def __repr__(self):
        return f"P{self.pid}"


def round_robin(procs, quantum):
    time, queue, timeline = 0, [], []
    pending = sorted(procs, key=lambda p: (p.arrival, p.pid))
    while pending or queue:
        while pending and pending[0].arrival <= time:
            queue.append(pending.pop(0))
        if not queue:
            time = pending[0].arrival
            continue
        p = queue.pop(0)
        if p.start is None:
            p.start = time
        run = min(quantum, p.remaining)
        timeline.append((time, p.pid, run))
        time += run
        p.remaining -= run
        while pending and pending[0].arrival <= time:
            queue.append(pending.pop(0))
        if p.remaining:
            queue.append(p)
        else:
            p.finish = time
    return timeline


def make():
    return [Process(1, 0, 5, 2), Process(2, 1, 3, 1), Process(3, 2, 8, 3), Process(4, 12, 2, 1), Process(5, 30, 4, 2)]


for q in (2, 4):
    procs = make()
    timeline = round_robin(procs, q)
    print(f"quantum={q}")
    print("  " + " ".join(f"[{t}:P{pid}x{run}]" for t, pid, run in timeline))
    for p in procs:
        turnaround = p.finish - p.arrival
        waiting = turnaround - p.burst
        print(f"  {p!r}: start={p.start:>2} finish={p.finish:>2} turnaround={turnaround:>2} waiting={waiting:>2}")
    avg_wait = sum(p.finish - p.arrival - p.burst for p in procs) / len(procs)
    print(f"  average waiting: {avg_wait:.2f}")
by_priority = sorted(make(), key=lambda p: (p.priority, -p.burst))
print(by_priority, [p.burst for p in by_priority])
