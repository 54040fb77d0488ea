# Exercises a trie of nested dicts/classes: insert, prefix search, counting, deletion and ranked autocompletion.
class TrieNode:
    def __init__(self):
        self.children = {}
        self.count = 0
        self.terminal = False


class Trie:
    def __init__(self):
        self.root = TrieNode()

    def insert(self, word, weight=1):
        node = self.root
        for ch in word:
            node = node.children.setdefault(ch, TrieNode())
        node.terminal = True
        node.count += weight

    def _find(self, prefix):
        node = self.root
        for ch in prefix:
            node = node.children.get(ch)
            if node is None:
                return None
        return node

    def contains(self, word):
        node = self._find(word)
        return bool(node and node.terminal)

    def words(self, prefix=""):
        node = self._find(prefix)
        out = []

        def walk(n, path):
            if n.terminal:
                out.append((path, n.count))
            for ch in sorted(n.children):
                walk(n.children[ch], path + ch)

        if node:
            walk(node, prefix)
        return out

    def complete(self, prefix, k=3):
        return [w for w, _ in sorted(self.words(prefix), key=lambda wc: (-wc[1], wc[0]))[:k]]

    def delete(self, word):
        node = self._find(word)
        if node and node.terminal:
            node.terminal = False
            node.count = 0
            return True
        return False


t = Trie()
corpus = "to tea ted ten inn in tea team tear ten ten to tomato tomb tome"
for w in corpus.split():
    t.insert(w)
print(t.words())
print(t.words("te"), t.words("x"))
print(t.complete("t"), t.complete("to", 5), t.complete("in"))
print(t.contains("tea"), t.contains("te"), t.contains("tomb"))
print(t.delete("ten"), t.delete("te"), t.complete("te"))
print(len(t.words()), sum(c for _, c in t.words()))
