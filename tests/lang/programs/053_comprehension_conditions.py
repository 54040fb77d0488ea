# Exercises list/dict/set comprehensions with if filters, if-else expressions and multiple fors.
nums = range(-5, 16)
print([n for n in nums if n % 3 == 0])
print([n if n >= 0 else -n for n in nums if n % 4 == 0])
print([n for n in nums if n > 0 if n % 2])
squares = {n: n * n for n in range(6)}
print(squares)
print({n % 5 for n in nums}, sorted({n % 7 for n in nums if n > 3}))
words = ["apple", "Bob", "kayak", "level", "python", "Noon"]
print([w for w in words if w.lower() == w.lower()[::-1]])
print({w: len(w) for w in words if len(w) > 4})
print([(w, i) for i, w in enumerate(words) if i % 2 == 0])
grid = [[(r, c) for c in range(3) if c != r] for r in range(3)]
print(grid)
fizz = ["FizzBuzz" if i % 15 == 0 else "Fizz" if i % 3 == 0 else "Buzz" if i % 5 == 0 else str(i)
        for i in range(1, 16)]
print(" ".join(fizz))
text = "the rain in spain stays mainly"
print({ch: text.count(ch) for ch in sorted(set(text)) if ch != " " and text.count(ch) > 2})
prices = {"apple": 1.2, "melon": 3.5, "kiwi": 0.5, "mango": 2.25}
print({k.upper(): round(v * 1.1, 2) for k, v in prices.items() if v > 1})
print([x * y for x in range(1, 4) for y in range(x, 4) if (x + y) % 2 == 0])
x = "outer"
print([x for x in "ab"], x)
