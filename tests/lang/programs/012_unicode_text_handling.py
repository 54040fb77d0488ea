# Exercises non-ASCII str handling: len, indexing, ord/chr, simple upper/lower, sorting and escapes.
words = ["café", "naïve", "señor", "λόγος"]
for w in words:
    print(w, len(w), w[0], w[-1], repr(w))
print([w.upper() for w in words[:3]])
print(ord("é"), ord("λ"), chr(955), chr(233), "\u03bb" == "λ")
print("é" == "\u00e9", "\u00e9" == "\xe9")
arrow = "\u2192"
print(f"a {arrow} b", len(arrow), len(f"a {arrow} b"))
print(sorted(["zebra", "éclair", "apple", "Zulu"]))
print("ÀÉÎ".lower(), "àéî".upper())
snowman = "\u2603"
print(snowman * 3, [ord(c) for c in "añb"])
text = "naïve café"
print(text.split(" "), text.find("café"), text.replace("ï", "i"))
print("".join(reversed("λόγος")), "λόγος"[1:3])
counts = {}
for ch in "mañana":
    counts[ch] = counts.get(ch, 0) + 1
print(counts)
print("ñ".isalpha(), "é1".isalpha(), "12".isdigit())
