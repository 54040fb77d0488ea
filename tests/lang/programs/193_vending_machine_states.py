# Exercises a vending machine with state classes, coin handling with integer cents, change making and error paths.
class VendingError(Exception):
    pass


class Machine:
    COINS = (200, 100, 25, 10, 5)

    def __init__(self, stock):
        self.stock = dict(stock)
        self.balance = 0
        self.state = "idle"
        self.bank = {c: 5 for c in self.COINS}

    def insert(self, cents):
        if cents not in self.COINS:
            raise VendingError(f"rejected coin {cents}")
        self.balance += cents
        self.bank[cents] += 1
        self.state = "has_money"

    def make_change(self, amount):
        change = []
        for coin in self.COINS:
            while amount >= coin and self.bank[coin] > 0:
                amount -= coin
                self.bank[coin] -= 1
                change.append(coin)
        if amount:
            raise VendingError("cannot make exact change")
        return change

    def select(self, item):
        if self.state != "has_money":
            raise VendingError("insert money first")
        if item not in self.stock:
            raise VendingError(f"unknown item {item!r}")
        price, count = self.stock[item]
        if count == 0:
            raise VendingError(f"{item} sold out")
        if self.balance < price:
            raise VendingError(f"{item} costs {price}, balance {self.balance}")
        change = self.make_change(self.balance - price)
        self.stock[item] = (price, count - 1)
        self.balance = 0
        self.state = "idle"
        return item, change


vm = Machine({"cola": (125, 2), "chips": (90, 1), "gum": (35, 0)})
script = [("select", "cola"), ("insert", 100), ("insert", 3), ("select", "cola"), ("insert", 100),
          ("select", "cola"), ("insert", 100), ("select", "chips"), ("insert", 25), ("insert", 10),
          ("select", "gum"), ("select", "water"), ("insert", 200), ("select", "cola"), ("insert", 200), ("select", "cola")]
for action, arg in script:
    try:
        result = getattr(vm, action)(arg)
        print(f"{action:<6} {arg!s:<6} -> {result} (state={vm.state}, balance={vm.balance})")
    except VendingError as exc:
        print(f"{action:<6} {arg!s:<6} !! {exc}")
print(vm.stock, sum(c * n for c, n in vm.bank.items()))
