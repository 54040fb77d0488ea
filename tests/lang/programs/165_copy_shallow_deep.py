# Exercises copy.copy and copy.deepcopy on nested lists/dicts, user objects, shared references and cycles.
import copy


class Node:
    def __init__(self, name, children=None):
        self.name = name
        self.children = children or []

    def __repr__(self):
        return f"Node({self.name!r}, {self.children!r})"


config = {"name": "base", "layers": [{"size": 3}, {"size": 4}], "tags": ("a", ["b"])}
shallow = copy.copy(config)
deep = copy.deepcopy(config)
config["layers"][0]["size"] = 99
config["tags"][1].append("c")
config["name"] = "changed"
print(shallow)
print(deep)
print(shallow["layers"] is config["layers"], deep["layers"] is config["layers"])
tree = Node("root", [Node("a"), Node("b", [Node("b1")])])
t_shallow = copy.copy(tree)
t_deep = copy.deepcopy(tree)
tree.children[1].children.append(Node("b2"))
tree.name = "ROOT"
print(t_shallow)
print(t_deep)
print(t_shallow.children is tree.children, t_deep.children[0] is tree.children[0])
shared = [1, 2]
holder = [shared, shared]
dup = copy.deepcopy(holder)
print(dup[0] is dup[1], dup[0] is shared)
cyclic = [1]
cyclic.append(cyclic)
cyc_copy = copy.deepcopy(cyclic)
print(cyc_copy[1] is cyc_copy, cyc_copy[1] is cyclic, len(cyc_copy))
nums = [1, 2, 3]
print(copy.copy(nums) == nums, copy.copy(nums) is nums, copy.copy((1, 2)) == (1, 2))
print(copy.deepcopy({"k": {1, 2}}), copy.copy("immutable"))
