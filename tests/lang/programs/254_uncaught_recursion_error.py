# Exercises an uncaught RecursionError from a function that recurses without a base case.
def depth_of(node):
    return 1 + depth_of(node)


tree = {"children": []}
print("measuring depth of a tree with a missing base case")
print(depth_of(tree))
