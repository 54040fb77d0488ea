# Exercises greedy word wrapping and full justification built from split, join, divmod and ljust.
TEXT = ("Python programs in the subset should print exactly what CPython prints, "
        "byte for byte, which makes a text formatter a good test of string handling "
        "and integer arithmetic.")


def wrap(text, width):
    lines, current = [], []
    for word in text.split():
        if current and len(" ".join(current + [word])) > width:
            lines.append(current)
            current = []
        current.append(word)
    if current:
        lines.append(current)
    return lines


def justify(words, width):
    if len(words) == 1:
        return words[0].ljust(width)
    gaps = len(words) - 1
    spaces = width - sum(len(w) for w in words)
    base, extra = divmod(spaces, gaps)
    out = ""
    for i, w in enumerate(words[:-1]):
        out += w + " " * (base + (1 if i < extra else 0))
    return out + words[-1]


for width in (30, 44):
    print(f"--- width {width} ---")
    lines = wrap(TEXT, width)
    for i, words in enumerate(lines):
        last = i == len(lines) - 1
        line = " ".join(words).ljust(width) if last else justify(words, width)
        print("|" + line + "|")
print(len(wrap(TEXT, 10)), [len(l) for l in wrap("a bb ccc dddd", 4)])
