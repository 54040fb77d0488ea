import math
print(math.pi, math.e, math.tau, math.inf, -math.inf, math.nan)
for f in [math.sqrt, math.exp, math.log, math.log2, math.log10, math.sin, math.cos, math.tan, math.atan, math.sinh, math.tanh, math.fabs, math.expm1, math.log1p]:
    print(f.__name__, f(0.5), f(2))
print(math.floor(-2.5), math.ceil(-2.5), math.trunc(-2.5), type(math.floor(2.0)).__name__)
print(math.hypot(3, 4), math.hypot(1, 2, 3), math.dist((1, 2), (4, 6)))
print(math.gcd(48, 18), math.lcm(4, 6), math.factorial(10), math.comb(10, 3), math.perm(5, 2), math.isqrt(99))
print(math.fsum([0.1] * 10), sum([0.1] * 10), math.prod([1, 2, 3, 4]), math.prod([1.5, 2]))
print(math.isclose(0.1 + 0.2, 0.3), math.isclose(1, 1.01, rel_tol=0.1), math.isclose(1, 2, abs_tol=1))
print(math.copysign(3, -1), math.fmod(-7, 3), math.modf(3.25), math.frexp(8.0), math.ldexp(0.5, 4))
print(math.degrees(math.pi / 2), math.radians(90), math.atan2(1, 1), math.pow(2, 0.5))
print(math.isnan(float('nan')), math.isinf(math.inf), math.isfinite(1.0))
class F:
    def __floor__(self): return "floored"
    def __float__(self): return 2.5
print(math.floor(F()), math.sqrt(F()), math.ceil(F()))
for bad in [lambda: math.sqrt(-1), lambda: math.log(0), lambda: math.factorial(-3), lambda: math.sqrt("x"),
            lambda: math.exp(1000), lambda: math.floor(float('inf')), lambda: math.isqrt(-5), lambda: math.comb(3),
            lambda: math.pow(0, -1), lambda: math.log(5, 1)]:
    try:
        print(bad())
    except Exception as e:
        print(type(e).__name__, e)
