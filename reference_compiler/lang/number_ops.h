// The numeric core shared by int, bool and float and by everyone who computes
// with them (the VM's fast paths, builtins such as round/divmod/pow/hash, the
// math module): CPython 3.11's hashing, repr and parsing of numbers, its
// division, modulo and power rules and error messages on 64-bit ints (the
// generic dispatch hands results beyond 64 bits to big_int.h). Every function
// raises PyError exactly where CPython raises.
#pragma once

#include "reference_compiler/lang/abstract.h"
#include "reference_compiler/lang/errors.h"
#include "reference_compiler/lang/value.h"

#include <cstdint>
#include <string>
#include <string_view>

namespace refc::lang {

// ---- hashing ------------------------------------------------------------------
// CPython's numeric hash (modulo 2**61 - 1), so hash(1) == hash(1.0) == hash(True).
int64_t int_hash(int64_t v);
// NaN hashes to 0: refc floats are immediates without an identity to hash.
int64_t float_hash(double d);

// ---- text ---------------------------------------------------------------------
std::string int_to_string(int64_t v);
// int in base 2, 8 or 16 with CPython's prefix (bin/oct/hex): "-0x1f".
std::string int_to_base(int64_t v, int base, bool prefix = true);
// repr(float): shortest round-trip digits, '1e+16', '1e-05', 'inf', 'nan', '-0.0'.
std::string float_repr(double d);
// PyOS_double_to_string: code is 'e','E','f','F','g','G' or 'r' (repr; precision 0).
enum DoubleFormatFlag : unsigned {
  kDtsfSign = 1,      // always emit a sign
  kDtsfAddDot0 = 2,   // integral values in fixed form get ".0"
  kDtsfAlt = 4,       // '#': keep the decimal point and trailing zeros
  kDtsfNoNegZero = 8, // 'z': a negative zero prints as zero
};
std::string format_double(double d, char code, int precision, unsigned flags);

// ---- parsing ------------------------------------------------------------------
// int(text, base) with CPython's syntax (whitespace, sign, underscores, prefixes
// for base 0 and the matching base, Unicode decimal digits), of any size.
// Raises ValueError "invalid literal for int() with base 10: 'x'" (and the
// digit limit's).
Value parse_int(std::string_view text, int base);
// float(text): decimal and exponent forms, underscores, inf/infinity/nan.
// Raises ValueError "could not convert string to float: 'x'".
double parse_float(std::string_view text);

// ---- int arithmetic on int64 (for callers that need a C int64; overflow raises) ----------------------------------
inline int64_t int_add(int64_t a, int64_t b) {
  int64_t r;
  if (__builtin_add_overflow(a, b, &r)) raise_int_overflow();
  return r;
}
inline int64_t int_sub(int64_t a, int64_t b) {
  int64_t r;
  if (__builtin_sub_overflow(a, b, &r)) raise_int_overflow();
  return r;
}
inline int64_t int_mul(int64_t a, int64_t b) {
  int64_t r;
  if (__builtin_mul_overflow(a, b, &r)) raise_int_overflow();
  return r;
}
inline int64_t int_neg(int64_t a) { return int_sub(0, a); }
inline int64_t int_abs(int64_t a) { return a < 0 ? int_neg(a) : a; }
int64_t int_floordiv(int64_t a, int64_t b); // "integer division or modulo by zero"
int64_t int_mod(int64_t a, int64_t b);      // "integer modulo by zero"
// Python's divmod for ints: floor quotient, remainder with the divisor's sign.
void int_divmod(int64_t a, int64_t b, int64_t& q, int64_t& r);
double int_truediv(int64_t a, int64_t b); // correctly rounded; "division by zero"
// a ** b: an int for b >= 0, else the float power.
Value int_pow(int64_t a, int64_t b);
// pow(a, b, m), including negative b (modular inverse) as CPython 3.8+.
int64_t int_pow_mod(int64_t a, int64_t b, int64_t m);
int64_t int_rshift(int64_t a, int64_t n); // "negative shift count"

// ---- float arithmetic -----------------------------------------------------------
double float_truediv(double a, double b);  // "float division by zero"
double float_floordiv(double a, double b); // "float floor division by zero"
double float_mod(double a, double b);      // "float modulo"
void float_divmod(double a, double b, double& q, double& r); // "float divmod()"
// a ** b with CPython's special cases; "0.0 cannot be raised to a negative power";
// a negative base with a fractional exponent raises ValueError (no complex numbers).
double float_pow(double a, double b);

// ---- conversions and rounding ------------------------------------------------------
// int(d): truncation to an int of any size; "cannot convert float infinity to
// integer" (OverflowError), "cannot convert float NaN to integer" (ValueError).
Value float_to_int(double d);
// int -> float as CPython (correctly rounded).
inline double int_to_float(int64_t v) { return static_cast<double>(v); }
// round(d): nearest int, ties to even.
Value float_round_to_int(double d);
// round(d, ndigits): CPython's correctly rounded decimal rounding.
double float_round(double d, int64_t ndigits);

// ---- comparison -------------------------------------------------------------------
// Exact comparison of an int with a float: -1, 0, 1, or 2 when d is NaN.
int compare_int_float(int64_t i, double d);

// ---- generic dispatch over the numeric immediates --------------------------------------
// `a op b` when both are int/bool/float and the operator applies to them
// (bool & | ^ bool stays bool); Null otherwise, meaning "not handled here"
// (the caller then tries the dunder protocol). In-place ops behave like the
// plain ones. Raises the arithmetic errors.
Value numeric_binary_op(BinaryOp op, const Value& a, const Value& b);
// `a op b` for int/bool/float operands; false when either is not numeric.
bool numeric_compare(CompareOp op, const Value& a, const Value& b, bool& result);

} // namespace refc::lang
