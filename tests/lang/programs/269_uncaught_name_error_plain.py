# Exercises an uncaught NameError for a name with no similar candidates (no "Did you mean" suggestion).
def report(items):
    for item in items:
        print("item:", item)
    return frobnicate_widget(items)


report(["a", "b"])
