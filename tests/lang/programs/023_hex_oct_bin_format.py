# Exercises hex/oct/bin builtins and format() with x, o, b, padding and alternate forms.
def dump(label, n):
    print(f"{label:<6}{n:>8}  hex={hex(n):<10} oct={oct(n):<10} bin={bin(n)}")


for label, n in [("zero", 0), ("small", 7), ("byte", 255), ("neg", -42), ("word", 65535)]:
    dump(label, n)

print(format(255, "x"), format(255, "X"), format(255, "#x"), format(255, "08b"), format(-10, "b"))
print(format(8, "o"), format(8, "#o"), format(1000, "_x"), format(2 ** 20, ","), format(2 ** 20, "_"))


def hexdump(values, width=4):
    lines = []
    for start in range(0, len(values), width):
        chunk = values[start:start + width]
        hexes = " ".join(f"{v:02x}" for v in chunk)
        text = "".join(chr(v) if 32 <= v < 127 else "." for v in chunk)
        lines.append(f"{start:04x}: {hexes:<{width * 3 - 1}}  {text}")
    return lines


data = [ord(c) for c in "Hi!\n\tok"] + [0, 127, 200]
for line in hexdump(data):
    print(line)
color = (18, 52, 86)
code = "#" + "".join(f"{c:02X}" for c in color)
print(code, tuple(int(code[i:i + 2], 16) for i in (1, 3, 5)))
print(int(bin(37), 2), int(oct(37), 8), int(hex(37), 16))
