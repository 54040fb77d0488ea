// The format-spec engine behind int/float/str.__format__: CPython 3.11's
// formatter_unicode.c rules for fill and alignment, sign, 'z', '#', zero
// padding with thousands grouping ("00,001,234"), precision, and every
// presentation type, with CPython's error messages and their order.
#include "reference_compiler/lang/format_spec.h"

#include "reference_compiler/lang/big_int.h"
#include "reference_compiler/lang/builtin_types.h"
#include "reference_compiler/lang/errors.h"
#include "reference_compiler/lang/number_ops.h"
#include "reference_compiler/lang/utf8.h"

#include <climits>
#include <cmath>

namespace refc::lang {
namespace {

// Refuse absurd widths before allocating: CPython would fail with MemoryError too.
constexpr int64_t kMaxOutput = int64_t{1} << 31;

[[noreturn]] void value_error(std::string msg) { raise(exc::ValueError, std::move(msg)); }

std::string code_repr(uint32_t c) {
  if (c > 32 && c < 128) return std::string(1, static_cast<char>(c));
  char buf[16];
  std::snprintf(buf, sizeof buf, "\\x%x", c);
  return buf;
}

[[noreturn]] void unknown_code(uint32_t c, std::string_view type_name) {
  value_error("Unknown format code '" + code_repr(c) + "' for object of type '" +
              std::string(type_name) + "'");
}

bool is_align(uint32_t c) { return c == '<' || c == '>' || c == '=' || c == '^'; }

// Reads decimal digits at p; returns how many. Overflow past PY_SSIZE_T_MAX raises.
int read_integer(const char*& p, const char* end, int64_t& out) {
  int n = 0;
  int64_t acc = 0;
  while (p < end && *p >= '0' && *p <= '9') {
    int d = *p - '0';
    if (acc > (INT64_MAX - d) / 10) value_error("Too many decimal digits in format string");
    acc = acc * 10 + d;
    ++p;
    ++n;
  }
  out = acc;
  return n;
}

void append_fill(std::string& out, uint32_t fill, int64_t n) {
  if (n <= 0) return;
  if (fill < 0x80) {
    out.append(static_cast<size_t>(n), static_cast<char>(fill));
  } else {
    std::string f = utf8_encode(fill);
    for (int64_t i = 0; i < n; ++i) out += f;
  }
}

void check_size(int64_t n) {
  if (n > kMaxOutput) raise(exc::MemoryError, "");
}

// _PyUnicode_InsertThousandsGrouping: groups `digits` from the right, padding
// with '0's (and separators) until at least `min_width` characters.
std::string group_digits(std::string_view digits, int64_t min_width, char sep, int group) {
  check_size(min_width);
  std::string rev; // built right to left
  int64_t remaining = static_cast<int64_t>(digits.size());
  size_t pos = digits.size();
  bool use_sep = false;
  auto emit = [&](int64_t n_chars, int64_t n_zeros) {
    if (use_sep) rev.push_back(sep);
    for (int64_t i = 0; i < n_chars; ++i) rev.push_back(digits[--pos]);
    rev.append(static_cast<size_t>(n_zeros), '0');
  };
  if (sep) {
    for (;;) {
      int64_t l = std::min<int64_t>(group, std::max<int64_t>(std::max(remaining, min_width), 1));
      int64_t n_zeros = std::max<int64_t>(0, l - remaining);
      int64_t n_chars = std::max<int64_t>(0, std::min(remaining, l));
      emit(n_chars, n_zeros);
      use_sep = true;
      remaining -= n_chars;
      min_width -= group;
      if (remaining <= 0 && min_width <= 0) return std::string(rev.rbegin(), rev.rend());
      min_width -= 1;
    }
  }
  int64_t len = std::max<int64_t>(std::max(remaining, min_width), 1);
  emit(std::max<int64_t>(0, std::min(remaining, len)), std::max<int64_t>(0, len - remaining));
  return std::string(rev.rbegin(), rev.rend());
}

// calc_number_widths + fill_number: lays out
// <lpad><sign><prefix><spad><grouped digits><remainder><rpad>.
// `remainder` is the text after the integer digits (".5e+10", "%", a 'c' char).
std::string layout_number(const FormatSpec& f, bool negative, std::string_view prefix,
                          std::string_view digits, std::string_view remainder,
                          int64_t remainder_len) {
  char sign = 0;
  if (f.sign == '+')
    sign = negative ? '-' : '+';
  else if (f.sign == ' ')
    sign = negative ? '-' : ' ';
  else if (negative)
    sign = '-';
  int64_t n_sign = sign ? 1 : 0;
  auto n_prefix = static_cast<int64_t>(prefix.size());
  int64_t non_digits = n_sign + n_prefix + remainder_len;
  int64_t min_width = (f.fill == '0' && f.align == '=') ? f.width - non_digits : 0;
  std::string grouped = digits.empty() ? std::string() : group_digits(digits, min_width, f.grouping, f.group_size);
  int64_t padding = f.width - (non_digits + static_cast<int64_t>(grouped.size()));
  int64_t lpad = 0, spad = 0, rpad = 0;
  if (padding > 0) {
    check_size(padding);
    switch (f.align) {
    case '<': rpad = padding; break;
    case '^':
      lpad = padding / 2;
      rpad = padding - lpad;
      break;
    case '=': spad = padding; break;
    default: lpad = padding; break;
    }
  }
  std::string out;
  out.reserve(static_cast<size_t>(std::max<int64_t>(padding, 0)) + grouped.size() + prefix.size() +
              remainder.size() + 1);
  append_fill(out, f.fill, lpad);
  if (sign) out.push_back(sign);
  out += prefix;
  append_fill(out, f.fill, spad);
  out += grouped;
  out += remainder;
  append_fill(out, f.fill, rpad);
  return out;
}

std::string format_float_with(double v, const FormatSpec& f) {
  if (f.precision > INT_MAX) value_error("precision too big");
  int precision = static_cast<int>(f.precision);
  unsigned flags = 0;
  if (f.alternate) flags |= kDtsfAlt;
  if (f.no_neg_zero) flags |= kDtsfNoNegZero;
  int default_precision = 6;
  char type = static_cast<char>(f.type);
  if (type == 0) {
    flags |= kDtsfAddDot0;
    type = 'r';
    default_precision = 0;
  }
  if (type == 'n') type = 'g';
  bool percent = false;
  if (type == '%') {
    type = 'f';
    v *= 100;
    percent = true;
  }
  if (precision < 0)
    precision = default_precision;
  else if (type == 'r')
    type = 'g';
  std::string buf = format_double(v, type, precision, flags);
  if (percent) buf.push_back('%');
  if (f.sign != '+' && f.sign != ' ' && f.width == -1 && f.type != 'n' && !f.grouping) return buf;
  std::string_view body = buf;
  bool negative = false;
  if (!body.empty() && body[0] == '-') {
    negative = true;
    body.remove_prefix(1);
  }
  size_t int_end = 0;
  while (int_end < body.size() && body[int_end] >= '0' && body[int_end] <= '9') ++int_end;
  std::string_view rest = body.substr(int_end);
  return layout_number(f, negative, {}, body.substr(0, int_end), rest, static_cast<int64_t>(rest.size()));
}

} // namespace

FormatSpec parse_format_spec(std::string_view spec, char default_type, char default_align,
                             std::string_view type_name) {
  FormatSpec f;
  f.align = default_align;
  f.type = static_cast<uint8_t>(default_type);
  const char* p = spec.data();
  const char* end = p + spec.size();
  bool fill_specified = false, align_specified = false;

  // [[fill]align]: the fill may be any code point.
  if (p < end) {
    const char* q = p;
    uint32_t first = utf8_decode(q);
    if (q < end && is_align(static_cast<uint8_t>(*q))) {
      f.fill = first;
      f.align = *q;
      fill_specified = align_specified = true;
      p = q + 1;
    } else if (is_align(first)) {
      f.align = static_cast<char>(first);
      align_specified = true;
      p = q;
    }
  }
  if (p < end && (*p == '+' || *p == '-' || *p == ' ')) f.sign = *p++;
  if (p < end && *p == 'z') {
    f.no_neg_zero = true;
    ++p;
  }
  if (p < end && *p == '#') {
    f.alternate = true;
    ++p;
  }
  if (!fill_specified && p < end && *p == '0') {
    f.fill = '0';
    if (!align_specified && default_align == '>') f.align = '=';
    ++p;
  }
  int64_t width;
  if (read_integer(p, end, width) > 0) f.width = width;
  if (p < end && *p == ',') {
    f.grouping = ',';
    ++p;
  }
  if (p < end && *p == '_') {
    if (f.grouping) value_error("Cannot specify both ',' and '_'.");
    f.grouping = '_';
    ++p;
  }
  if (p < end && *p == ',') value_error("Cannot specify both ',' and '_'.");
  if (p < end && *p == '.') {
    ++p;
    int64_t precision;
    if (read_integer(p, end, precision) == 0) value_error("Format specifier missing precision");
    f.precision = precision;
  }
  if (p < end) {
    const char* q = p;
    uint32_t t = utf8_decode(q);
    if (q != end)
      value_error("Invalid format specifier '" + std::string(spec) + "' for object of type '" +
                  std::string(type_name) + "'");
    f.type = t;
  }
  if (f.grouping) {
    switch (f.type) {
    case 'd': case 'e': case 'f': case 'g': case 'E': case 'G': case '%': case 'F': case 0:
      break;
    case 'b': case 'o': case 'x': case 'X':
      if (f.grouping == '_') {
        f.group_size = 4;
        break;
      }
      [[fallthrough]];
    default:
      value_error(std::string("Cannot specify '") + f.grouping + "' with '" + code_repr(f.type) + "'.");
    }
  }
  return f;
}

std::string format_int(const Value& v, std::string_view spec, std::string_view type_name) {
  if (spec.empty()) return int_value_to_string(v);
  FormatSpec f = parse_format_spec(spec, 'd', '>', type_name);
  switch (f.type) {
  case 'b': case 'c': case 'd': case 'o': case 'x': case 'X': case 'n':
    break;
  case 'e': case 'E': case 'f': case 'F': case 'g': case 'G': case '%':
    return format_float_with(int_value_to_float(v), f);
  default:
    unknown_code(f.type, type_name);
  }
  if (f.precision != -1) value_error("Precision not allowed in integer format specifier");
  if (f.no_neg_zero) value_error("Negative zero coercion (z) not allowed in integer format specifier");
  if (f.type == 'c') {
    if (f.sign) value_error("Sign not allowed with integer format specifier 'c'");
    if (f.alternate) value_error("Alternate form (#) not allowed with integer format specifier 'c'");
    if (!v.is_intlike()) raise(exc::OverflowError, "Python int too large to convert to C long");
    if (v.as_int() < 0 || v.as_int() > 0x10ffff) raise(exc::OverflowError, "%c arg not in range(0x110000)");
    std::string ch = utf8_encode(static_cast<uint32_t>(v.as_int()));
    return layout_number(f, false, {}, {}, ch, 1);
  }
  int base = 10;
  const char* prefix = "";
  switch (f.type) {
  case 'b': base = 2; prefix = "0b"; break;
  case 'o': base = 8; prefix = "0o"; break;
  case 'x': base = 16; prefix = "0x"; break;
  case 'X': base = 16; prefix = "0X"; break;
  default: break;
  }
  std::string digits = int_value_magnitude_digits(v, base);
  bool negative = int_value_compare(v, Value::integer(0)) < 0;
  if (f.type == 'X')
    for (char& c : digits) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  return layout_number(f, negative, f.alternate ? prefix : "", digits, {}, 0);
}

std::string format_float(double v, std::string_view spec) {
  if (spec.empty()) return float_repr(v);
  FormatSpec f = parse_format_spec(spec, 0, '>', "float");
  switch (f.type) {
  case 0: case 'e': case 'E': case 'f': case 'F': case 'g': case 'G': case 'n': case '%':
    return format_float_with(v, f);
  default:
    unknown_code(f.type, "float");
  }
}

std::string format_str(std::string_view text, int64_t length, std::string_view spec) {
  if (spec.empty()) return std::string(text);
  FormatSpec f = parse_format_spec(spec, 's', '<', "str");
  if (f.type != 's') unknown_code(f.type, "str");
  if (f.sign == ' ') value_error("Space not allowed in string format specifier");
  if (f.sign) value_error("Sign not allowed in string format specifier");
  if (f.no_neg_zero) value_error("Negative zero coercion (z) not allowed in string format specifier");
  if (f.alternate) value_error("Alternate form (#) not allowed in string format specifier");
  if (f.align == '=') value_error("'=' alignment not allowed in string format specifier");
  if ((f.width == -1 || f.width <= length) && (f.precision == -1 || f.precision >= length))
    return std::string(text);
  if (f.precision >= 0 && length >= f.precision) {
    text = text.substr(0, utf8_offset(text, f.precision));
    length = f.precision;
  }
  int64_t total = std::max(f.width, length);
  check_size(total);
  int64_t lpad = f.align == '>' ? total - length : f.align == '^' ? (total - length) / 2 : 0;
  int64_t rpad = total - length - lpad;
  std::string out;
  append_fill(out, f.fill, lpad);
  out += text;
  append_fill(out, f.fill, rpad);
  return out;
}

} // namespace refc::lang
