# Exercises a Polynomial class: arithmetic dunders, evaluation via __call__, derivative, string formatting of terms.
class Polynomial:
    def __init__(self, coeffs):
        coeffs = list(coeffs)
        while len(coeffs) > 1 and coeffs[-1] == 0:
            coeffs.pop()
        self.coeffs = coeffs

    def degree(self):
        return len(self.coeffs) - 1

    def __call__(self, x):
        result = 0
        for c in reversed(self.coeffs):
            result = result * x + c
        return result

    def __add__(self, other):
        n = max(len(self.coeffs), len(other.coeffs))
        a = self.coeffs + [0] * (n - len(self.coeffs))
        b = other.coeffs + [0] * (n - len(other.coeffs))
        return Polynomial([x + y for x, y in zip(a, b)])

    def __neg__(self):
        return Polynomial([-c for c in self.coeffs])

    def __sub__(self, other):
        return self + (-other)

    def __mul__(self, other):
        out = [0] * (len(self.coeffs) + len(other.coeffs) - 1)
        for i, a in enumerate(self.coeffs):
            for j, b in enumerate(other.coeffs):
                out[i + j] += a * b
        return Polynomial(out)

    def __pow__(self, n):
        result = Polynomial([1])
        for _ in range(n):
            result = result * self
        return result

    def derivative(self):
        return Polynomial([i * c for i, c in enumerate(self.coeffs)][1:] or [0])

    def __eq__(self, other):
        return self.coeffs == other.coeffs

    def __str__(self):
        terms = []
        for power in range(self.degree(), -1, -1):
            c = self.coeffs[power]
            if c == 0 and self.degree() > 0:
                continue
            sign = "-" if c < 0 else "+"
            mag = abs(c)
            coef = "" if mag == 1 and power > 0 else str(mag)
            var = "" if power == 0 else "x" if power == 1 else f"x^{power}"
            terms.append((sign, coef + var))
        first_sign, first = terms[0]
        text = ("-" if first_sign == "-" else "") + first
        for sign, t in terms[1:]:
            text += f" {sign} {t}"
        return text


p = Polynomial([1, -3, 0, 2])
q = Polynomial([0, 1])
print(p, "|", q, "|", p.degree())
print(p + q, "|", p - p, "|", p * q, "|", (q + Polynomial([1])) ** 4)
print([p(x) for x in range(-2, 3)], p.derivative(), p.derivative().derivative())
print((q - Polynomial([1])) * (q + Polynomial([1])) == q ** 2 - Polynomial([1]))
print(Polynomial([0, 0, 0]), Polynomial([-1]), Polynomial([0, -1, 1]), Polynomial([2.5, 0, -0.5]))
