# Exercises an observer/event bus: subscribing bound methods and lambdas, priorities, unsubscribe, once-handlers, errors.
class EventBus:
    def __init__(self):
        self.handlers = {}

    def on(self, event, handler, priority=0, once=False):
        self.handlers.setdefault(event, []).append((priority, len(self.handlers.get(event, [])), handler, once))
        self.handlers[event].sort(key=lambda h: (-h[0], h[1]))

    def off(self, event, handler):
        before = len(self.handlers.get(event, []))
        self.handlers[event] = [h for h in self.handlers.get(event, []) if h[2] != handler]
        return before - len(self.handlers[event])

    def emit(self, event, **payload):
        results = []
        for entry in list(self.handlers.get(event, [])):
            _, _, handler, once = entry
            if once:
                self.handlers[event].remove(entry)
            try:
                results.append(handler(**payload))
            except Exception as exc:
                results.append(f"error: {type(exc).__name__}: {exc}")
        return results


class Auditor:
    def __init__(self):
        self.seen = []

    def record(self, **payload):
        self.seen.append(tuple(sorted(payload.items())))
        return "audited"


bus = EventBus()
auditor = Auditor()
bus.on("login", auditor.record)
bus.on("login", lambda user, **_: f"welcome {user}", priority=10)
bus.on("login", lambda user, **_: f"first-login bonus for {user}", once=True)
bus.on("purchase", lambda amount, **_: f"charged {amount:.2f}")
bus.on("purchase", lambda amount, **_: 100 / amount, priority=-1)
print(bus.emit("login", user="ann"))
print(bus.emit("login", user="bob", ip="10.0.0.1"))
print(bus.emit("purchase", amount=25.0))
print(bus.emit("purchase", amount=0))
print(bus.emit("logout", user="ann"))
print(bus.off("login", auditor.record), bus.emit("login", user="cy"))
print(auditor.seen)
