// CPython 3.11's numeric semantics for refc's 64-bit ints and IEEE doubles:
// hashing (longobject.c / pyhash.c), float repr and formatting (PyOS_double_to_string
// over correctly rounded digits from std::to_chars), int()/float() parsing,
// Python's floor division and modulo sign rules, powers with CPython's special
// cases, and round(). Integer results that leave 64 bits raise refc's OverflowError.
#include "reference_compiler/lang/number_ops.h"

#include "reference_compiler/lang/builtin_types.h"
#include "reference_compiler/lang/str_methods.h"
#include "reference_compiler/lang/unicode_db.h"
#include "reference_compiler/lang/utf8.h"

#include <cerrno>
#include <charconv>
#include <cmath>
#include <cstring>
#include <limits>

namespace refc::lang {
namespace {

constexpr uint64_t kHashModulus = (1ULL << 61) - 1; // CPython's _PyHASH_MODULUS
constexpr int kHashBits = 61;
constexpr int64_t kHashInf = 314159;

uint64_t magnitude(int64_t v) { return v < 0 ? 0 - static_cast<uint64_t>(v) : static_cast<uint64_t>(v); }

// ---- decimal digits of a double, as _Py_dg_dtoa returns them ----------------------
// `digits` has no leading or trailing zeros (zero itself is "0"); the value is
// 0.<digits> * 10**decpt.
struct DecimalDigits {
  std::string digits;
  int decpt = 0;
};

// Splits to_chars output ("1.2345e+07" or "123.4500") into digits and decpt.
void split_digits(const char* s, const char* end, DecimalDigits& out) {
  out.digits.clear();
  int int_digits = 0;
  bool seen_point = false;
  const char* p = s;
  for (; p < end && *p != 'e'; ++p) {
    if (*p == '.') {
      seen_point = true;
      continue;
    }
    out.digits.push_back(*p);
    if (!seen_point) ++int_digits;
  }
  int exp = 0;
  if (p < end) std::from_chars(p + 1 + (p[1] == '+'), end, exp);
  // Value = d.ddd * 10**exp (scientific) or ddd.ddd (fixed): decpt counts the
  // digits before the point.
  out.decpt = int_digits + exp;
  size_t lead = 0;
  while (lead < out.digits.size() && out.digits[lead] == '0') ++lead;
  out.digits.erase(0, lead);
  out.decpt -= static_cast<int>(lead);
  while (!out.digits.empty() && out.digits.back() == '0') out.digits.pop_back();
}

// dtoa modes: 0 shortest round-trip, 2 `ndigits` significant digits, 3 `ndigits`
// digits after the decimal point. `d` is finite and non-negative.
void dtoa(double d, int mode, int ndigits, DecimalDigits& out) {
  if (d == 0) {
    out.digits = "0";
    out.decpt = 1;
    return;
  }
  std::string buf;
  std::to_chars_result r;
  if (mode == 0) {
    buf.resize(32);
    r = std::to_chars(buf.data(), buf.data() + buf.size(), d, std::chars_format::scientific);
  } else if (mode == 2) {
    buf.resize(static_cast<size_t>(ndigits) + 16);
    r = std::to_chars(buf.data(), buf.data() + buf.size(), d, std::chars_format::scientific,
                      ndigits - 1);
  } else {
    buf.resize(static_cast<size_t>(ndigits) + 330);
    r = std::to_chars(buf.data(), buf.data() + buf.size(), d, std::chars_format::fixed, ndigits);
  }
  split_digits(buf.data(), r.ptr, out);
  if (out.digits.empty()) out.decpt = -ndigits; // rounded to zero (fcvt style)
}

// CPython's format_float_short layout of dtoa digits.
std::string layout(const DecimalDigits& dd, bool negative, char code, int precision, unsigned flags,
                   bool upper) {
  const std::string& digits = dd.digits;
  int digits_len = static_cast<int>(digits.size());
  int decpt = dd.decpt;
  bool add_dot_0 = flags & kDtsfAddDot0;
  bool alt = flags & kDtsfAlt;
  if ((flags & kDtsfNoNegZero) && negative && (digits_len == 0 || digits == "0")) negative = false;

  bool use_exp = false;
  int exp = 0;
  int vdigits_end = digits_len;
  switch (code) {
  case 'e':
    use_exp = true;
    vdigits_end = precision;
    break;
  case 'f':
    vdigits_end = decpt + precision;
    break;
  case 'g':
    if (decpt <= -4 || decpt > (add_dot_0 ? precision - 1 : precision)) use_exp = true;
    if (alt) vdigits_end = precision;
    break;
  default: // 'r'
    if (decpt <= -4 || decpt > 16) use_exp = true;
    break;
  }
  if (use_exp) {
    exp = decpt - 1;
    decpt = 1;
  }
  int vdigits_start = decpt <= 0 ? decpt - 1 : 0;
  if (!use_exp && add_dot_0)
    vdigits_end = std::max(vdigits_end, decpt + 1);
  else
    vdigits_end = std::max(vdigits_end, decpt);

  std::string out;
  out.reserve(static_cast<size_t>(vdigits_end - vdigits_start) + 8);
  if (negative)
    out.push_back('-');
  else if (flags & kDtsfSign)
    out.push_back('+');
  if (decpt <= 0) {
    out.append(static_cast<size_t>(decpt - vdigits_start), '0');
    out.push_back('.');
    out.append(static_cast<size_t>(-decpt), '0');
  } else {
    out.append(static_cast<size_t>(-vdigits_start), '0');
  }
  if (0 < decpt && decpt <= digits_len) {
    out.append(digits, 0, static_cast<size_t>(decpt));
    out.push_back('.');
    out.append(digits, static_cast<size_t>(decpt));
  } else {
    out.append(digits);
  }
  if (digits_len < decpt) {
    out.append(static_cast<size_t>(decpt - digits_len), '0');
    out.push_back('.');
    out.append(static_cast<size_t>(vdigits_end - decpt), '0');
  } else {
    out.append(static_cast<size_t>(vdigits_end - digits_len), '0');
  }
  if (out.back() == '.' && !alt) out.pop_back();
  if (use_exp) {
    out.push_back(upper ? 'E' : 'e');
    out.push_back(exp < 0 ? '-' : '+');
    int a = exp < 0 ? -exp : exp;
    if (a < 10) out.push_back('0');
    out += std::to_string(a);
  }
  return out;
}

[[noreturn]] void raise_zero_division(const char* msg) { raise(exc::ZeroDivisionError, msg); }

// The repr CPython's error messages embed (%R of a str).
std::string quote_for_message(std::string_view text) { return str_repr(text); }

bool is_ascii_space(char c) { return c == ' ' || (c >= '\t' && c <= '\r'); }

// _PyUnicode_TransformDecimalAndSpaceToASCII: Unicode decimal digits become
// ASCII digits, Unicode spaces become ' ', anything else non-ASCII ends the
// text with '?' (which no parser accepts).
std::string to_ascii_number_text(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  for (const char* p = text.data(); p < text.data() + text.size();) {
    uint32_t c = utf8_decode(p);
    if (c < 127) {
      out.push_back(static_cast<char>(c));
    } else if (unicode::is_space(c)) {
      out.push_back(' ');
    } else {
      int d = unicode::decimal_value(c);
      if (d < 0) {
        out.push_back('?');
        break;
      }
      out.push_back(static_cast<char>('0' + d));
    }
  }
  return out;
}

bool all_ascii(std::string_view s) {
  for (char c : s)
    if (static_cast<uint8_t>(c) >= 0x80) return false;
  return true;
}

int digit_value(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'z') return c - 'a' + 10;
  if (c >= 'A' && c <= 'Z') return c - 'A' + 10;
  return 99;
}

// Parses an ASCII int literal; false on a syntax error. Overflow raises.
bool parse_int_ascii(std::string_view s, int base, int64_t& result) {
  size_t i = 0, n = s.size();
  while (i < n && is_ascii_space(s[i])) ++i;
  bool negative = false;
  if (i < n && (s[i] == '+' || s[i] == '-')) negative = s[i++] == '-';
  bool underscore_ok = false; // an underscore may follow a base prefix
  if (base == 0) {
    if (i + 1 < n && s[i] == '0') {
      char p = static_cast<char>(s[i + 1] | 0x20);
      base = p == 'x' ? 16 : p == 'o' ? 8 : p == 'b' ? 2 : 10;
    } else {
      base = 10;
    }
    if (base != 10) {
      i += 2;
      underscore_ok = true;
    } else if (i < n && s[i] == '0') {
      // Base 0 forbids leading zeros: "0", "00", "0_0" only.
      size_t j = i;
      bool prev_underscore = false;
      while (j < n && (s[j] == '0' || s[j] == '_')) {
        if (s[j] == '_' && prev_underscore) return false;
        prev_underscore = s[j] == '_';
        ++j;
      }
      if (prev_underscore) return false;
      while (j < n && is_ascii_space(s[j])) ++j;
      if (j != n) return false;
      result = 0;
      return true;
    }
  } else if (i + 1 < n && s[i] == '0') {
    char p = static_cast<char>(s[i + 1] | 0x20);
    if ((base == 16 && p == 'x') || (base == 8 && p == 'o') || (base == 2 && p == 'b')) {
      i += 2;
      underscore_ok = true;
    }
  }
  uint64_t limit = negative ? (1ULL << 63) : static_cast<uint64_t>(INT64_MAX);
  uint64_t acc = 0;
  size_t ndigits = 0;
  bool prev_underscore = false;
  bool overflow = false;
  for (; i < n && !is_ascii_space(s[i]); ++i) {
    if (s[i] == '_') {
      if (prev_underscore || (ndigits == 0 && !underscore_ok)) return false;
      prev_underscore = true;
      continue;
    }
    int d = digit_value(s[i]);
    if (d >= base) return false;
    prev_underscore = false;
    ++ndigits;
    if (acc > (limit - static_cast<uint64_t>(d)) / static_cast<uint64_t>(base))
      overflow = true;
    else
      acc = acc * static_cast<uint64_t>(base) + static_cast<uint64_t>(d);
  }
  if (ndigits == 0 || prev_underscore) return false;
  while (i < n && is_ascii_space(s[i])) ++i;
  if (i != n) return false;
  if (overflow) raise_int_overflow();
  result = negative ? static_cast<int64_t>(0 - acc) : static_cast<int64_t>(acc);
  return true;
}

bool iequals(std::string_view a, std::string_view b) {
  if (a.size() != b.size()) return false;
  for (size_t i = 0; i < a.size(); ++i)
    if ((a[i] | 0x20) != b[i]) return false;
  return true;
}

// Parses an ASCII float literal (already stripped); false on a syntax error.
bool parse_float_ascii(std::string_view s, double& result) {
  bool negative = false;
  size_t i = 0;
  if (!s.empty() && (s[0] == '+' || s[0] == '-')) {
    negative = s[0] == '-';
    i = 1;
  }
  std::string_view body = s.substr(i);
  if (iequals(body, "inf") || iequals(body, "infinity")) {
    result = negative ? -HUGE_VAL : HUGE_VAL;
    return true;
  }
  if (iequals(body, "nan")) {
    result = negative ? -std::numeric_limits<double>::quiet_NaN()
                      : std::numeric_limits<double>::quiet_NaN();
    return true;
  }
  // Validate [digits][.digits][(e|E)[sign]digits] with underscores only between
  // digits, and collect the text without underscores.
  std::string clean;
  clean.reserve(body.size());
  size_t j = 0, n = body.size();
  auto digits = [&](size_t& count) {
    count = 0;
    while (j < n) {
      if (body[j] >= '0' && body[j] <= '9') {
        clean.push_back(body[j++]);
        ++count;
      } else if (body[j] == '_' && count > 0 && j + 1 < n && body[j + 1] >= '0' && body[j + 1] <= '9') {
        ++j;
      } else {
        break;
      }
    }
  };
  size_t int_digits = 0, frac_digits = 0, exp_digits = 0;
  digits(int_digits);
  if (j < n && body[j] == '.') {
    clean.push_back('.');
    ++j;
    digits(frac_digits);
  }
  if (int_digits + frac_digits == 0) return false;
  if (j < n && (body[j] == 'e' || body[j] == 'E')) {
    clean.push_back('e');
    ++j;
    if (j < n && (body[j] == '+' || body[j] == '-')) clean.push_back(body[j++]);
    digits(exp_digits);
    if (exp_digits == 0) return false;
  }
  if (j != n) return false;
  double v = 0;
  auto r = std::from_chars(clean.data(), clean.data() + clean.size(), v);
  if (r.ec == std::errc::result_out_of_range) {
    // Past the double range: the decimal exponent's sign says overflow or underflow.
    size_t first_nonzero = clean.find_first_not_of("0.");
    size_t point = clean.find('.');
    size_t epos = clean.find('e');
    if (point == std::string::npos) point = std::min(epos, clean.size());
    long long e10 = static_cast<long long>(point) - static_cast<long long>(first_nonzero);
    if (epos != std::string::npos) {
      const char* p = clean.data() + epos + 1;
      bool eneg = *p == '-';
      if (*p == '+' || *p == '-') ++p;
      long long ev = 0;
      for (; p < clean.data() + clean.size() && ev < (1LL << 40); ++p) ev = ev * 10 + (*p - '0');
      e10 += eneg ? -ev : ev;
    }
    v = e10 > 0 ? HUGE_VAL : 0.0;
  }
  result = negative ? -v : v;
  return true;
}

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

// ---- text -----------------------------------------------------------------------

std::string int_to_string(int64_t v) {
  char buf[24];
  auto r = std::to_chars(buf, buf + sizeof buf, v);
  return std::string(buf, r.ptr);
}

std::string int_to_base(int64_t v, int base, bool prefix) {
  char buf[72];
  auto r = std::to_chars(buf, buf + sizeof buf, magnitude(v), base);
  std::string out;
  if (v < 0) out.push_back('-');
  if (prefix) out += base == 2 ? "0b" : base == 8 ? "0o" : base == 16 ? "0x" : "";
  out.append(buf, r.ptr);
  return out;
}

std::string format_double(double d, char code, int precision, unsigned flags) {
  bool upper = false;
  int mode = 0;
  switch (code) {
  case 'E':
    upper = true;
    code = 'e';
    [[fallthrough]];
  case 'e':
    mode = 2;
    ++precision;
    break;
  case 'F':
    upper = true;
    code = 'f';
    [[fallthrough]];
  case 'f':
    mode = 3;
    break;
  case 'G':
    upper = true;
    code = 'g';
    [[fallthrough]];
  case 'g':
    mode = 2;
    if (precision == 0) precision = 1;
    break;
  default:
    code = 'r';
    mode = 0;
    precision = 0;
    break;
  }
  bool negative = std::signbit(d);
  if (std::isnan(d) || std::isinf(d)) {
    std::string out;
    if (std::isnan(d))
      negative = false;
    if (negative)
      out.push_back('-');
    else if (flags & kDtsfSign)
      out.push_back('+');
    out += std::isnan(d) ? (upper ? "NAN" : "nan") : (upper ? "INF" : "inf");
    return out;
  }
  DecimalDigits dd;
  dtoa(std::fabs(d), mode, precision, dd);
  return layout(dd, negative, code, precision, flags, upper);
}

std::string float_repr(double d) {
  if (d == 0) return std::signbit(d) ? "-0.0" : "0.0";
  if (!std::isfinite(d)) return std::isnan(d) ? "nan" : d > 0 ? "inf" : "-inf";
  // The hot path of print(x): the shortest digits laid out on the stack.
  char sci[32];
  auto r = std::to_chars(sci, sci + sizeof sci, std::fabs(d), std::chars_format::scientific);
  char digits[20];
  int n = 0;
  const char* p = sci;
  for (; p < r.ptr && *p != 'e'; ++p)
    if (*p != '.') digits[n++] = *p;
  while (n > 1 && digits[n - 1] == '0') --n;
  int exp = 0;
  std::from_chars(p + 1 + (p[1] == '+'), r.ptr, exp);
  int decpt = exp + 1;
  char out[40];
  int k = 0;
  if (d < 0) out[k++] = '-';
  if (decpt <= -4 || decpt > 16) {
    out[k++] = digits[0];
    if (n > 1) {
      out[k++] = '.';
      for (int i = 1; i < n; ++i) out[k++] = digits[i];
    }
    out[k++] = 'e';
    out[k++] = exp < 0 ? '-' : '+';
    int a = exp < 0 ? -exp : exp;
    if (a >= 100) out[k++] = static_cast<char>('0' + a / 100);
    out[k++] = static_cast<char>('0' + a / 10 % 10);
    out[k++] = static_cast<char>('0' + a % 10);
  } else if (decpt <= 0) {
    out[k++] = '0';
    out[k++] = '.';
    for (int i = 0; i < -decpt; ++i) out[k++] = '0';
    for (int i = 0; i < n; ++i) out[k++] = digits[i];
  } else {
    for (int i = 0; i < decpt; ++i) out[k++] = i < n ? digits[i] : '0';
    out[k++] = '.';
    if (n > decpt)
      for (int i = decpt; i < n; ++i) out[k++] = digits[i];
    else
      out[k++] = '0';
  }
  return std::string(out, static_cast<size_t>(k));
}

// ---- parsing ----------------------------------------------------------------------

int64_t parse_int(std::string_view text, int base) {
  if (base != 0 && (base < 2 || base > 36)) raise(exc::ValueError, "int() base must be >= 2 and <= 36, or 0");
  int64_t result = 0;
  bool ok = all_ascii(text) ? parse_int_ascii(text, base, result)
                            : parse_int_ascii(to_ascii_number_text(text), base, result);
  if (!ok) {
    std::string shown = quote_for_message(text);
    if (utf8_length(shown) > 200) shown.resize(utf8_offset(shown, 200));
    raise(exc::ValueError, "invalid literal for int() with base " + std::to_string(base) + ": " + shown);
  }
  return result;
}

double parse_float(std::string_view text) {
  std::string converted;
  std::string_view s = text;
  if (!all_ascii(text)) {
    converted = to_ascii_number_text(text);
    s = converted;
  }
  while (!s.empty() && is_ascii_space(s.front())) s.remove_prefix(1);
  while (!s.empty() && is_ascii_space(s.back())) s.remove_suffix(1);
  double result;
  if (s.empty() || !parse_float_ascii(s, result))
    raise(exc::ValueError, "could not convert string to float: " + quote_for_message(text));
  return result;
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

int64_t int_lshift(int64_t a, int64_t n) {
  if (n < 0) raise(exc::ValueError, "negative shift count");
  if (a == 0) return 0;
  if (n >= 64) raise_int_overflow();
  int64_t r = static_cast<int64_t>(static_cast<uint64_t>(a) << n);
  if ((r >> n) != a) raise_int_overflow();
  return r;
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

int64_t float_to_int(double d) {
  if (std::isnan(d)) raise(exc::ValueError, "cannot convert float NaN to integer");
  if (std::isinf(d)) raise(exc::OverflowError, "cannot convert float infinity to integer");
  if (!(d > -9223372036854775809.0 && d < 9223372036854775808.0)) raise_int_overflow();
  return static_cast<int64_t>(d);
}

int64_t float_round_to_int(double d) {
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

int64_t int_round(int64_t v, int64_t ndigits) {
  if (ndigits >= 0) return v;
  if (ndigits < -19) return 0;
  __int128 p = 1;
  for (int64_t i = 0; i < -ndigits; ++i) p *= 10;
  __int128 a = v;
  __int128 q = a / p, r = a % p;
  if (r < 0) {
    r += p;
    --q;
  }
  if (2 * r > p || (2 * r == p && (q & 1))) ++q;
  __int128 result = q * p;
  if (result > INT64_MAX || result < INT64_MIN) raise_int_overflow();
  return static_cast<int64_t>(result);
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
    int64_t x = a.as_int(), y = b.as_int();
    switch (op) {
    case BinaryOp::Add: return Value::integer(int_add(x, y));
    case BinaryOp::Subtract: return Value::integer(int_sub(x, y));
    case BinaryOp::Multiply: return Value::integer(int_mul(x, y));
    case BinaryOp::TrueDivide: return Value::floating(int_truediv(x, y));
    case BinaryOp::FloorDivide: return Value::integer(int_floordiv(x, y));
    case BinaryOp::Remainder: return Value::integer(int_mod(x, y));
    case BinaryOp::Power: return int_pow(x, y);
    case BinaryOp::LShift: return Value::integer(int_lshift(x, y));
    case BinaryOp::RShift: return Value::integer(int_rshift(x, y));
    case BinaryOp::And:
      return a.is_bool() && b.is_bool() ? Value::boolean(x & y) : Value::integer(x & y);
    case BinaryOp::Or:
      return a.is_bool() && b.is_bool() ? Value::boolean(x | y) : Value::integer(x | y);
    case BinaryOp::Xor:
      return a.is_bool() && b.is_bool() ? Value::boolean(x ^ y) : Value::integer(x ^ y);
    default: return Value();
    }
  }
  double x, y;
  if (a.is_float())
    x = a.as_float();
  else if (a.is_intlike())
    x = int_to_float(a.as_int());
  else
    return Value();
  if (b.is_float())
    y = b.as_float();
  else if (b.is_intlike())
    y = int_to_float(b.as_int());
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
  if (a.is_intlike()) {
    if (b.is_intlike()) {
      int64_t x = a.as_int(), y = b.as_int();
      c = x < y ? -1 : x > y ? 1 : 0;
    } else if (b.is_float()) {
      c = compare_int_float(a.as_int(), b.as_float());
    } else {
      return false;
    }
  } else if (a.is_float()) {
    double x = a.as_float();
    if (b.is_float()) {
      double y = b.as_float();
      c = x < y ? -1 : x > y ? 1 : x == y ? 0 : 2;
    } else if (b.is_intlike()) {
      c = compare_int_float(b.as_int(), x);
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
