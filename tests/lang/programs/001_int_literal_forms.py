# Exercises int literals: decimal, hex, octal, binary, underscores, and int() with bases.
MASKS = {
    "read": 0b100,
    "write": 0b010,
    "exec": 0b001,
}

dec = 1_000_000
hexa = 0xFF_FF
hexa_upper = 0XdeadBEEF
octa = 0o7_55
octa_upper = 0O17
bina = 0b1010_1010
bina_upper = 0B11
zero = 0
many_zeros = 000

print(dec, hexa, hexa_upper, octa, octa_upper, bina, bina_upper, zero, many_zeros)
print(type(dec).__name__, dec == 10 ** 6)
print(0x10 + 0o10 + 0b10 + 10)
print(-0x7F, -0o777, -0b1)


def describe_mode(mode):
    names = [name for name, bit in MASKS.items() if mode & bit]
    return "".join(n[0] for n in names) or "-"


for mode in (0o7, 0o6, 0o5, 0o4, 0o0):
    print(oct(mode), bin(mode), describe_mode(mode))

print(int("ff", 16), int("0xff", 16), int("777", 8), int("0o777", 0), int("1_000", 10))
print(int("-101", 2), int("z", 36), int("  42  "), int("+7"))
print(int("0b1101", 0), int("0x1F", 0), int("12", 0))
big = 9_223_372_036_854_775_807
print(big, big == 2 ** 62 - 1 + 2 ** 62, hex(big))
print(1_2_3 + 4_5_6)
