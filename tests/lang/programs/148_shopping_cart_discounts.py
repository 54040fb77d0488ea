# Exercises a shopping cart with pluggable discount rules (functions and callables), rounding and a receipt.
class Product:
    def __init__(self, name, price, category):
        self.name, self.price, self.category = name, price, category


class Cart:
    def __init__(self):
        self.lines = {}

    def add(self, product, qty=1):
        current = self.lines.get(product.name, (product, 0))[1]
        self.lines[product.name] = (product, current + qty)

    def remove(self, name, qty=1):
        product, current = self.lines[name]
        if qty >= current:
            del self.lines[name]
        else:
            self.lines[name] = (product, current - qty)

    def subtotal(self):
        return sum(p.price * q for p, q in self.lines.values())


def bulk_discount(cart):
    saved = 0.0
    for p, q in cart.lines.values():
        if q >= 3:
            saved += p.price * q * 0.10
    return "bulk 10% on 3+", saved


class CategorySale:
    def __init__(self, category, percent):
        self.category, self.percent = category, percent

    def __call__(self, cart):
        saved = sum(p.price * q for p, q in cart.lines.values() if p.category == self.category) * self.percent / 100
        return f"{self.category} sale {self.percent}%", saved


def threshold_coupon(cart):
    return "coupon $5 over $50", 5.0 if cart.subtotal() > 50 else 0.0


catalog = {
    "tea": Product("tea", 4.5, "grocery"),
    "mug": Product("mug", 12.0, "kitchen"),
    "pan": Product("pan", 29.99, "kitchen"),
    "jam": Product("jam", 3.25, "grocery"),
}
cart = Cart()
for name, qty in [("tea", 2), ("mug", 1), ("jam", 4), ("tea", 1), ("pan", 1), ("mug", 1)]:
    cart.add(catalog[name], qty)
cart.remove("mug")
rules = [bulk_discount, CategorySale("kitchen", 15), threshold_coupon]
print(f"{'item':<6}{'qty':>4}{'price':>8}{'total':>9}")
for p, q in cart.lines.values():
    print(f"{p.name:<6}{q:>4}{p.price:>8.2f}{p.price * q:>9.2f}")
subtotal = cart.subtotal()
print(f"{'subtotal':<18}{subtotal:>9.2f}")
total_saved = 0.0
for rule in rules:
    label, saved = rule(cart)
    if saved:
        total_saved += saved
        print(f"  {label:<22}-{saved:.2f}")
print(f"{'total':<18}{subtotal - total_saved:>9.2f}")
print(round(total_saved, 2), len(cart.lines), sorted(cart.lines))
