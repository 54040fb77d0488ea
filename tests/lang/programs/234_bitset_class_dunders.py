# Exercises a BitSet class over an int: __or__/__and__/__xor__/__sub__/__invert__, __contains__, __iter__, __len__, __eq__, __hash__.
class BitSet:
    def __init__(self, items=(), universe=64):
        self.universe = universe
        self.bits = 0
        for i in items:
            self.bits |= 1 << i

    @classmethod
    def _raw(cls, bits, universe):
        b = cls(universe=universe)
        b.bits = bits
        return b

    def __contains__(self, i):
        return bool(self.bits >> i & 1)

    def __iter__(self):
        bits, i = self.bits, 0
        while bits:
            if bits & 1:
                yield i
            bits >>= 1
            i += 1

    def __len__(self):
        return bin(self.bits).count("1")

    def __or__(self, other):
        return BitSet._raw(self.bits | other.bits, self.universe)

    def __and__(self, other):
        return BitSet._raw(self.bits & other.bits, self.universe)

    def __xor__(self, other):
        return BitSet._raw(self.bits ^ other.bits, self.universe)

    def __sub__(self, other):
        return BitSet._raw(self.bits & ~other.bits, self.universe)

    def __invert__(self):
        mask = (1 << self.universe) - 1
        return BitSet._raw(~self.bits & mask, self.universe)

    def __eq__(self, other):
        return self.bits == other.bits

    def __hash__(self):
        return hash(self.bits)

    def __repr__(self):
        return "BitSet{" + ", ".join(map(str, self)) + "}"


evens = BitSet(range(0, 20, 2), universe=20)
primes = BitSet([2, 3, 5, 7, 11, 13, 17, 19], universe=20)
print(evens, len(evens), primes, len(primes))
print(evens | primes, evens & primes, evens ^ primes, primes - evens)
print(~evens, len(~evens), 4 in evens, 5 in evens, 19 in ~evens)
print(BitSet([1, 2]) == BitSet([2, 1]), len({BitSet([1]), BitSet([1]), BitSet([2])}))
print(sorted(primes) == list(primes), sum(primes), max(evens), hex(primes.bits))
big = BitSet([0, 61], universe=62)
print(big, len(big), big.bits == 2 ** 61 + 1, list(~big)[:3], len(~big))
