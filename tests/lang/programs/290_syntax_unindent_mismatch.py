# Exercises an IndentationError: unindent does not match any outer indentation level.
def summarize(items):
    count = 0
    for item in items:
        count += 1
      print(count)
    return count


summarize([1, 2])
