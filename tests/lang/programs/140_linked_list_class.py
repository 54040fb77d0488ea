# Exercises a singly linked list class: append/prepend/remove/reverse, __iter__, __len__, __getitem__, __repr__.
class _Node:
    def __init__(self, value, next=None):
        self.value = value
        self.next = next


class LinkedList:
    def __init__(self, items=()):
        self.head = None
        self._size = 0
        for item in items:
            self.append(item)

    def append(self, value):
        node = _Node(value)
        if self.head is None:
            self.head = node
        else:
            cur = self.head
            while cur.next:
                cur = cur.next
            cur.next = node
        self._size += 1

    def prepend(self, value):
        self.head = _Node(value, self.head)
        self._size += 1

    def remove(self, value):
        prev, cur = None, self.head
        while cur:
            if cur.value == value:
                if prev:
                    prev.next = cur.next
                else:
                    self.head = cur.next
                self._size -= 1
                return True
            prev, cur = cur, cur.next
        return False

    def reverse(self):
        prev, cur = None, self.head
        while cur:
            cur.next, prev, cur = prev, cur, cur.next
        self.head = prev

    def __iter__(self):
        cur = self.head
        while cur:
            yield cur.value
            cur = cur.next

    def __len__(self):
        return self._size

    def __getitem__(self, index):
        if index < 0:
            index += self._size
        for i, v in enumerate(self):
            if i == index:
                return v
        raise IndexError("linked list index out of range")

    def __repr__(self):
        return " -> ".join(map(repr, self)) or "<empty>"


ll = LinkedList([3, 1, 4])
ll.append(1)
ll.prepend(9)
print(ll, len(ll), ll[0], ll[-1], ll[2])
print(ll.remove(1), ll, ll.remove(42), len(ll))
ll.reverse()
print(ll, list(ll), sum(ll), 4 in ll)
empty = LinkedList()
print(empty, len(empty), bool(empty), list(empty))
empty.reverse()
try:
    ll[10]
except IndexError as exc:
    print("IndexError:", exc)
words = LinkedList("the quick brown fox".split())
print(words, max(words, key=len), sorted(words))
