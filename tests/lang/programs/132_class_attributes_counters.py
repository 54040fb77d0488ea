# Exercises class attributes vs instance attributes: shared mutable state, shadowing, counters via the class.
class Ticket:
    next_number = 1
    issued = []
    prefix = "T"

    def __init__(self, owner):
        self.number = Ticket.next_number
        Ticket.next_number += 1
        Ticket.issued.append(self)
        self.owner = owner

    def code(self):
        return f"{self.prefix}{self.number:04d}"


class VipTicket(Ticket):
    prefix = "VIP"


tickets = [Ticket("ann"), VipTicket("bo"), Ticket("cy")]
print([t.code() for t in tickets], Ticket.next_number, len(Ticket.issued))
tickets[0].prefix = "X"
print(tickets[0].code(), tickets[2].code(), Ticket.prefix)
Ticket.prefix = "N"
print([t.code() for t in tickets])
del tickets[0].prefix
print(tickets[0].code())


class Buggy:
    items = []

    def add(self, x):
        self.items.append(x)


class Fixed:
    def __init__(self):
        self.items = []

    def add(self, x):
        self.items.append(x)


b1, b2 = Buggy(), Buggy()
b1.add(1)
b2.add(2)
f1, f2 = Fixed(), Fixed()
f1.add(1)
f2.add(2)
print(b1.items, b2.items, b1.items is b2.items, f1.items, f2.items)


class Config:
    defaults = {"retries": 3}
    debug = False


c = Config()
c.debug = True
print(c.debug, Config.debug, "debug" in vars(c), vars(Config)["defaults"] if "defaults" in vars(Config) else None)
print(sorted(k for k in vars(c)), getattr(Config, "retries", "no attr"))
