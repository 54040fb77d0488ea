# Exercises bitwise operators (& | ^ ~ << >>) on permission flags and bit tricks.
READ, WRITE, EXECUTE, DELETE = 1, 2, 4, 8
NAMES = {READ: "read", WRITE: "write", EXECUTE: "execute", DELETE: "delete"}


def describe(flags):
    return "|".join(name for bit, name in NAMES.items() if flags & bit) or "none"


perms = READ | WRITE
print(perms, describe(perms))
perms |= EXECUTE
print(perms, describe(perms))
perms &= ~WRITE
print(perms, describe(perms))
perms ^= DELETE | READ
print(perms, describe(perms))
print(~0, ~5, ~-1, -5 & 0xFF, -1 >> 3, 1 << 10, 1024 >> 3)
print(0b1100 & 0b1010, 0b1100 | 0b1010, 0b1100 ^ 0b1010)


def popcount(n):
    count = 0
    while n:
        n &= n - 1
        count += 1
    return count


def is_power_of_two(n):
    return n > 0 and n & (n - 1) == 0


for n in (0, 1, 6, 7, 8, 255, 1024, 1023):
    print(n, bin(n), popcount(n), is_power_of_two(n), n >> 1, n << 2)

a, b = 12, 25
a ^= b
b ^= a
a ^= b
print("swapped", a, b)
mask = (1 << 16) - 1
value = 0x12345678
print(hex(value & mask), hex(value >> 16), hex((value << 4) & 0xFFFFFFFF))
print(1 << 62, (1 << 62) >> 61, -(1 << 40) >> 38)
print(True & False, True | False, True ^ True, type(True & 1).__name__)
