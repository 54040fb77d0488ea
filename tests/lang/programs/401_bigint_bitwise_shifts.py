# Bitwise operators and shifts on ints of any size: & | ^ ~ << >> with negative values (two's complement semantics), bit_length, bit_count
a = 2 ** 100 + 12345
b = -(2 ** 90) - 7
print(a & b, a | b, a ^ b, ~a, ~b)
print(a & 0xFF, b & 0xFFFF, a | 1, b | 1, a ^ -1)
print(-1 & a == a, 0 | b == b, a ^ a)
print(1 << 64, 1 << 100, -1 << 70, 3 << 62, 5 << 61)
print(a >> 1, a >> 64, a >> 100, a >> 200, b >> 1, b >> 89, b >> 90, b >> 91, b >> 1000)
print((1 << 200) >> 199, ((1 << 64) - 1) >> 63, type((1 << 64) >> 1))
print(9223372036854775807 << 1, (-9223372036854775807 - 1) << 1, 1 << 63)
x = 1
for i in range(10):
    x = (x << 13) | i
print(x, x.bit_length(), x.bit_count())
print((2 ** 100).bit_length(), (-(2 ** 100)).bit_length(), (2 ** 100 - 1).bit_length())
print((2 ** 100 - 1).bit_count(), (-(2 ** 100 - 1)).bit_count(), (0).bit_length(), (-1).bit_count())
print((2 ** 64) & (2 ** 64 - 1), (2 ** 64) | (2 ** 64 - 1), (-(2 ** 64)) ^ (2 ** 64))
print(True & 2 ** 70, (2 ** 70 + 1) & True, True | (2 ** 66))
m = 0
for k in [3, 70, 64, 129]:
    m |= 1 << k
print(m, bin(m), [k for k in range(140) if m >> k & 1])
print(hex(~(2 ** 80)), oct(-(2 ** 70)), bin(2 ** 65 + 3))
v = 2 ** 72
v >>= 10
v <<= 3
v &= 2 ** 66 - 1
v ^= 5
print(v)
