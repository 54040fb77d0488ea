# Exercises run-length encoding/decoding with while loops, string building and round-trip checks.
def rle_encode(s):
    if not s:
        return ""
    out = []
    i = 0
    while i < len(s):
        j = i
        while j < len(s) and s[j] == s[i]:
            j += 1
        run = j - i
        out.append(f"{run}{s[i]}" if run > 1 else s[i])
        i = j
    return "".join(out)


def rle_decode(code):
    out = []
    count = ""
    for ch in code:
        if ch.isdigit():
            count += ch
        else:
            out.append(ch * (int(count) if count else 1))
            count = ""
    return "".join(out)


samples = ["aaabccdddd", "abc", "", "zzzzzzzzzzzz", "aabbaa", "x" * 25 + "yz"]
for s in samples:
    enc = rle_encode(s)
    dec = rle_decode(enc)
    ratio = len(enc) / len(s) if s else 0
    print(f"{s!r:32} -> {enc!r:14} ok={dec == s} ratio={ratio:.2f}")


def runs(seq):
    result = []
    for item in seq:
        if result and result[-1][0] == item:
            result[-1][1] += 1
        else:
            result.append([item, 1])
    return [tuple(r) for r in result]


print(runs([1, 1, 2, 3, 3, 3, 1]))
print(runs("mississippi"))
longest = max(runs("aabbbbccdddddde"), key=lambda r: r[1])
print("longest run:", longest)
