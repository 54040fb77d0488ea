from collections import ChainMap, UserDict, UserList
base = {'a': 1, 'b': 2}; over = {'b': 20, 'c': 30}
cm = ChainMap(over, base)
print(cm['a'], cm['b'], cm['c'], len(cm), sorted(cm), 'a' in cm, cm.get('z', 0), cm)
cm['d'] = 4; print(over, cm.maps[0] is over)
child = cm.new_child(); child['a'] = 100; print(child['a'], cm['a'], child.parents['a'], len(child.maps))
try:
    del cm['a']
except KeyError as e:
    print("KeyError", e)
print(sorted(cm.items()), sorted(cm.keys()), dict(cm) == {'a': 1, 'b': 20, 'c': 30, 'd': 4})
class Lower(UserDict):
    def __setitem__(self, k, v):
        super().__setitem__(k.lower(), v)
d = Lower(A=1); d['B'] = 2; d.update({'C': 3})
print(d, len(d), 'a' in d, d.get('b'), sorted(d.keys()), d == {'a': 1, 'b': 2, 'c': 3})
class Missing(UserDict):
    def __missing__(self, k): return k * 2
print(Missing()['ab'])
ul = UserList([3, 1, 2]); ul.append(0); ul.sort(); print(ul, ul[1:], len(ul), ul + [9], [7] + ul, ul * 2, ul == [0, 1, 2, 3])
class Stack(UserList):
    def push(self, x): self.append(x)
s = Stack(); s.push(1); s.push(2); print(s, s.pop(), s, isinstance(s[:1], Stack))
