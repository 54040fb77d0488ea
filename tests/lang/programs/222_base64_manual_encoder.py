# Exercises bit manipulation with shifts/masks: a hand-written base64 encoder/decoder over character codes, and hex dumps.
ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/"


def b64encode(text):
    data = [ord(c) for c in text]
    out = []
    for i in range(0, len(data), 3):
        chunk = data[i:i + 3]
        n = 0
        for byte in chunk:
            n = (n << 8) | byte
        n <<= 8 * (3 - len(chunk))
        chars = [ALPHABET[(n >> shift) & 0x3F] for shift in (18, 12, 6, 0)]
        keep = len(chunk) + 1
        out.append("".join(chars[:keep]) + "=" * (4 - keep))
    return "".join(out)


def b64decode(code):
    data = []
    for i in range(0, len(code), 4):
        quad = code[i:i + 4]
        pad = quad.count("=")
        n = 0
        for ch in quad.rstrip("="):
            n = (n << 6) | ALPHABET.index(ch)
        n <<= 6 * pad
        for shift in (16, 8, 0)[:3 - pad]:
            data.append((n >> shift) & 0xFF)
    return "".join(chr(b) for b in data)


for s in ["", "f", "fo", "foo", "foob", "fooba", "foobar", "Hello, World!", "refc~ints"]:
    enc = b64encode(s)
    print(f"{s!r:<16} {enc:<22} {b64decode(enc) == s}")
word = "Man"
bits = "".join(f"{ord(c):08b}" for c in word)
print(bits, [bits[i:i + 6] for i in range(0, 24, 6)], [int(bits[i:i + 6], 2) for i in range(0, 24, 6)])
print(" ".join(f"{ord(c):02x}" for c in "base64!"), hex(int("".join(f"{ord(c):08b}" for c in "AB"), 2)))
