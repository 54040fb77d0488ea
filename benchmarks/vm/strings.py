# String building: str.join over generated pieces, f-strings with format
# specs, += concatenation, splitting and rejoining, replace/find/count, and
# a small CSV-like report.


def render_row(i):
    return f"{i:>6}|{i * 0.5:>10.2f}|{'x' * (i % 5):<5}|{i:08b}"


def caesar(text, shift):
    out = []
    for ch in text:
        if "a" <= ch <= "z":
            out.append(chr((ord(ch) - 97 + shift) % 26 + 97))
        else:
            out.append(ch)
    return "".join(out)


def to_csv(records):
    lines = []
    for name, qty, price in records:
        lines.append(",".join([name, str(qty), f"{price:.2f}"]))
    return "\n".join(lines)


def parse_csv(text):
    total = 0.0
    for line in text.splitlines():
        name, qty, price = line.split(",")
        total += int(qty) * float(price)
    return total


rows = [render_row(i) for i in range(200_000)]
table = "\n".join(rows)
print("table:", len(table), table.count("xx"), rows[12345])

def label(i):
    # Short strings grown piece by piece, the way messages are usually built.
    s = "item"
    s += str(i % 1000)
    if i % 3 == 0:
        s += "-fizz"
    if i % 5 == 0:
        s += "-buzz"
    s += ":" + str(i * 7 % 13)
    return s


labels = [label(i) for i in range(200_000)]
print("concatenated:", sum(len(s) for s in labels), labels[-1], labels[15])

text = "the quick brown fox jumps over the lazy dog " * 6000
secret = caesar(text, 13)
print("caesar:", secret[:20], caesar(secret, 13) == text)

records = [(f"item{i % 300}", i % 17, (i % 1000) / 8) for i in range(100_000)]
csv = to_csv(records)
print(f"csv: {len(csv)} {parse_csv(csv):.2f}")

words = text.split()
title = " ".join(w.upper() if len(w) > 4 else w for w in words[:20])
print("title:", title)
replaced = text.replace("fox", "wolf").replace("dog", "cat")
print("replaced:", replaced.find("wolf"), replaced.count("cat"), replaced.find("lazy", 1000))
parts = [w.strip("aeiou").center(9, "*") for w in words]
print("parts:", len("".join(parts)), parts[3])
