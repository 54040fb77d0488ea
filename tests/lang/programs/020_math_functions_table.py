# Exercises math functions: floor, ceil, trunc, gcd, factorial, log family, exp, isclose, isnan, isinf, fabs, inf, nan.
import math

values = [2.5, -2.5, 3.0, -0.1, 7.999]
for v in values:
    print(v, math.floor(v), math.ceil(v), math.trunc(v), math.fabs(v), type(math.floor(v)).__name__)

print(math.gcd(48, 18), math.gcd(17, 5), math.gcd(0, 9), math.gcd(-12, 8))
print([math.factorial(n) for n in range(0, 11)], math.factorial(20))
print(math.log(math.e), math.log(8, 2), math.log10(1000), math.log2(1024), math.log(100, 10))
print(math.exp(0), round(math.exp(1), 12), math.exp(-1) < 0.5, math.pow(2, 10))
print(math.isclose(0.1 + 0.2, 0.3), math.isclose(1.0, 1.001), math.isclose(1.0, 1.001, rel_tol=0.01))
print(math.isnan(float("nan")), math.isnan(1.0), math.isinf(math.inf), math.isinf(-math.inf), math.isinf(1e308))
print(math.inf, -math.inf, math.nan, math.isfinite(1.0), math.isfinite(math.inf))
print(math.copysign(3, -0.0), math.copysign(-2, 1), math.fmod(-7, 3), -7 % 3)
print(math.sqrt(0), math.hypot(5, 12), math.fsum([0.1] * 10), sum([0.1] * 10))
print(math.comb(10, 3), math.perm(5, 2), math.prod([1, 2, 3, 4]), math.isqrt(99))
print(math.floor(-0.5), math.ceil(-0.5), math.trunc(-7.9), math.floor(1e10 + 0.5))


def compound(principal, rate, years):
    return principal * math.exp(rate * years)


for years in (1, 5, 10):
    print(years, f"{compound(1000, 0.05, years):.2f}", math.floor(compound(1000, 0.05, years)))
