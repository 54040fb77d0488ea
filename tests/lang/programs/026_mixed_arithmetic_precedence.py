# Exercises operator precedence, unary minus, mixing int/float, true division and augmented ops.
print(2 + 3 * 4, (2 + 3) * 4, 2 * 3 ** 2, -2 ** 2, (-2) ** 2, 10 - 4 - 3, 2 ** -1)
print(100 / 10 / 5, 100 // 10 // 3, 7 % 4 * 3, 7 * 4 % 3, -7 // 2 * 2)
print(1 + 2.0, 3 * 1.5, 7 / 2, 8 / 2, type(8 / 2).__name__, 7 // 2.0, 2 ** 0.5 * 2 ** 0.5)
print(not 1 + 1 == 2, not (1 + 1 == 3), 1 + 2 == 3 and 2 * 2 == 4 or False)
print(3 & 5 | 2, 3 | 5 & 2, 1 << 2 + 1, -3 ** 2 + 10, ~3 + 1)
total = 10
total += 5
total -= 3
total *= 4
total //= 5
total **= 2
total %= 50
print(total)
f = 2.0
f /= 8
f += 1
f *= 3
print(f)
s = "ab"
s *= 3
s += "!"
print(s)
items = [1]
items += [2, 3]
items *= 2
print(items)
t = (1,)
t += (2,)
print(t)
x = 7
x <<= 3
x >>= 1
x |= 1
x &= 0b111101
x ^= 0b100
print(x)
print(round(0.1 * 3 - 0.3, 17), 1e3 * 1e-3, 3 * (1 / 3))
print(-(-5), +(-5), - - 5, abs(-(3 - 10)))
