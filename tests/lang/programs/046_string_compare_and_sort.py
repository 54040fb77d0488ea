# Exercises lexicographic str comparison, case-insensitive and natural sort keys, and sorted stability.
names = ["bob", "Alice", "carol", "alice", "Bob", "dave", "Eve", "eve"]
print(sorted(names))
print(sorted(names, key=str.lower))
print(sorted(names, key=lambda s: (s.lower(), s)))
print(sorted(names, key=len, reverse=True))
print("a" < "b", "B" < "a", "abc" < "abd", "ab" < "abc", "" < "a", "Z" < "a" < "z")
print(max(names), min(names), max(names, key=str.lower), min(names, key=lambda s: s[::-1]))

files = ["file10.txt", "file2.txt", "file1.txt", "File3.txt", "file20.txt", "file02.txt"]


def natural_key(s):
    key, num = [], ""
    for ch in s.lower():
        if ch.isdigit():
            num += ch
        else:
            if num:
                key.append((0, int(num), ""))
                num = ""
            key.append((1, 0, ch))
    if num:
        key.append((0, int(num), ""))
    return key


print(sorted(files))
print(sorted(files, key=natural_key))
records = [("x", 3), ("y", 1), ("z", 3), ("w", 1), ("v", 2)]
print(sorted(records, key=lambda r: r[1]))
print(sorted(records, key=lambda r: r[1], reverse=True))
print([ord(c) for c in "Aa"], "apple".upper() == "APPLE", "ß" > "z")
