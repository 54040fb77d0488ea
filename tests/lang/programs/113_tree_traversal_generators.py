# Exercises recursive generators over a binary tree class: in/pre/post-order, level order and path finding.
class Node:
    def __init__(self, value, left=None, right=None):
        self.value = value
        self.left = left
        self.right = right


def inorder(node):
    if node:
        yield from inorder(node.left)
        yield node.value
        yield from inorder(node.right)


def preorder(node):
    if node:
        yield node.value
        yield from preorder(node.left)
        yield from preorder(node.right)


def postorder(node):
    if node:
        yield from postorder(node.left)
        yield from postorder(node.right)
        yield node.value


def level_order(root):
    level = [root] if root else []
    depth = 0
    while level:
        yield depth, [n.value for n in level]
        level = [c for n in level for c in (n.left, n.right) if c]
        depth += 1


def paths(node, prefix=()):
    if node is None:
        return
    here = prefix + (node.value,)
    if not node.left and not node.right:
        yield here
    yield from paths(node.left, here)
    yield from paths(node.right, here)


tree = Node(8, Node(3, Node(1), Node(6, Node(4), Node(7))), Node(10, None, Node(14, Node(13))))
print("in:  ", list(inorder(tree)))
print("pre: ", list(preorder(tree)))
print("post:", list(postorder(tree)))
for depth, values in level_order(tree):
    print(f"depth {depth}: {values}")
for p in paths(tree):
    print(" -> ".join(map(str, p)), "sum", sum(p))
print(list(inorder(None)), max(inorder(tree)), sum(1 for _ in preorder(tree)))
