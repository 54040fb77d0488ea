# Exercises sorted/list.sort with key, reverse, multi-level tuple keys and stability guarantees.
employees = [
    ("Dana", "eng", 120, 5),
    ("Ali", "ops", 95, 3),
    ("Chen", "eng", 120, 2),
    ("Bea", "ops", 110, 7),
    ("Eli", "eng", 101, 5),
    ("Fay", "hr", 95, 1),
]
print([e[0] for e in sorted(employees)])
print([e[0] for e in sorted(employees, key=lambda e: e[2])])
print([e[0] for e in sorted(employees, key=lambda e: e[2], reverse=True)])
print([e[0] for e in sorted(employees, key=lambda e: (e[1], -e[2], e[0]))])
by_years = sorted(employees, key=lambda e: e[3])
by_dept_then_years = sorted(by_years, key=lambda e: e[1])
print([(e[1], e[3], e[0]) for e in by_dept_then_years])
nums = [3, -1, 4, -1, 5, -9, 2, 6]
print(sorted(nums, key=abs), sorted(nums, key=abs, reverse=True))
print(sorted("Sorting Letters"), sorted("banana", reverse=True))
print(sorted({"b": 2, "a": 3, "c": 1}), sorted({"b": 2, "a": 3, "c": 1}.items(), key=lambda kv: kv[1]))
nums.sort(key=lambda n: (n % 2, n))
print(nums)
print(sorted([(1, "b"), (1, "a"), (0, "z")]), sorted([[2], [1, 5], [1]]))
words = ["aa", "b", "cc", "d", "eee"]
print(sorted(words, key=len), sorted(words, key=len, reverse=True))
print(sorted([]), sorted(range(5), reverse=True), sorted((3, 1, 2)))
