// CPython 3.11's numeric semantics for int64 immediates and IEEE doubles:
// hashing (longobject.c / pyhash.c), Python's floor division and modulo sign
// rules, powers with CPython's special cases, round(), exact int/float
// comparison and the generic binary-operator dispatch. Integer results that
// leave 64 bits are big_int.cpp's. The decimal text of numbers
// (repr, formatting, parsing) is number_text.cpp's.
#include "reference_compiler/lang/number_ops.h"

#include "reference_compiler/lang/big_int.h"
#include "reference_compiler/lang/builtin_types.h"

#include <charconv>
#include <cmath>

namespace refc::lang {
namespace {

constexpr uint64_t kHashModulus = (1ULL << 61) - 1; // CPython's _PyHASH_MODULUS
constexpr int kHashBits = 61;
constexpr int64_t kHashInf = 314159;

uint64_t magnitude(int64_t v) { return v < 0 ? 0 - static_cast<uint64_t>(v) : static_cast<uint64_t>(v); }

[[noreturn]] void raise_zero_division(const char* msg) { raise(exc::ZeroDivisionError, msg); }

} // namespace

// ---- hashing --------------------------------------------------------------------

int64_t int_hash(int64_t v) {
  uint64_t a = magnitude(v);
  if (a >= kHashModulus) a %= kHashModulus;
  int64_t h = v < 0 ? -static_cast<int64_t>(a) : static_cast<int64_t>(a);
  return h == -1 ? -2 : h;
}

int64_t float_hash(double d) {
  if (!std::isfinite(d)) {
    if (std::isinf(d)) return d > 0 ? kHashInf : -kHashInf;
    return 0;
  }
  if (d >= -9.2e18 && d <= 9.2e18 && d == std::trunc(d)) return int_hash(static_cast<int64_t>(d));
  int e;
  double m = std::frexp(d, &e);
  int sign = 1;
  if (m < 0) {
    sign = -1;
    m = -m;
  }
  uint64_t x = 0;
  while (m != 0) {
    x = ((x << 28) & kHashModulus) | x >> (kHashBits - 28);
    m *= 268435456.0; // 2**28
    e -= 28;
    auto y = static_cast<uint64_t>(m);
    m -= static_cast<double>(y);
    x += y;
    if (x >= kHashModulus) x -= kHashModulus;
  }
  e = e >= 0 ? e % kHashBits : kHashBits - 1 - ((-1 - e) % kHashBits);
  x = ((x << e) & kHashModulus) | x >> (kHashBits - e);
  auto h = static_cast<int64_t>(x) * sign;
  return h == -1 ? -2 : h;
}

// ---- int arithmetic ------------------------------------------------------------------

int64_t int_floordiv(int64_t a, int64_t b) {
  if (b == 0) raise_zero_division("integer division or modulo by zero");
  if (b == -1) return int_neg(a);
  int64_t q = a / b;
  if ((a % b != 0) && ((a < 0) != (b < 0))) --q;
  return q;
}

int64_t int_mod(int64_t a, int64_t b) {
  if (b == 0) raise_zero_division("integer modulo by zero");
  if (b == -1) return 0;
  int64_t r = a % b;
  if (r != 0 && ((r < 0) != (b < 0))) r += b;
  return r;
}

void int_divmod(int64_t a, int64_t b, int64_t& q, int64_t& r) {
  if (b == 0) raise_zero_division("integer division or modulo by zero");
  if (b == -1) {
    q = int_neg(a);
    r = 0;
    return;
  }
  q = a / b;
  r = a % b;
  if (r != 0 && ((r < 0) != (b < 0))) {
    --q;
    r += b;
  }
}

double int_truediv(int64_t a, int64_t b) {
  if (b == 0) raise_zero_division("division by zero");
  constexpr int64_t kExact = 1LL << 53;
  if (a >= -kExact && a <= kExact && b >= -kExact && b <= kExact)
    return static_cast<double>(a) / static_cast<double>(b);
  // Correct rounding beyond 2**53: an integer quotient with at least 55
  // significant bits plus a sticky bit, rounded once by the conversion.
  bool negative = (a < 0) != (b < 0);
  uint64_t n = magnitude(a), d = magnitude(b);
  if (n == 0) return negative ? -0.0 : 0.0;
  int bits_n = 64 - __builtin_clzll(n), bits_d = 64 - __builtin_clzll(d);
  int k = std::max(0, 56 + bits_d - bits_n);
  unsigned __int128 num = static_cast<unsigned __int128>(n) << k;
  unsigned __int128 q = num / d;
  if (num % d != 0) q |= 1;
  double r = std::ldexp(static_cast<double>(q), -k);
  return negative ? -r : r;
}

Value int_pow(int64_t a, int64_t b) {
  if (b < 0) return Value::floating(float_pow(static_cast<double>(a), static_cast<double>(b)));
  int64_t result = 1, base = a;
  while (b > 0) {
    if (b & 1) result = int_mul(result, base);
    b >>= 1;
    if (b > 0) base = int_mul(base, base);
  }
  return Value::integer(result);
}

int64_t int_pow_mod(int64_t a, int64_t b, int64_t m) {
  if (m == 0) raise(exc::ValueError, "pow() 3rd argument cannot be 0");
  uint64_t um = magnitude(m);
  if (um == 1) return 0;
  // a reduced into [0, |m|).
  auto reduce = [um](int64_t v) {
    uint64_t r = magnitude(v) % um;
    return v < 0 && r != 0 ? um - r : r;
  };
  uint64_t base = reduce(a);
  if (b < 0) {
    // Modular inverse by the extended Euclidean algorithm.
    __int128 t = 0, new_t = 1, r = um, new_r = base;
    while (new_r != 0) {
      __int128 q = r / new_r;
      __int128 tmp = t - q * new_t;
      t = new_t;
      new_t = tmp;
      tmp = r - q * new_r;
      r = new_r;
      new_r = tmp;
    }
    if (r != 1) raise(exc::ValueError, "base is not invertible for the given modulus");
    if (t < 0) t += um;
    base = static_cast<uint64_t>(t);
  }
  uint64_t result = 1;
  uint64_t e = magnitude(b);
  uint64_t p = base;
  while (e > 0) {
    if (e & 1) result = static_cast<uint64_t>(static_cast<unsigned __int128>(result) * p % um);
    e >>= 1;
    if (e > 0) p = static_cast<uint64_t>(static_cast<unsigned __int128>(p) * p % um);
  }
  // Result in [0, |m|), then shifted to (m, 0] for a negative modulus.
  if (m < 0 && result != 0) return static_cast<int64_t>(result - um);
  return static_cast<int64_t>(result);
}

int64_t int_rshift(int64_t a, int64_t n) {
  if (n < 0) raise(exc::ValueError, "negative shift count");
  if (n >= 64) return a < 0 ? -1 : 0;
  return a >> n;
}

// ---- float arithmetic -------------------------------------------------------------------

double float_truediv(double a, double b) {
  if (b == 0) raise_zero_division("float division by zero");
  return a / b;
}

double float_mod(double a, double b) {
  if (b == 0) raise_zero_division("float modulo");
  double mod = std::fmod(a, b);
  if (mod != 0) {
    if ((b < 0) != (mod < 0)) mod += b;
  } else {
    mod = std::copysign(0.0, b);
  }
  return mod;
}

namespace {
// CPython's _float_div_mod; b is nonzero.
void div_mod(double vx, double wx, double& floordiv, double& mod) {
  mod = std::fmod(vx, wx);
  double div = (vx - mod) / wx;
  if (mod != 0) {
    if ((wx < 0) != (mod < 0)) {
      mod += wx;
      div -= 1.0;
    }
  } else {
    mod = std::copysign(0.0, wx);
  }
  if (div != 0) {
    floordiv = std::floor(div);
    if (div - floordiv > 0.5) floordiv += 1.0;
  } else {
    floordiv = std::copysign(0.0, vx / wx);
  }
}

bool is_odd_integer(double x) { return std::fmod(std::fabs(x), 2.0) == 1.0; }
} // namespace

double float_floordiv(double a, double b) {
  if (b == 0) raise_zero_division("float floor division by zero");
  double q, r;
  div_mod(a, b, q, r);
  return q;
}

void float_divmod(double a, double b, double& q, double& r) {
  if (b == 0) raise_zero_division("float divmod()");
  div_mod(a, b, q, r);
}

double float_pow(double iv, double iw) {
  if (iw == 0) return 1.0;
  if (std::isnan(iv)) return iv;
  if (std::isnan(iw)) return iv == 1.0 ? 1.0 : iw;
  if (std::isinf(iw)) {
    iv = std::fabs(iv);
    if (iv == 1.0) return 1.0;
    if ((iw > 0) == (iv > 1)) return std::fabs(iw);
    return 0.0;
  }
  if (std::isinf(iv)) {
    bool odd = is_odd_integer(iw);
    if (iw > 0) return odd ? iv : std::fabs(iv);
    return odd ? std::copysign(0.0, iv) : 0.0;
  }
  if (iv == 0.0) {
    bool odd = is_odd_integer(iw);
    if (iw < 0) raise_zero_division("0.0 cannot be raised to a negative power");
    return odd ? iv : 0.0;
  }
  bool negate = false;
  if (iv < 0.0) {
    if (iw != std::floor(iw))
      raise(exc::ValueError, "complex numbers are not supported (refc)");
    iv = -iv;
    negate = is_odd_integer(iw);
  }
  if (iv == 1.0) return negate ? -1.0 : 1.0;
  double ix = std::pow(iv, iw);
  if (std::isinf(ix)) raise(exc::OverflowError, "(34, 'Numerical result out of range')");
  return negate ? -ix : ix;
}

// ---- conversions and rounding -------------------------------------------------------------

Value float_to_int(double d) {
  if (std::isnan(d)) raise(exc::ValueError, "cannot convert float NaN to integer");
  if (std::isinf(d)) raise(exc::OverflowError, "cannot convert float infinity to integer");
  return int_value_from_double(d);
}

Value float_round_to_int(double d) {
  double r = std::round(d);
  if (std::fabs(d - r) == 0.5) r = 2.0 * std::round(d / 2.0);
  return float_to_int(r);
}

double float_round(double x, int64_t ndigits) {
  constexpr int64_t kMaxDigits = 323;  // (DBL_MANT_DIG - DBL_MIN_EXP) * log10(2)
  constexpr int64_t kMinDigits = -308; // -(DBL_MAX_EXP + 1) * log10(2)
  if (ndigits > kMaxDigits || !std::isfinite(x)) return x;
  if (ndigits < kMinDigits) return 0.0 * x;
  bool negative = std::signbit(x);
  double ax = std::fabs(x);
  std::string text;
  char buf[1100];
  if (ndigits >= 0) {
    auto r = std::to_chars(buf, buf + sizeof buf, ax, std::chars_format::fixed, static_cast<int>(ndigits));
    text.assign(buf, r.ptr);
  } else {
    // Round the exact integer part at 10**-ndigits, ties to even; the
    // fraction only matters as a sticky "more than half" bit.
    double t = std::trunc(ax);
    bool frac = ax != t;
    auto r = std::to_chars(buf, buf + sizeof buf, t, std::chars_format::fixed, 0);
    std::string digits(buf, r.ptr);
    if (digits == "0") digits.clear();
    auto keep = static_cast<int64_t>(digits.size()) + ndigits;
    if (keep < 0) {
      text = "0";
    } else {
      std::string kept = digits.substr(0, static_cast<size_t>(keep));
      bool up = false;
      if (static_cast<size_t>(keep) < digits.size()) {
        char next = digits[static_cast<size_t>(keep)];
        bool rest = frac || digits.find_first_not_of('0', static_cast<size_t>(keep) + 1) != std::string::npos;
        bool last_odd = !kept.empty() && ((kept.back() - '0') & 1);
        up = next > '5' || (next == '5' && (rest || last_odd));
      }
      if (up) {
        int i = static_cast<int>(kept.size()) - 1;
        while (i >= 0 && kept[static_cast<size_t>(i)] == '9') kept[static_cast<size_t>(i--)] = '0';
        if (i < 0)
          kept.insert(kept.begin(), '1');
        else
          ++kept[static_cast<size_t>(i)];
      }
      text = kept.empty() ? "0" : kept + "e" + std::to_string(-ndigits);
    }
  }
  double result = 0;
  auto r = std::from_chars(text.data(), text.data() + text.size(), result);
  if (r.ec == std::errc::result_out_of_range || std::isinf(result))
    raise(exc::OverflowError, "rounded value too large to represent");
  return negative ? -result : result;
}

// ---- comparison -----------------------------------------------------------------------

int compare_int_float(int64_t i, double d) {
  if (std::isnan(d)) return 2;
  constexpr int64_t kExact = 1LL << 53;
  if (i >= -kExact && i <= kExact) {
    auto di = static_cast<double>(i);
    return di < d ? -1 : di > d ? 1 : 0;
  }
  if (d >= 9223372036854775808.0) return -1;
  if (d < -9223372036854775808.0) return 1;
  double t = std::trunc(d);
  auto ti = static_cast<int64_t>(t);
  if (i != ti) return i < ti ? -1 : 1;
  double frac = d - t;
  return frac > 0 ? -1 : frac < 0 ? 1 : 0;
}

// ---- generic dispatch ----------------------------------------------------------------

Value numeric_binary_op(BinaryOp op, const Value& a, const Value& b) {
  auto o = static_cast<uint8_t>(op);
  if (o >= static_cast<uint8_t>(BinaryOp::InplaceAdd)) o -= static_cast<uint8_t>(BinaryOp::InplaceAdd);
  op = static_cast<BinaryOp>(o);
  if (a.is_intlike() && b.is_intlike()) {
    int64_t x = a.as_int(), y = b.as_int(), r;
    switch (op) {
    case BinaryOp::Add:
      if (__builtin_add_overflow(x, y, &r)) break;
      return Value::integer(r);
    case BinaryOp::Subtract:
      if (__builtin_sub_overflow(x, y, &r)) break;
      return Value::integer(r);
    case BinaryOp::Multiply:
      if (__builtin_mul_overflow(x, y, &r)) break;
      return Value::integer(r);
    case BinaryOp::TrueDivide: return Value::floating(int_truediv(x, y));
    case BinaryOp::FloorDivide:
      if (x == INT64_MIN && y == -1) break;
      return Value::integer(int_floordiv(x, y));
    case BinaryOp::Remainder: return Value::integer(int_mod(x, y));
    case BinaryOp::Power:
      if (y >= 0 && y < 64 && (x >= -1 && x <= 1 ? true : y * (64 - __builtin_clrsbll(x)) < 63))
        return int_pow(x, y);
      break;
    case BinaryOp::LShift:
      if (y >= 0 && y < 63) {
        r = static_cast<int64_t>(static_cast<uint64_t>(x) << y);
        if ((r >> y) == x) return Value::integer(r);
      }
      break;
    case BinaryOp::RShift: return Value::integer(int_rshift(x, y));
    case BinaryOp::And:
      return a.is_bool() && b.is_bool() ? Value::boolean(x & y) : Value::integer(x & y);
    case BinaryOp::Or:
      return a.is_bool() && b.is_bool() ? Value::boolean(x | y) : Value::integer(x | y);
    case BinaryOp::Xor:
      return a.is_bool() && b.is_bool() ? Value::boolean(x ^ y) : Value::integer(x ^ y);
    default: return Value();
    }
    // The result leaves 64 bits.
    return int_value_binary_op(op, a, b);
  }
  if (is_int_value(a) && is_int_value(b)) return int_value_binary_op(op, a, b);
  double x, y;
  if (a.is_float())
    x = a.as_float();
  else if (is_int_value(a))
    x = int_value_to_float(a);
  else
    return Value();
  if (b.is_float())
    y = b.as_float();
  else if (is_int_value(b))
    y = int_value_to_float(b);
  else
    return Value();
  switch (op) {
  case BinaryOp::Add: return Value::floating(x + y);
  case BinaryOp::Subtract: return Value::floating(x - y);
  case BinaryOp::Multiply: return Value::floating(x * y);
  case BinaryOp::TrueDivide: return Value::floating(float_truediv(x, y));
  case BinaryOp::FloorDivide: return Value::floating(float_floordiv(x, y));
  case BinaryOp::Remainder: return Value::floating(float_mod(x, y));
  case BinaryOp::Power: return Value::floating(float_pow(x, y));
  default: return Value();
  }
}

namespace {
bool apply_order(CompareOp op, int c) {
  // c is -1, 0, 1, or 2 for unordered (NaN): only != holds then.
  switch (op) {
  case CompareOp::Lt: return c == -1;
  case CompareOp::Le: return c == -1 || c == 0;
  case CompareOp::Eq: return c == 0;
  case CompareOp::Ne: return c != 0;
  case CompareOp::Gt: return c == 1;
  case CompareOp::Ge: return c == 1 || c == 0;
  }
  return false;
}
} // namespace

bool numeric_compare(CompareOp op, const Value& a, const Value& b, bool& result) {
  int c;
  if (is_int_value(a)) {
    if (is_int_value(b)) {
      c = int_value_compare(a, b);
    } else if (b.is_float()) {
      c = int_value_compare_float(a, b.as_float());
    } else {
      return false;
    }
  } else if (a.is_float()) {
    double x = a.as_float();
    if (b.is_float()) {
      double y = b.as_float();
      c = x < y ? -1 : x > y ? 1 : x == y ? 0 : 2;
    } else if (is_int_value(b)) {
      c = int_value_compare_float(b, x);
      if (c != 2) c = -c;
    } else {
      return false;
    }
  } else {
    return false;
  }
  result = apply_order(op, c);
  return true;
}

} // namespace refc::lang
