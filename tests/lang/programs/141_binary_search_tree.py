# Exercises a binary search tree class: recursive insert/search/delete, height, in-order generator and min/max.
class BST:
    class Node:
        def __init__(self, key):
            self.key = key
            self.left = None
            self.right = None

    def __init__(self):
        self.root = None
        self.size = 0

    def insert(self, key):
        def _insert(node):
            if node is None:
                self.size += 1
                return BST.Node(key)
            if key < node.key:
                node.left = _insert(node.left)
            elif key > node.key:
                node.right = _insert(node.right)
            return node
        self.root = _insert(self.root)

    def __contains__(self, key):
        node = self.root
        while node:
            if key == node.key:
                return True
            node = node.left if key < node.key else node.right
        return False

    def delete(self, key):
        def _delete(node, key):
            if node is None:
                return None
            if key < node.key:
                node.left = _delete(node.left, key)
            elif key > node.key:
                node.right = _delete(node.right, key)
            else:
                if node.left is None:
                    self.size -= 1
                    return node.right
                if node.right is None:
                    self.size -= 1
                    return node.left
                successor = node.right
                while successor.left:
                    successor = successor.left
                node.key = successor.key
                node.right = _delete(node.right, successor.key)
            return node
        self.root = _delete(self.root, key)

    def height(self, node="root"):
        if node == "root":
            node = self.root
        if node is None:
            return 0
        return 1 + max(self.height(node.left), self.height(node.right))

    def __iter__(self):
        def walk(node):
            if node:
                yield from walk(node.left)
                yield node.key
                yield from walk(node.right)
        return walk(self.root)

    def __len__(self):
        return self.size


t = BST()
for k in [50, 30, 70, 20, 40, 60, 80, 35, 45, 65, 30]:
    t.insert(k)
print(list(t), len(t), t.height())
print(35 in t, 36 in t, min(t), max(t))
for k in (20, 30, 50, 99):
    t.delete(k)
    print(f"after deleting {k}: {list(t)} size={len(t)} height={t.height()}")
words = BST()
for w in "the quick brown fox jumps over the lazy dog".split():
    words.insert(w)
print(list(words), len(words))
