# Exercises str.find, str.index, str.count and the in operator with start/end arguments.
text = "the cat sat on the mat with the hat"
print(text.find("the"), text.find("the", 1), text.find("the", 20), text.find("dog"))
print(text.index("cat"), text.index("at", 6), text.count("at"), text.count("the"), text.count(""))
print(text.count("t", 0, 10), text.find("at", 5, 9), text.find(""), text.find("", 100))
print("at" in text, "dog" not in text, hasattr(text, "find"), text.find("hat"))


def all_positions(haystack, needle):
    positions = []
    start = 0
    while True:
        pos = haystack.find(needle, start)
        if pos == -1:
            return positions
        positions.append(pos)
        start = pos + 1


print(all_positions(text, "at"), all_positions("aaaa", "aa"), all_positions("abc", "z"))


def extract_between(s, left, right):
    try:
        i = s.index(left) + len(left)
        j = s.index(right, i)
    except ValueError as exc:
        return f"missing ({exc})"
    return s[i:j]


print(extract_between("key=<value>;", "<", ">"))
print(extract_between("no brackets", "<", ">"))
print(extract_between("<open only", "<", ">"))
vowels = {v: text.count(v) for v in "aeiou"}
print(vowels, sum(vowels.values()))
print("banana".count("ana"), "banana".find("na", -3), "banana".index("a", -2))
