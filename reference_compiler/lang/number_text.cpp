// The decimal text of refc's numbers: float repr and formatting
// (PyOS_double_to_string's layouts over correctly rounded digits from
// std::to_chars, as _Py_dg_dtoa returns them), int to decimal or another base,
// and int()/float() parsing with CPython's rules for underscores, whitespace,
// Unicode digits and error messages.
#include "reference_compiler/lang/number_ops.h"

#include "reference_compiler/lang/big_int.h"
#include "reference_compiler/lang/builtin_types.h"
#include "reference_compiler/lang/str_methods.h"
#include "reference_compiler/lang/unicode_db.h"
#include "reference_compiler/lang/utf8.h"

#include <charconv>
#include <cmath>
#include <limits>

namespace refc::lang {
namespace {

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

// Parses an ASCII int literal; false on a syntax error. A value beyond int64
// becomes a BigInt from its digits.
bool parse_int_ascii(std::string_view s, int base, Value& result) {
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
      result = Value::integer(0);
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
  size_t first_digit = std::string_view::npos;
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
    if (ndigits++ == 0) first_digit = i;
    if (acc > (limit - static_cast<uint64_t>(d)) / static_cast<uint64_t>(base))
      overflow = true;
    else
      acc = acc * static_cast<uint64_t>(base) + static_cast<uint64_t>(d);
  }
  if (ndigits == 0 || prev_underscore) return false;
  while (i < n && is_ascii_space(s[i])) ++i;
  if (i != n) return false;
  if (overflow) {
    std::string digits;
    digits.reserve(ndigits);
    for (size_t k = first_digit; k < n && !is_ascii_space(s[k]); ++k)
      if (s[k] != '_') digits.push_back(s[k]);
    result = int_from_digits(digits, base, negative);
    return true;
  }
  result = Value::integer(negative ? static_cast<int64_t>(0 - acc) : static_cast<int64_t>(acc));
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

Value parse_int(std::string_view text, int base) {
  if (base != 0 && (base < 2 || base > 36)) raise(exc::ValueError, "int() base must be >= 2 and <= 36, or 0");
  Value result;
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

} // namespace refc::lang
