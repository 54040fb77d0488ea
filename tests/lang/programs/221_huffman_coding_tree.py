# Exercises Huffman compression: frequency counting, a sorted-list priority queue with tie-break counters, codes, round trip.
def build_codes(text):
    freq = {}
    for ch in text:
        freq[ch] = freq.get(ch, 0) + 1
    queue = [(n, i, ch) for i, (ch, n) in enumerate(sorted(freq.items()))]
    counter = len(queue)
    queue.sort()
    while len(queue) > 1:
        n1, _, left = queue.pop(0)
        n2, _, right = queue.pop(0)
        node = (n1 + n2, counter, (left, right))
        counter += 1
        idx = 0
        while idx < len(queue) and queue[idx][:2] < node[:2]:
            idx += 1
        queue.insert(idx, node)
    codes = {}

    def walk(node, prefix):
        if isinstance(node, str):
            codes[node] = prefix or "0"
            return
        walk(node[0], prefix + "0")
        walk(node[1], prefix + "1")

    walk(queue[0][2], "")
    return freq, codes


def encode(text, codes):
    return "".join(codes[ch] for ch in text)


def decode(bits, codes):
    reverse = {v: k for k, v in codes.items()}
    out, cur = [], ""
    for b in bits:
        cur += b
        if cur in reverse:
            out.append(reverse[cur])
            cur = ""
    return "".join(out)


for text in ["abracadabra", "mississippi river", "aaaa", "the quick brown fox jumps over the lazy dog"]:
    freq, codes = build_codes(text)
    bits = encode(text, codes)
    ok = decode(bits, codes) == text
    print(f"{text!r}: {len(bits)} bits vs {8 * len(text)} raw, ok={ok}")
    print("   ", sorted(codes.items(), key=lambda kv: (len(kv[1]), kv[0]))[:6])
