# Exercises a generator-based tokenizer: character scanning, yielding (kind, text) tuples and error tokens.
KEYWORDS = {"let", "if", "else", "print"}


def tokenize(src):
    i = 0
    line = 1
    while i < len(src):
        ch = src[i]
        if ch == "\n":
            line += 1
            i += 1
        elif ch in " \t":
            i += 1
        elif ch == "#":
            while i < len(src) and src[i] != "\n":
                i += 1
        elif ch.isdigit():
            j = i
            while j < len(src) and (src[j].isdigit() or src[j] == "."):
                j += 1
            text = src[i:j]
            yield ("FLOAT" if "." in text else "INT", text, line)
            i = j
        elif ch.isalpha() or ch == "_":
            j = i
            while j < len(src) and (src[j].isalpha() or src[j].isdigit() or src[j] == "_"):
                j += 1
            word = src[i:j]
            yield ("KEYWORD" if word in KEYWORDS else "NAME", word, line)
            i = j
        elif ch == '"':
            j = src.find('"', i + 1)
            if j == -1:
                yield ("ERROR", "unterminated string", line)
                return
            yield ("STRING", src[i + 1:j], line)
            i = j + 1
        elif src[i:i + 2] in ("==", "!=", "<=", ">="):
            yield ("OP", src[i:i + 2], line)
            i += 2
        elif ch in "+-*/=<>(){};":
            yield ("OP", ch, line)
            i += 1
        else:
            yield ("ERROR", ch, line)
            i += 1
    yield ("EOF", "", line)


SOURCE = '''let x = 42;
let rate = 3.5  # comment
if (x >= 10) { print "big" } else { print x * rate; }
let bad = @;
print "oops'''
counts = {}
for kind, text, line in tokenize(SOURCE):
    counts[kind] = counts.get(kind, 0) + 1
    print(f"{line:>2} {kind:<8} {text!r}")
print(counts)
names = sorted({t for k, t, _ in tokenize(SOURCE) if k == "NAME"})
print(names)
