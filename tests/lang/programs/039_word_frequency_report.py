# Exercises dict counting, sorting by (-count, word), string cleanup and a formatted frequency report.
TEXT = """It was the best of times, it was the worst of times, it was the age of
wisdom, it was the age of foolishness, it was the epoch of belief, it was the
epoch of incredulity, it was the season of Light, it was the season of Darkness."""

STOP = {"it", "was", "the", "of"}


def tokenize(text):
    cleaned = "".join(c.lower() if c.isalpha() else " " for c in text)
    return cleaned.split()


words = tokenize(TEXT)
counts = {}
for w in words:
    counts[w] = counts.get(w, 0) + 1
print("total words:", len(words), "distinct:", len(counts))
ranked = sorted(counts.items(), key=lambda kv: (-kv[1], kv[0]))
for word, n in ranked[:6]:
    print(f"{word:<12}{n:>3} {'#' * n}")
content = {w: n for w, n in counts.items() if w not in STOP}
print(sorted(content.items(), key=lambda kv: (-kv[1], kv[0]))[:5])
lengths = {}
for w in counts:
    lengths.setdefault(len(w), []).append(w)
for length in sorted(lengths):
    print(length, sorted(lengths[length]))
first_letters = sorted({w[0] for w in words})
print("".join(first_letters))
print(max(counts, key=lambda w: (len(w), w)), min(counts, key=len))
