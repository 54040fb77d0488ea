# Exercises a table-driven state machine: dict transitions, timers, events, invalid transitions and a trace log.
TRANSITIONS = {
    ("red", "timer"): "green",
    ("green", "timer"): "yellow",
    ("yellow", "timer"): "red",
    ("red", "emergency"): "red",
    ("green", "emergency"): "red",
    ("yellow", "emergency"): "red",
    ("red", "maintenance"): "flashing",
    ("flashing", "resume"): "red",
}
DURATIONS = {"red": 30, "green": 25, "yellow": 5, "flashing": 0}


class TrafficLight:
    def __init__(self):
        self.state = "red"
        self.clock = 0
        self.history = [(0, "red")]

    def fire(self, event):
        key = (self.state, event)
        if key not in TRANSITIONS:
            return f"ignored {event!r} in {self.state}"
        if event == "timer":
            self.clock += DURATIONS[self.state]
        old, self.state = self.state, TRANSITIONS[key]
        self.history.append((self.clock, self.state))
        return f"{old} --{event}--> {self.state}"


light = TrafficLight()
events = ["timer", "timer", "timer", "timer", "emergency", "resume", "maintenance", "timer", "resume", "timer"]
for e in events:
    print(f"t={light.clock:>3} {light.fire(e)}")
print(light.history)
time_in = {}
for (t0, s), (t1, _) in zip(light.history, light.history[1:]):
    time_in[s] = time_in.get(s, 0) + (t1 - t0)
print(time_in)
reachable = set()
frontier = ["red"]
while frontier:
    s = frontier.pop()
    if s in reachable:
        continue
    reachable.add(s)
    frontier.extend(dst for (src, _), dst in TRANSITIONS.items() if src == s)
print(sorted(reachable))
