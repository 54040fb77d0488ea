// The arithmetic of ints of any size (big_int.h) on GMP's mpz: what CPython 3.11's
// longobject.c computes once an operand or a result leaves 64 bits, with its
// rounding (int -> float and int / int correctly rounded), its hash, its
// errors and its limit on str <-> int conversion digits.
#include "reference_compiler/lang/big_int.h"

#include "reference_compiler/lang/errors.h"
#include "reference_compiler/lang/singletons.h"
#include "reference_compiler/lang/number_ops.h"

#include <gmpxx.h>

#include <cfloat>
#include <climits>
#include <cmath>

namespace refc::lang {
namespace {

struct BigInt : Object {
  explicit BigInt(mpz_class v) : Object(types::int_), value(std::move(v)) {}
  mpz_class value; // never within int64
};

const mpz_class& big_value(const Value& v) { return v.as<BigInt>()->value; }

// The int with value z: an immediate when it fits int64, else a BigInt.
Value make_int(const mpz_class& z) {
  if (mpz_fits_slong_p(z.get_mpz_t())) return Value::integer(mpz_get_si(z.get_mpz_t()));
  return Value(make<BigInt>(z));
}

// An int value (immediate or BigInt) as an mpz.
mpz_class to_mpz(const Value& v) {
  if (v.is_intlike()) return mpz_class(static_cast<long>(v.as_int()));
  return big_value(v);
}

int64_t max_str_digits = kDefaultMaxStrDigits;

// The largest result size refc computes (in bits); CPython would run out of
// memory past it anyway.
constexpr uint64_t kMaxResultBits = uint64_t{1} << 36;

[[noreturn]] void raise_memory() { raise(exc::MemoryError, ""); }

uint64_t bits_of(const mpz_class& z) { return z == 0 ? 0 : mpz_sizeinbase(z.get_mpz_t(), 2); }

bool fits_ulong(const mpz_class& z) { return mpz_fits_ulong_p(z.get_mpz_t()) != 0; }

// |a| / |b| correctly rounded (CPython's long_true_divide); b is nonzero.
double true_divide(const mpz_class& a, const mpz_class& b) {
  bool negative = (sgn(a) < 0) != (sgn(b) < 0);
  mpz_class n = abs(a), d = abs(b);
  if (n == 0) return negative ? -0.0 : 0.0;
  auto n_bits = static_cast<int64_t>(bits_of(n)), d_bits = static_cast<int64_t>(bits_of(d));
  if (n_bits <= DBL_MANT_DIG && d_bits <= DBL_MANT_DIG) {
    double r = n.get_d() / d.get_d();
    return negative ? -r : r;
  }
  int64_t diff = n_bits - d_bits; // n / d lies in [2**(diff-1), 2**(diff+1))
  if (diff > DBL_MAX_EXP) raise(exc::OverflowError, "integer division result too large for a float");
  if (diff < DBL_MIN_EXP - DBL_MANT_DIG - 1) return negative ? -0.0 : 0.0;
  // A quotient of DBL_MANT_DIG + 2 or 3 bits (fewer in the subnormal range)
  // plus an inexact flag, rounded once, half to even.
  int64_t shift = std::max<int64_t>(diff, DBL_MIN_EXP) - DBL_MANT_DIG - 2;
  bool inexact = false;
  mpz_class x;
  if (shift > 0) {
    mpz_fdiv_q_2exp(x.get_mpz_t(), n.get_mpz_t(), static_cast<mp_bitcnt_t>(shift));
    inexact = mpz_scan1(n.get_mpz_t(), 0) < static_cast<mp_bitcnt_t>(shift);
  } else {
    mpz_mul_2exp(x.get_mpz_t(), n.get_mpz_t(), static_cast<mp_bitcnt_t>(-shift));
  }
  mpz_class q, r;
  mpz_fdiv_qr(q.get_mpz_t(), r.get_mpz_t(), x.get_mpz_t(), d.get_mpz_t());
  if (r != 0) inexact = true;
  auto q_bits = static_cast<int64_t>(bits_of(q));
  int64_t extra_bits = std::max<int64_t>(q_bits, DBL_MIN_EXP - shift) - DBL_MANT_DIG;
  uint64_t low = mpz_get_ui(q.get_mpz_t()) | (inexact ? 1 : 0);
  uint64_t mask = uint64_t{1} << (extra_bits - 1);
  if ((low & mask) && (low & (3 * mask - 1))) low += mask;
  low &= ~(2 * mask - 1);
  double result = std::ldexp(static_cast<double>(low), static_cast<int>(shift));
  if (std::isinf(result)) raise(exc::OverflowError, "integer division result too large for a float");
  return negative ? -result : result;
}

// x ** y for y >= 0.
Value int_power(const mpz_class& x, const mpz_class& y) {
  if (x == 0) return Value::integer(y == 0 ? 1 : 0);
  if (x == 1) return Value::integer(1);
  if (x == -1) return Value::integer(mpz_odd_p(y.get_mpz_t()) ? -1 : 1);
  if (!fits_ulong(y) || bits_of(x) * y.get_ui() > kMaxResultBits) raise_memory();
  mpz_class r;
  mpz_pow_ui(r.get_mpz_t(), x.get_mpz_t(), y.get_ui());
  return make_int(r);
}

[[noreturn]] void raise_digit_limit(const char* detail) {
  raise(exc::ValueError, "Exceeds the limit (" + std::to_string(max_str_digits) +
                             " digits) for integer string conversion" + detail +
                             "; use sys.set_int_max_str_digits() to increase the limit");
}

} // namespace

// ---- arithmetic -----------------------------------------------------------------

Value int_value_binary_op(BinaryOp op, const Value& a, const Value& b) {
  auto o = static_cast<uint8_t>(op);
  if (o >= static_cast<uint8_t>(BinaryOp::InplaceAdd)) o -= static_cast<uint8_t>(BinaryOp::InplaceAdd);
  op = static_cast<BinaryOp>(o);
  mpz_class x = to_mpz(a), y = to_mpz(b), r;
  switch (op) {
  case BinaryOp::Add: r = x + y; break;
  case BinaryOp::Subtract: r = x - y; break;
  case BinaryOp::Multiply: r = x * y; break;
  case BinaryOp::FloorDivide:
    if (y == 0) raise(exc::ZeroDivisionError, "integer division or modulo by zero");
    mpz_fdiv_q(r.get_mpz_t(), x.get_mpz_t(), y.get_mpz_t());
    break;
  case BinaryOp::Remainder:
    if (y == 0) raise(exc::ZeroDivisionError, "integer modulo by zero");
    mpz_fdiv_r(r.get_mpz_t(), x.get_mpz_t(), y.get_mpz_t());
    break;
  case BinaryOp::TrueDivide:
    if (y == 0) raise(exc::ZeroDivisionError, "division by zero");
    return Value::floating(true_divide(x, y));
  case BinaryOp::Power:
    if (y < 0) return Value::floating(float_pow(int_value_to_float(a), int_value_to_float(b)));
    return int_power(x, y);
  case BinaryOp::LShift:
    if (y < 0) raise(exc::ValueError, "negative shift count");
    if (x == 0) return Value::integer(0);
    if (!fits_ulong(y) || bits_of(x) + y.get_ui() > kMaxResultBits) raise_memory();
    mpz_mul_2exp(r.get_mpz_t(), x.get_mpz_t(), y.get_ui());
    break;
  case BinaryOp::RShift:
    if (y < 0) raise(exc::ValueError, "negative shift count");
    if (!fits_ulong(y)) return Value::integer(x < 0 ? -1 : 0);
    mpz_fdiv_q_2exp(r.get_mpz_t(), x.get_mpz_t(), y.get_ui());
    break;
  case BinaryOp::And: r = x & y; break;
  case BinaryOp::Or: r = x | y; break;
  case BinaryOp::Xor: r = x ^ y; break;
  default: return Value();
  }
  return make_int(r);
}

Value int_value_negate(const Value& v) { return make_int(-to_mpz(v)); }
Value int_value_invert(const Value& v) { return make_int(~to_mpz(v)); }
Value int_value_abs(const Value& v) { return make_int(abs(to_mpz(v))); }

Value int_value_pow_mod(const Value& a, const Value& b, const Value& m) {
  mpz_class base = to_mpz(a), exp = to_mpz(b), mod = to_mpz(m);
  if (mod == 0) raise(exc::ValueError, "pow() 3rd argument cannot be 0");
  bool negative_mod = mod < 0;
  mod = abs(mod);
  if (mod == 1) return Value::integer(0);
  mpz_class reduced;
  mpz_mod(reduced.get_mpz_t(), base.get_mpz_t(), mod.get_mpz_t());
  if (exp < 0) {
    if (mpz_invert(reduced.get_mpz_t(), reduced.get_mpz_t(), mod.get_mpz_t()) == 0)
      raise(exc::ValueError, "base is not invertible for the given modulus");
    exp = -exp;
  }
  mpz_class r;
  mpz_powm(r.get_mpz_t(), reduced.get_mpz_t(), exp.get_mpz_t(), mod.get_mpz_t());
  if (negative_mod && r != 0) r -= mod;
  return make_int(r);
}

void int_value_divmod(const Value& a, const Value& b, Value& q, Value& r) {
  mpz_class x = to_mpz(a), y = to_mpz(b), zq, zr;
  if (y == 0) raise(exc::ZeroDivisionError, "integer division or modulo by zero");
  mpz_fdiv_qr(zq.get_mpz_t(), zr.get_mpz_t(), x.get_mpz_t(), y.get_mpz_t());
  q = make_int(zq);
  r = make_int(zr);
}

int int_value_compare(const Value& a, const Value& b) {
  if (a.is_intlike() && b.is_intlike()) return a.as_int() < b.as_int() ? -1 : a.as_int() > b.as_int();
  int c = cmp(to_mpz(a), to_mpz(b));
  return c < 0 ? -1 : c > 0;
}

int int_value_compare_float(const Value& i, double d) {
  if (i.is_intlike()) return compare_int_float(i.as_int(), d);
  if (std::isnan(d)) return 2;
  int c = mpz_cmp_d(big_value(i).get_mpz_t(), d); // exact, infinities included
  return c < 0 ? -1 : c > 0;
}

int64_t int_value_hash(const Value& v) {
  if (v.is_intlike()) return v.is_bool() ? v.as_int() : int_hash(v.as_int());
  const mpz_class& z = big_value(v);
  constexpr unsigned long kModulus = (1UL << 61) - 1; // CPython's _PyHASH_MODULUS
  auto h = static_cast<int64_t>(mpz_fdiv_ui(mpz_class(abs(z)).get_mpz_t(), kModulus));
  if (z < 0) h = -h;
  return h == -1 ? -2 : h;
}

Value int_value_round(const Value& v, int64_t ndigits) {
  if (ndigits >= 0) return v.is_bool() ? Value::integer(v.as_int()) : v;
  mpz_class x = to_mpz(v);
  uint64_t places = 0 - static_cast<uint64_t>(ndigits);
  if (places > mpz_sizeinbase(x.get_mpz_t(), 10) + 1) return Value::integer(0);
  mpz_class p, q, r;
  mpz_ui_pow_ui(p.get_mpz_t(), 10, places);
  mpz_fdiv_qr(q.get_mpz_t(), r.get_mpz_t(), x.get_mpz_t(), p.get_mpz_t());
  int half = cmp(mpz_class(2 * r), p);
  if (half > 0 || (half == 0 && mpz_odd_p(q.get_mpz_t()))) ++q;
  return make_int(q * p);
}

int64_t int_value_bit_length(const Value& v) {
  if (v.is_intlike()) {
    int64_t x = v.as_int();
    uint64_t m = x < 0 ? 0 - static_cast<uint64_t>(x) : static_cast<uint64_t>(x);
    return m == 0 ? 0 : 64 - __builtin_clzll(m);
  }
  return static_cast<int64_t>(bits_of(big_value(v)));
}

int64_t int_value_bit_count(const Value& v) {
  if (v.is_intlike()) {
    int64_t x = v.as_int();
    return __builtin_popcountll(x < 0 ? 0 - static_cast<uint64_t>(x) : static_cast<uint64_t>(x));
  }
  return static_cast<int64_t>(mpz_popcount(mpz_class(abs(big_value(v))).get_mpz_t()));
}

// ---- number theory -------------------------------------------------------------------

Value int_value_gcd(const Value& a, const Value& b) {
  mpz_class r;
  mpz_gcd(r.get_mpz_t(), to_mpz(a).get_mpz_t(), to_mpz(b).get_mpz_t());
  return make_int(r);
}

Value int_value_lcm(const Value& a, const Value& b) {
  mpz_class r;
  mpz_lcm(r.get_mpz_t(), to_mpz(a).get_mpz_t(), to_mpz(b).get_mpz_t());
  return make_int(r);
}

Value int_value_isqrt(const Value& n) {
  mpz_class r;
  mpz_sqrt(r.get_mpz_t(), to_mpz(n).get_mpz_t());
  return make_int(r);
}

Value int_value_factorial(uint64_t n) {
  if (n > (uint64_t{1} << 28)) raise_memory();
  mpz_class r;
  mpz_fac_ui(r.get_mpz_t(), n);
  return make_int(r);
}

Value int_value_perm(const Value& n, const Value& k) {
  mpz_class zn = to_mpz(n), zk = to_mpz(k);
  if (!fits_ulong(zk) || zk.get_ui() > (uint64_t{1} << 28)) raise_memory();
  mpz_class r = 1, low = zn - zk;
  for (mpz_class f = zn; f > low; --f) r *= f;
  return make_int(r);
}

Value int_value_comb(const Value& n, const Value& k) {
  mpz_class zn = to_mpz(n), zk = to_mpz(k);
  if (zk > zn - zk) zk = zn - zk;
  if (!fits_ulong(zk) || zk.get_ui() > (uint64_t{1} << 28)) raise_memory();
  mpz_class r;
  mpz_bin_ui(r.get_mpz_t(), zn.get_mpz_t(), zk.get_ui());
  return make_int(r);
}

// ---- conversions -------------------------------------------------------------------

double int_value_to_float(const Value& v) {
  if (v.is_intlike()) return int_to_float(v.as_int());
  const mpz_class& z = big_value(v);
  mpz_class m = abs(z);
  uint64_t bits = bits_of(m);
  if (bits > DBL_MAX_EXP) raise(exc::OverflowError, "int too large to convert to float");
  // The top DBL_MANT_DIG + 2 bits and a sticky bit, rounded once by the conversion.
  uint64_t shift = bits - (DBL_MANT_DIG + 2);
  mpz_class top;
  mpz_fdiv_q_2exp(top.get_mpz_t(), m.get_mpz_t(), shift);
  uint64_t head = mpz_get_ui(top.get_mpz_t());
  if (mpz_scan1(m.get_mpz_t(), 0) < shift) head |= 1;
  double d = std::ldexp(static_cast<double>(head), static_cast<int>(shift));
  if (std::isinf(d)) raise(exc::OverflowError, "int too large to convert to float");
  return z < 0 ? -d : d;
}

Value int_value_from_double(double d) {
  if (d > -9223372036854775808.0 && d < 9223372036854775808.0) return Value::integer(static_cast<int64_t>(d));
  return make_int(mpz_class(d));
}

Value int_value_index(const Value& v) {
  if (v.is_intlike()) return Value::integer(v.as_int());
  if (is_big_int(v)) return v;
  Value f = lookup_special(v, names::__index__);
  if (f.is_null() || f.is_none())
    raise(exc::TypeError, "'" + type_name(v) + "' object cannot be interpreted as an integer");
  Value r = call(f, {v});
  if (!is_int_value(r)) raise(exc::TypeError, "__index__ returned non-int (type " + type_name(r) + ")");
  return r.is_bool() ? Value::integer(r.as_int()) : r;
}

int64_t int_value_clamped(const Value& v) {
  if (v.is_intlike()) return v.as_int();
  return sgn(big_value(v)) < 0 ? INT64_MIN : INT64_MAX;
}

int64_t int_value_to_int64(const Value& v, TypeObject* type, const char* message) {
  if (v.is_intlike()) return v.as_int();
  raise(type, message);
}

std::string int_value_magnitude_digits(const Value& v, int base) {
  if (base == 10) {
    std::string s = int_value_to_string(v);
    return s[0] == '-' ? s.substr(1) : s;
  }
  mpz_class m = abs(to_mpz(v));
  return m.get_str(base);
}

std::string int_value_to_string(const Value& v) {
  if (v.is_intlike()) return int_to_string(v.as_int());
  const mpz_class& z = big_value(v);
  // sizeinbase overestimates by at most one digit.
  if (max_str_digits > 0 && mpz_sizeinbase(z.get_mpz_t(), 10) > static_cast<size_t>(max_str_digits) + 1)
    raise_digit_limit("");
  std::string s = z.get_str(10);
  if (max_str_digits > 0 && s.size() - (z < 0) > static_cast<size_t>(max_str_digits)) raise_digit_limit("");
  return s;
}

std::string int_value_to_base(const Value& v, int base) {
  if (v.is_intlike()) return int_to_base(v.as_int(), base);
  std::string out = sgn(big_value(v)) < 0 ? "-" : "";
  out += base == 2 ? "0b" : base == 8 ? "0o" : "0x";
  return out + int_value_magnitude_digits(v, base);
}

Value int_from_digits(std::string_view digits, int base, bool negative) {
  bool power_of_two = (base & (base - 1)) == 0;
  if (!power_of_two && max_str_digits > 0 && digits.size() > static_cast<size_t>(max_str_digits))
    raise_digit_limit((": value has " + std::to_string(digits.size()) + " digits").c_str());
  mpz_class z(std::string(digits), base);
  return make_int(negative ? mpz_class(-z) : z);
}

std::string int_value_to_bytes(const Value& v, int64_t length, bool is_signed) {
  mpz_class z = to_mpz(v);
  uint64_t bits = static_cast<uint64_t>(length) * 8;
  // The bits z needs: its magnitude's, plus a sign bit when signed (a negative
  // power of two needs none extra).
  uint64_t needed = bits_of(z < 0 ? mpz_class(-z - 1) : z) + (is_signed ? 1 : 0);
  if (z != 0 && needed > bits) raise(exc::OverflowError, "int too big to convert");
  if (z < 0) {
    mpz_class modulus;
    mpz_ui_pow_ui(modulus.get_mpz_t(), 2, bits);
    z += modulus;
  }
  std::string out(static_cast<size_t>(length), '\0');
  size_t count = 0;
  std::string raw((bits_of(z) + 7) / 8, '\0');
  if (!raw.empty()) mpz_export(raw.data(), &count, 1, 1, 1, 0, z.get_mpz_t());
  std::copy(raw.begin(), raw.begin() + static_cast<std::ptrdiff_t>(count), out.end() - static_cast<std::ptrdiff_t>(count));
  return out;
}

Value int_value_from_bytes(std::string_view big_endian, bool is_signed) {
  mpz_class z;
  if (!big_endian.empty()) mpz_import(z.get_mpz_t(), big_endian.size(), 1, 1, 1, 0, big_endian.data());
  if (is_signed && !big_endian.empty() && (static_cast<unsigned char>(big_endian[0]) & 0x80)) {
    mpz_class modulus;
    mpz_ui_pow_ui(modulus.get_mpz_t(), 2, big_endian.size() * 8);
    z -= modulus;
  }
  return make_int(z);
}

int64_t int_max_str_digits() { return max_str_digits; }
void set_int_max_str_digits(int64_t limit) { max_str_digits = limit; }

} // namespace refc::lang
