# Exercises mutual recursion: is_even/is_odd, and a nested-list parser with mutually recursive functions.
def is_even(n):
    return True if n == 0 else is_odd(n - 1)


def is_odd(n):
    return False if n == 0 else is_even(n - 1)


print([is_even(n) for n in range(6)], is_odd(101))


def parse_value(s, i):
    if s[i] == "[":
        return parse_list(s, i + 1)
    j = i
    while j < len(s) and (s[j].isdigit() or s[j] == "-"):
        j += 1
    return int(s[i:j]), j


def parse_list(s, i):
    items = []
    if s[i] == "]":
        return items, i + 1
    while True:
        value, i = parse_value(s, i)
        items.append(value)
        if s[i] == ",":
            i += 1
        elif s[i] == "]":
            return items, i + 1
        else:
            raise ValueError(f"unexpected {s[i]!r} at {i}")


def parse(s):
    value, end = parse_value(s.replace(" ", ""), 0)
    return value


for text in ["[1,2,3]", "[[1,[2]],[],-3]", "42", "[ [ ], [ [ ] ] ]"]:
    print(text, "->", parse(text))
try:
    parse("[1;2]")
except ValueError as exc:
    print("ValueError:", exc)


def count_nodes(tree):
    return 1 + count_children(tree[1:])


def count_children(children):
    return sum(count_nodes(c) for c in children)


tree = ("root", ("a", ("a1",), ("a2",)), ("b",), ("c", ("c1", ("c1x",))))
print(count_nodes(tree))
