# Exercises adjacent string literal concatenation plus implicit and explicit line joining.
message = ("The quick brown fox "
           'jumps over '
           """the lazy dog""")
print(message)
print(len(message))

header = "id" "," "name" "," "score"
print(header)

total = 1 + \
    2 + \
    3
print(total)

matrix = [
    [1, 2, 3],
    [4, 5, 6],   # a comment inside brackets
    [7, 8, 9],
]
print(matrix)

settings = {
    "width": 80,
    "height": 24,
    # comment line inside a dict display
    "title": "term"
             "inal",
}
print(settings)


def area(width,
         height,
         scale=1):
    return (width *
            height *
            scale)


print(area(3,
           4),
      area(2, 5,
           scale=3))

if (total > 5 and
        len(message) > 10):
    print("both conditions hold")

long_condition = total == 6 and \
    header.startswith("id")
print(long_condition)
words = ["alpha", "beta",
         "gamma"]
print(", ".join(w.upper()
                for w in words
                if w != "beta"))
