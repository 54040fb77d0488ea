# Exercises sorted() on strings, tuple keys in dicts, grouping anagrams and finding palindromic substrings.
WORDS = ["listen", "silent", "enlist", "google", "gooegl", "cat", "act", "tac", "dog", "god", "level", "rotor"]

groups = {}
for w in WORDS:
    key = "".join(sorted(w))
    groups.setdefault(key, []).append(w)
for key in sorted(groups):
    members = groups[key]
    if len(members) > 1:
        print(key, members)
singles = [g[0] for g in groups.values() if len(g) == 1]
print("singles:", singles)


def longest_palindrome(s):
    best = ""
    for center in range(len(s)):
        for lo, hi in ((center, center), (center, center + 1)):
            while lo >= 0 and hi < len(s) and s[lo] == s[hi]:
                lo -= 1
                hi += 1
            if hi - lo - 1 > len(best):
                best = s[lo + 1:hi]
    return best


for s in ["babad", "cbbd", "forgeeksskeegfor", "a", "abacdfgdcaba"]:
    print(s, "->", longest_palindrome(s))
print([w for w in WORDS if w == w[::-1]])
letter_sets = {tuple(sorted(set(w))) for w in WORDS}
print(len(letter_sets), sorted(letter_sets)[:3])
