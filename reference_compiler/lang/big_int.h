// BigInt: an int outside signed 64 bits, and the arithmetic on ints of any
// size. Ints that fit int64 stay the tagged immediate Value::integer; only a
// result that leaves 64 bits becomes a BigInt, and every BigInt result that
// fits again goes back to the immediate (make_int normalizes), so the fast
// paths for small ints never see a BigInt and never allocate. A BigInt's
// Python type is `int` itself. The digits are GMP's (mpz, through gmpxx):
// chosen over Boost.Multiprecision for its subquadratic multiplication,
// division and base conversion, which CPython-sized programs (factorials,
// 4300-digit strings) need, and because Debian packages it as libgmp-dev.
#pragma once

#include "reference_compiler/lang/abstract.h"
#include "reference_compiler/lang/builtin_types.h"
#include "reference_compiler/lang/int_digit_limit.h"
#include "reference_compiler/lang/value.h"

#include <cstdint>
#include <string>
#include <string_view>

namespace refc::lang {

// True for a BigInt, the only objects whose type is exactly int (the object
// and its mpz live in big_int.cpp, so this header stays free of GMP).
inline bool is_big_int(const Value& v) { return v.is_obj() && v.as_obj()->type == types::int_; }
// True for every int: the immediates (bool included) and BigInts.
inline bool is_int_value(const Value& v) { return v.is_intlike() || is_big_int(v); }

// ---- arithmetic on int values (either operand may be big) ----------------------
// `a op b` for two ints (the in-place ops behave like the plain ones); Null for
// an operator ints do not have (@). Raises CPython's errors.
Value int_value_binary_op(BinaryOp op, const Value& a, const Value& b);
Value int_value_negate(const Value& v);
Value int_value_invert(const Value& v);
Value int_value_abs(const Value& v);
// pow(a, b, m) for ints, a negative b meaning the inverse.
Value int_value_pow_mod(const Value& a, const Value& b, const Value& m);
// divmod(a, b) for ints.
void int_value_divmod(const Value& a, const Value& b, Value& q, Value& r);
// -1, 0 or 1.
int int_value_compare(const Value& a, const Value& b);
// An int against a float, exactly: -1, 0, 1, or 2 when d is NaN.
int int_value_compare_float(const Value& i, double d);
// CPython's hash of an int (modulo 2**61 - 1, -1 becomes -2).
int64_t int_value_hash(const Value& v);
// round(v, ndigits) with ndigits < 0: to a multiple of 10**-ndigits, ties to even.
Value int_value_round(const Value& v, int64_t ndigits);
int64_t int_value_bit_length(const Value& v);
int64_t int_value_bit_count(const Value& v);

// ---- number theory (the math module) -----------------------------------------------
Value int_value_gcd(const Value& a, const Value& b);
Value int_value_lcm(const Value& a, const Value& b);
Value int_value_isqrt(const Value& n); // n >= 0
Value int_value_factorial(uint64_t n);
// n! / (n-k)! and n! / (k! (n-k)!) for 0 <= k <= n.
Value int_value_perm(const Value& n, const Value& k);
Value int_value_comb(const Value& n, const Value& k);

// ---- conversions ------------------------------------------------------------------
// float(v), correctly rounded; OverflowError "int too large to convert to float".
double int_value_to_float(const Value& v);
// int(d) for a finite double of any size (truncated).
Value int_value_from_double(double d);
// __index__: v itself for an int, else the int its __index__ returns, with
// CPython's TypeErrors.
Value int_value_index(const Value& v);
// v saturated to int64 (a slice bound, as _PyEval_SliceIndex clamps it).
int64_t int_value_clamped(const Value& v);
// v when it fits int64; else `type` with `message`.
int64_t int_value_to_int64(const Value& v, TypeObject* type, const char* message);
// str(v) in base 10, honouring the str<->int digit limit.
std::string int_value_to_string(const Value& v);
// |v| in base 2, 8, 10 or 16 (lowercase), no sign or prefix.
std::string int_value_magnitude_digits(const Value& v, int base);
// bin/oct/hex: "-0x1f".
std::string int_value_to_base(const Value& v, int base);
// The int of `digits` (ASCII digits valid in `base`, no sign, underscores or
// spaces), negated when `negative`; checks the digit limit for bases that are
// not powers of two.
Value int_from_digits(std::string_view digits, int base, bool negative);

// int.to_bytes: v as `length` big-endian bytes, two's complement when
// `is_signed` (v >= 0 otherwise); OverflowError "int too big to convert".
std::string int_value_to_bytes(const Value& v, int64_t length, bool is_signed);
// int.from_bytes of big-endian bytes.
Value int_value_from_bytes(std::string_view big_endian, bool is_signed);

} // namespace refc::lang
