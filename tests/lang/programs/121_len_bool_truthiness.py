# Exercises __len__ and __bool__ on user containers: len(), truth tests, and __bool__ taking precedence.
class Playlist:
    def __init__(self, name, songs=()):
        self.name = name
        self.songs = list(songs)

    def __len__(self):
        return len(self.songs)

    def add(self, song):
        self.songs.append(song)
        return self


class Account:
    def __init__(self, balance):
        self.balance = balance

    def __bool__(self):
        return self.balance > 0

    def __len__(self):
        return 99


empty = Playlist("empty")
road = Playlist("road", ["a", "b", "c"])
print(len(empty), len(road), bool(empty), bool(road))
print("empty playlist is falsy" if not empty else "unexpected")
road.add("d").add("e")
print(len(road), road.songs[-2:])
accounts = [Account(10), Account(0), Account(-5)]
print([bool(a) for a in accounts], [len(a) for a in accounts])
active = [a.balance for a in accounts if a]
print(active)
print(any(accounts), all(accounts), sum(len(p) for p in [empty, road]))


class BadLen:
    def __len__(self):
        return -1


try:
    len(BadLen())
except ValueError as exc:
    print("ValueError:", exc)
queue = Playlist("queue", range(3))
while queue:
    print("playing", queue.songs.pop(0), "remaining", len(queue))
