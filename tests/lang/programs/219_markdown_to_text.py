# Exercises a markdown-ish to plain-text renderer: headings, lists, emphasis stripping, links and wrapped paragraphs.
DOC = """# Release Notes

Version **2.1** brings *faster* parsing and [better docs](https://example.org/docs).

## Changes
- Added `walrus` support
- Fixed **three** crashes
  - one in the lexer
  - two in the VM
1. Upgrade
2. Rebuild

Plain paragraph that is long enough that it will need to be wrapped across more than one output line here.
"""


def inline(text):
    out, i = [], 0
    while i < len(text):
        if text.startswith("**", i):
            j = text.index("**", i + 2)
            out.append(text[i + 2:j].upper())
            i = j + 2
        elif text[i] in "*`":
            j = text.index(text[i], i + 1)
            out.append(text[i + 1:j])
            i = j + 1
        elif text[i] == "[":
            close = text.index("]", i)
            end = text.index(")", close)
            out.append(f"{text[i + 1:close]} <{text[close + 2:end]}>")
            i = end + 1
        else:
            out.append(text[i])
            i += 1
    return "".join(out)


def wrap(text, width=40, prefix=""):
    lines, line = [], prefix
    for word in text.split():
        if len(line) + len(word) + 1 > width and line.strip():
            lines.append(line.rstrip())
            line = " " * len(prefix)
        line += word + " "
    lines.append(line.rstrip())
    return lines


def render(doc):
    out = []
    for raw in doc.splitlines():
        stripped = raw.lstrip()
        depth = (len(raw) - len(stripped)) // 2
        if raw.startswith("#"):
            level = len(raw) - len(raw.lstrip("#"))
            title = inline(raw[level:].strip())
            out.append(title.upper() if level == 1 else title)
            out.append(("=" if level == 1 else "-") * len(title))
        elif stripped.startswith("- "):
            out.extend(wrap(inline(stripped[2:]), prefix="  " * depth + "* "))
        elif stripped[:1].isdigit() and ". " in stripped:
            num, _, rest = stripped.partition(". ")
            out.extend(wrap(inline(rest), prefix=f"{num}) "))
        elif stripped:
            out.extend(wrap(inline(stripped)))
        else:
            out.append("")
    return out


for line in render(DOC):
    print(line)
