# Exercises str.replace (with count), startswith/endswith (tuples, offsets) in a file router.
FILES = ["report.pdf", "photo.JPG", "notes.txt", "archive.tar.gz", "README", "draft_v2.txt", ".hidden"]


def category(name):
    lower = name.lower()
    if lower.startswith("."):
        return "hidden"
    if lower.endswith((".jpg", ".png")):
        return "image"
    if lower.endswith(".tar.gz") or lower.endswith(".zip"):
        return "archive"
    if lower.endswith((".txt", ".md")) or "." not in lower:
        return "text"
    return "other"


for f in FILES:
    print(f"{f:<16}{category(f)}")
print("hello world".replace("o", "0"), "hello world".replace("o", "0", 1), "aaa".replace("a", "bb", 2))
print("abc".replace("", "-"), "spaces  here".replace("  ", " "), "none".replace("x", "y"))
print("prefix_name".startswith("pre"), "prefix_name".startswith("name", 7), "abc".endswith("b", 0, 2))
print("abc".startswith(""), "".endswith(""), "Tab".startswith(("t", "T")))


def slugify(title):
    s = title.lower()
    for ch in "!?,.'":
        s = s.replace(ch, "")
    s = s.replace(" ", "-")
    while "--" in s:
        s = s.replace("--", "-")
    return s.strip("-")


for t in ["Hello, World!", "  What's   New?  ", "A.B.C"]:
    print(repr(t), "->", slugify(t))
template = "Dear NAME, your order ORDER ships DATE."
filled = template.replace("NAME", "Kim").replace("ORDER", "#77").replace("DATE", "today")
print(filled)
