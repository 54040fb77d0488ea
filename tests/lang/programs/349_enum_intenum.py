# enum: IntEnum members compare, hash, sort, compute, index and format as their ints; str is the int's (3.11)
from enum import IntEnum, Enum


class Priority(IntEnum):
    LOW = 1
    MEDIUM = 5
    HIGH = 10


print(Priority.LOW, repr(Priority.HIGH), str(Priority.MEDIUM), f"{Priority.HIGH}", format(Priority.LOW, "03d"))
print(Priority.LOW == 1, 1 == Priority.LOW, Priority.HIGH > Priority.MEDIUM, Priority.LOW < 3, 7 > Priority.MEDIUM)
print(Priority.HIGH + 1, 2 * Priority.MEDIUM, Priority.HIGH - Priority.LOW, Priority.HIGH // 3, Priority.HIGH / 4)
print(-Priority.LOW, abs(Priority.HIGH), Priority.MEDIUM % 3, Priority.HIGH ** 2, Priority.MEDIUM << 1)
print(int(Priority.MEDIUM), float(Priority.LOW), bool(Priority.LOW))
print(sorted([Priority.HIGH, Priority.LOW, Priority.MEDIUM]), max(Priority), min(list(Priority)))
print(Priority(5), Priority["HIGH"], Priority(10) is Priority.HIGH)
print([10, 20, 30, 40, 50, 60][Priority.MEDIUM], list(range(Priority.MEDIUM)))
table = {1: "one", 5: "five"}
print(table[Priority.LOW], {Priority.MEDIUM: "m"}[5], hash(Priority.LOW) == hash(1))
print(sum(Priority), Priority.LOW.value, Priority.HIGH.name, "%d items" % Priority.MEDIUM)
print(f"{Priority.MEDIUM:>4}|{Priority.LOW:<3}|{Priority.HIGH:x}")


class Zero(IntEnum):
    NONE = 0
    SOME = 1


print(bool(Zero.NONE), bool(Zero.SOME), Zero.NONE or "empty")
print(Zero.SOME == Priority.LOW, Zero.NONE != 0)


class Plain(Enum):
    ONE = 1


print(Plain.ONE == 1, Priority.LOW == Plain.ONE)
try:
    Plain.ONE < Plain.ONE
except TypeError as e:
    print("TypeError:", e)
try:
    Priority(2)
except ValueError as e:
    print("ValueError:", e)
