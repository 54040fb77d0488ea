# Exercises raw string literals (r'', R"", raw triple-quoted) versus cooked ones.
pattern = r"\d+\.\d*"
windows = r"C:\Users\new\table"
cooked = "C:\\Users\\new\\table"
print(pattern, len(pattern))
print(windows)
print(windows == cooked, len(windows))
print(repr(r"\n"), repr("\n"), len(r"\n"), len("\n"))
print(R'raw with \t tab', r"quote \" kept")

raw_block = r"""first\line
second\tline"""
print(raw_block)
print(raw_block.splitlines())


def split_path(path):
    parts = []
    for piece in path.split("\\"):
        if piece:
            parts.append(piece)
    return parts


print(split_path(windows))
print("\\".join(split_path(windows)[1:]))
escapes = [r"\a", r"\b", r"\f", r"\v", r"\x41"]
print([len(e) for e in escapes])
print(" ".join(escapes))
print(f"{pattern!r} has {pattern.count(chr(92))} backslashes")
