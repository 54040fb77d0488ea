# Exercises a scripted text adventure: rooms as dicts, inventory set, command parsing with partition, and game state.
ROOMS = {
    "hall": {"desc": "a dusty hall", "exits": {"north": "library", "east": "kitchen"}, "items": ["lamp"]},
    "library": {"desc": "shelves of old books", "exits": {"south": "hall"}, "items": ["key", "book"]},
    "kitchen": {"desc": "a cold kitchen", "exits": {"west": "hall", "down": "cellar"}, "items": []},
    "cellar": {"desc": "a dark cellar", "exits": {"up": "kitchen"}, "items": ["treasure"], "locked": True},
}


class Game:
    def __init__(self):
        self.room = "hall"
        self.inventory = set()
        self.moves = 0
        self.over = False

    def do(self, line):
        verb, _, noun = line.strip().lower().partition(" ")
        self.moves += 1
        handler = getattr(self, "cmd_" + verb, None)
        if handler is None:
            return f"I don't know how to {verb!r}."
        return handler(noun)

    def cmd_look(self, _):
        room = ROOMS[self.room]
        items = ", ".join(room["items"]) or "nothing"
        return f"You are in {room['desc']}. Exits: {', '.join(sorted(room['exits']))}. You see: {items}."

    def cmd_go(self, direction):
        target = ROOMS[self.room]["exits"].get(direction)
        if target is None:
            return "You can't go that way."
        if ROOMS[target].get("locked"):
            if "key" not in self.inventory:
                return "The door is locked."
            ROOMS[target]["locked"] = False
        self.room = target
        return self.cmd_look("")

    def cmd_take(self, item):
        items = ROOMS[self.room]["items"]
        if item not in items:
            return f"There is no {item} here."
        items.remove(item)
        self.inventory.add(item)
        if item == "treasure":
            self.over = True
            return "You found the treasure! You win."
        return f"Taken: {item}."

    def cmd_inventory(self, _):
        return "You carry: " + (", ".join(sorted(self.inventory)) or "nothing")


game = Game()
script = ["look", "take lamp", "go east", "go down", "go west", "go north", "take key", "take sword",
          "dance", "inventory", "go south", "go east", "go down", "take treasure"]
for line in script:
    print(f"> {line}")
    print(game.do(line))
    if game.over:
        break
print(game.moves, sorted(game.inventory), game.room)
