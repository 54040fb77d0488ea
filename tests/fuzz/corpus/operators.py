x = 5
x += 1; x -= 1; x *= 2; x //= 3; x %= 7; x **= 2; x <<= 1; x >>= 1; x &= 15; x |= 16; x ^= 3
y = -x + +x - ~x * 2 ** -1 / 3 // 1 % 5 @ 1 if False else not x or x and x
z = 1 < x <= 10 != 11 is not None in [1] not in []
