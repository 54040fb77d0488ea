# Exercises grouping records with setdefault and get, nested aggregation and sorted reporting.
SALES = [
    ("2024-01", "north", "widgets", 120.0),
    ("2024-01", "south", "widgets", 80.5),
    ("2024-01", "north", "gadgets", 42.0),
    ("2024-02", "north", "widgets", 99.9),
    ("2024-02", "south", "gadgets", 300.0),
    ("2024-02", "east", "widgets", 15.25),
    ("2024-03", "south", "widgets", 60.0),
]

by_month = {}
by_region_product = {}
counts = {}
for month, region, product, amount in SALES:
    by_month.setdefault(month, []).append(amount)
    region_map = by_region_product.setdefault(region, {})
    region_map[product] = region_map.get(product, 0) + amount
    counts[product] = counts.get(product, 0) + 1

for month, amounts in by_month.items():
    print(f"{month}: n={len(amounts)} total={sum(amounts):8.2f} best={max(amounts)}")
for region in sorted(by_region_product):
    products = by_region_product[region]
    line = ", ".join(f"{p}={v:.1f}" for p, v in sorted(products.items()))
    print(f"{region:>6}: {line}")
print(counts)
top_region = max(by_region_product, key=lambda r: sum(by_region_product[r].values()))
print("top region:", top_region)
first_seen = {}
for i, (_, region, _, _) in enumerate(SALES):
    first_seen.setdefault(region, i)
print(first_seen)
