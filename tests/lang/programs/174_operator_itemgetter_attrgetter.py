# Exercises operator.itemgetter, attrgetter and methodcaller as sort keys and extractors, including multiple fields.
from operator import itemgetter, attrgetter, methodcaller


class Employee:
    def __init__(self, name, dept, salary, manager=None):
        self.name, self.dept, self.salary, self.manager = name, dept, salary, manager

    def __repr__(self):
        return self.name


boss = Employee("Zed", "exec", 300)
staff = [
    Employee("Ann", "eng", 120, boss),
    Employee("Bob", "ops", 90, boss),
    Employee("Cid", "eng", 150, boss),
    Employee("Dee", "ops", 90, boss),
]
print(sorted(staff, key=attrgetter("salary")))
print(sorted(staff, key=attrgetter("dept", "name")))
print(sorted(staff, key=attrgetter("salary", "name"), reverse=True))
print(list(map(attrgetter("manager.name"), staff[:2])), attrgetter("name", "salary")(staff[2]))
rows = [("pear", 3, 0.5), ("apple", 10, 0.25), ("fig", 3, 1.25), ("kiwi", 7, 0.75)]
print(sorted(rows, key=itemgetter(1)))
print(sorted(rows, key=itemgetter(1, 0)))
print(list(map(itemgetter(0), rows)), itemgetter(0, 2)(rows[1]), itemgetter(-1)("xyz"))
print(max(rows, key=itemgetter(2)), min(rows, key=itemgetter(2)))
records = [{"id": 3, "tag": "b"}, {"id": 1, "tag": "a"}, {"id": 2, "tag": "b"}]
print(sorted(records, key=itemgetter("tag", "id")), itemgetter("id")(records[0]))
get_slice = itemgetter(slice(1, 3))
print(get_slice("abcdef"), get_slice([1, 2, 3, 4]))
upper = methodcaller("upper")
split_comma = methodcaller("split", ",")
replace = methodcaller("replace", "a", "@", 1)
print(upper("shout"), split_comma("a,b,c"), replace("banana"), list(map(methodcaller("strip"), [" x ", "y "])))
