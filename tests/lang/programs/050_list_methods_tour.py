# Exercises list methods: append, extend, insert, remove, pop, index, count, reverse, sort, clear, copy.
todo = []
todo.append("write tests")
todo.append("fix bug")
todo.extend(["review", "deploy"])
todo.insert(0, "coffee")
todo.insert(-1, "lunch")
todo.insert(100, "sleep")
print(todo, len(todo))
todo.remove("lunch")
last = todo.pop()
first = todo.pop(0)
print(first, last, todo)
print(todo.index("review"), todo.count("fix bug"), todo.count("nothing"))
todo.extend(todo[:2])
print(todo, todo.index("fix bug", 2))
todo.reverse()
print(todo)
todo.sort()
print(todo)
todo.sort(key=len, reverse=True)
print(todo)
snapshot = todo.copy()
todo.clear()
print(todo, snapshot, len(snapshot))
numbers = [5, 3, 8, 1, 9, 2]
result = numbers.sort()
print(result, numbers)
numbers.extend(range(3))
numbers.extend("ab")
print(numbers)
nested = [[3, "c"], [1, "a"], [2, "b"], [1, "z"]]
nested.sort()
print(nested)
stack = []
for token in "3 4 + 2 *".split():
    if token.isdigit():
        stack.append(int(token))
    else:
        rhs, lhs = stack.pop(), stack.pop()
        stack.append(lhs + rhs if token == "+" else lhs * rhs)
print("rpn:", stack)
