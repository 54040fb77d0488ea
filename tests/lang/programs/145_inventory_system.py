# Exercises an inventory system: classes with dict storage, custom exceptions, restock/sell flows and reports.
class InventoryError(Exception):
    pass


class OutOfStock(InventoryError):
    def __init__(self, sku, wanted, available):
        super().__init__(f"{sku}: wanted {wanted}, only {available} left")
        self.sku = sku


class Item:
    def __init__(self, sku, name, price, qty=0):
        self.sku, self.name, self.price, self.qty = sku, name, price, qty

    @property
    def value(self):
        return self.price * self.qty


class Inventory:
    def __init__(self):
        self.items = {}
        self.log = []

    def add(self, item):
        if item.sku in self.items:
            raise InventoryError(f"duplicate sku {item.sku}")
        self.items[item.sku] = item

    def restock(self, sku, qty):
        self.items[sku].qty += qty
        self.log.append(("restock", sku, qty))

    def sell(self, sku, qty):
        item = self.items.get(sku)
        if item is None:
            raise InventoryError(f"unknown sku {sku}")
        if qty > item.qty:
            raise OutOfStock(sku, qty, item.qty)
        item.qty -= qty
        self.log.append(("sell", sku, qty))
        return round(item.price * qty, 2)

    def low_stock(self, threshold=5):
        return sorted(i.sku for i in self.items.values() if i.qty < threshold)

    def report(self):
        lines = [f"{'SKU':<6}{'Name':<14}{'Qty':>5}{'Value':>10}"]
        for item in sorted(self.items.values(), key=lambda i: -i.value):
            lines.append(f"{item.sku:<6}{item.name:<14}{item.qty:>5}{item.value:>10.2f}")
        total = sum(i.value for i in self.items.values())
        lines.append(f"{'total':<25}{total:>10.2f}")
        return "\n".join(lines)


inv = Inventory()
for args in [("A1", "hammer", 12.5, 10), ("B2", "screws(100)", 4.99, 40), ("C3", "drill", 89.0, 2)]:
    inv.add(Item(*args))
revenue = 0.0
orders = [("A1", 3), ("C3", 5), ("B2", 40), ("Z9", 1), ("C3", 2), ("A1", 1)]
for sku, qty in orders:
    try:
        revenue += inv.sell(sku, qty)
        print(f"sold {qty} x {sku}")
    except OutOfStock as exc:
        print("out of stock:", exc, "| sku attr:", exc.sku)
    except InventoryError as exc:
        print("inventory error:", exc)
try:
    inv.add(Item("A1", "dup", 1))
except InventoryError as exc:
    print("inventory error:", exc)
inv.restock("B2", 15)
print(f"revenue: {revenue:.2f}", "low:", inv.low_stock())
print(inv.report())
print(inv.log)
