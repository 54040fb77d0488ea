# Exercises an elevator controller simulation: direction state, request sets, stepping, and a SCAN-like stop order.
class Elevator:
    def __init__(self, floors, start=0):
        self.floors = floors
        self.floor = start
        self.direction = 0
        self.requests = set()
        self.log = []

    def request(self, floor):
        if not 0 <= floor < self.floors:
            self.log.append(f"ignored request for floor {floor}")
            return
        self.requests.add(floor)

    def choose_direction(self):
        if not self.requests:
            return 0
        above = [f for f in self.requests if f > self.floor]
        below = [f for f in self.requests if f < self.floor]
        if self.direction >= 0 and above:
            return 1
        if self.direction <= 0 and below:
            return -1
        return 1 if above else -1

    def step(self):
        if self.floor in self.requests:
            self.requests.discard(self.floor)
            self.log.append(f"stop at {self.floor}")
            return True
        self.direction = self.choose_direction()
        if self.direction == 0:
            return False
        self.floor += self.direction
        return True

    def run(self, max_steps=100):
        steps = 0
        while (self.requests or self.floor in self.requests) and steps < max_steps:
            self.step()
            steps += 1
        return steps


e = Elevator(10, start=3)
for f in (7, 1, 5, 12, 3):
    e.request(f)
steps = e.run()
print(steps, e.floor, e.log)
e.request(0)
e.request(9)
print(e.run(), e.floor, e.log[-2:])
idle = Elevator(5)
print(idle.run(), idle.step(), idle.log)
