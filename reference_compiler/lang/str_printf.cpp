// printf-style string formatting, `format % args` (CPython's PyUnicode_Format):
// %(key) lookups in a mapping, flags "-+ #0", '*' widths and precisions,
// conversions s r a c d i u o x X e E f F g G and %%, with CPython's rules for
// which argument shapes are accepted and its error messages.
#include "reference_compiler/lang/str_methods.h"

#include "reference_compiler/lang/abstract.h"
#include "reference_compiler/lang/builtin_types.h"
#include "reference_compiler/lang/container_support.h"
#include "reference_compiler/lang/errors.h"
#include "reference_compiler/lang/number_ops.h"
#include "reference_compiler/lang/tuple_object.h"
#include "reference_compiler/lang/utf8.h"

#include <climits>

namespace refc::lang {
namespace {

enum : unsigned { kLjust = 1, kSign = 2, kBlank = 4, kAlt = 8, kZero = 16 };

struct Spec {
  unsigned flags = 0;
  int64_t width = -1;
  int64_t prec = -1;
  uint32_t ch = 0;
  bool sign = false; // a numeric conversion: the sign and '0' fill apply
};

// The argument stream: a tuple's items, or one value used once.
struct ArgStream {
  Value args;          // the tuple, the single argument, or a value fetched by %(key)
  const Tuple* tuple = nullptr;
  int64_t arglen = -1; // -1: a single value
  int64_t argidx = -2;
  Value dict;          // set when args is a mapping

  Value next() {
    if (argidx < arglen) {
      int64_t i = argidx++;
      if (arglen < 0) return args;
      return tuple->items[static_cast<size_t>(i)];
    }
    raise(exc::TypeError, "not enough arguments for format string");
  }
};

// PyMapping_Check: the type supports subscription (and is not a tuple or str).
bool is_mapping(const Value& v) {
  if (!v.is_obj()) return false;
  TypeObject* t = v.as_obj()->type;
  if (t == types::tuple || t == types::str) return false;
  if (t == types::dict || t == types::list) return true;
  return !lookup_special(v, names::__getitem__).is_null();
}

// PyNumber_Check: has __index__, __int__ or __float__.
bool is_number(const Value& v) {
  if (v.is_intlike() || v.is_float()) return true;
  if (!v.is_obj() || is_str(v)) return false;
  return !lookup_special(v, names::__index__).is_null() || !lookup_special(v, names::__int__).is_null() ||
         !lookup_special(v, names::__float__).is_null();
}

// The int a %d/%x conversion formats, or false when v is the wrong type.
bool integer_for(const Value& v, uint32_t type, Value& out) {
  if (is_int_value(v)) {
    out = v;
    return true;
  }
  if (!is_number(v)) return false;
  bool index_only = type == 'o' || type == 'x' || type == 'X';
  if (v.is_float()) {
    if (index_only) return false;
    out = float_to_int(v.as_float());
    return true;
  }
  for (Str* name : {names::__index__, names::__int__}) {
    if (index_only && name != names::__index__) continue;
    Value m = lookup_special(v, name);
    if (m.is_null()) continue;
    Value r = call(m, {v});
    if (!is_int_value(r))
      raise(exc::TypeError, std::string(name->view()) + " returned non-int (type " + type_name(r) + ")");
    out = r;
    return true;
  }
  return false;
}

// PyFloat_AsDouble for %e/%f/%g.
double float_for(const Value& v) {
  if (v.is_float()) return v.as_float();
  if (is_int_value(v)) return int_value_to_float(v);
  if (v.is_obj() && !is_str(v)) {
    Value m = lookup_special(v, names::__float__);
    if (!m.is_null()) {
      Value r = call(m, {v});
      if (!r.is_float())
        raise(exc::TypeError, type_name(v) + ".__float__ returned non-float (type " + type_name(r) + ")");
      return r.as_float();
    }
    m = lookup_special(v, names::__index__);
    if (!m.is_null()) {
      Value r = call(m, {v});
      if (is_int_value(r)) return int_value_to_float(r);
    }
  }
  raise(exc::TypeError, "must be real number, not " + type_name(v));
}

// _PyUnicode_FormatLong: sign, optional 0x/0o prefix, at least `prec` digits.
std::string format_long(const Value& v, bool alt, int64_t prec, uint32_t type) {
  int base = type == 'o' ? 8 : (type == 'x' || type == 'X') ? 16 : 10;
  std::string digits = int_value_magnitude_digits(v, base);
  bool negative = int_value_compare(v, Value::integer(0)) < 0;
  std::string out;
  if (negative) out.push_back('-');
  if (alt && base != 10) out += type == 'X' ? "0X" : type == 'x' ? "0x" : "0o";
  if (prec > static_cast<int64_t>(digits.size())) out.append(static_cast<size_t>(prec) - digits.size(), '0');
  if (type == 'X')
    for (char& c : digits) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  out += digits;
  return out;
}

// unicode_format_arg_output: pads `text` (of `len` code points) per the spec.
void output(std::string& out, const Spec& s, std::string text) {
  auto len = utf8_length(text);
  char fill = (s.sign && (s.flags & kZero)) ? '0' : ' ';
  bool numeric_alt = (s.flags & kAlt) && (s.ch == 'x' || s.ch == 'X' || s.ch == 'o');
  if ((s.width == -1 || s.width <= len) && (s.prec == -1 || s.prec >= len) && !(s.flags & (kSign | kBlank))) {
    out += text;
    return;
  }
  std::string_view body = text;
  if (s.ch == 's' || s.ch == 'r' || s.ch == 'a') {
    if (s.prec >= 0 && len > s.prec) {
      body = body.substr(0, utf8_offset(body, s.prec));
      len = s.prec;
    }
  }
  int64_t width = s.width;
  char signchar = 0;
  if (s.sign) {
    if (!body.empty() && (body[0] == '-' || body[0] == '+')) {
      signchar = body[0];
      body.remove_prefix(1);
      --len;
    } else if (s.flags & kSign) {
      signchar = '+';
    } else if (s.flags & kBlank) {
      signchar = ' ';
    }
  }
  if (width < len) width = len;
  if (width > (int64_t{1} << 32)) raise(exc::MemoryError, "");
  if (signchar) {
    if (fill != ' ') out.push_back(signchar);
    if (width > len) --width;
  }
  std::string_view prefix;
  if (numeric_alt) {
    prefix = body.substr(0, 2);
    body.remove_prefix(2);
    if (fill != ' ') out += prefix;
    width -= 2;
    if (width < 0) width = 0;
    len -= 2;
  }
  if (width > len && !(s.flags & kLjust)) {
    out.append(static_cast<size_t>(width - len), fill);
    width = len;
  }
  if (fill == ' ') {
    if (signchar) out.push_back(signchar);
    if (numeric_alt) out += prefix;
  }
  out += body;
  if (width > len) out.append(static_cast<size_t>(width - len), ' ');
}

[[noreturn]] void incomplete() { raise(exc::ValueError, "incomplete format"); }

} // namespace

Ref<Str> str_percent_format(const Str* format, const Value& args) {
  const std::string& f = format->data;
  ArgStream st;
  st.args = args;
  if (args.is_obj() && args.as_obj()->type == types::tuple) {
    st.tuple = args.as<Tuple>();
    st.arglen = st.tuple->size();
    st.argidx = 0;
  }
  if (is_mapping(args)) st.dict = args;

  std::string out;
  out.reserve(f.size() + 16);
  size_t n = f.size(), i = 0;
  while (i < n) {
    size_t pct = f.find('%', i);
    if (pct == std::string::npos) {
      out.append(f, i, std::string::npos);
      break;
    }
    out.append(f, i, pct - i);
    i = pct + 1;
    if (i < n && f[i] == '%') { // "%%" only: a '%' after flags or a width is an error below
      out.push_back('%');
      ++i;
      continue;
    }
    Spec s;
    // %(key): the argument is mapping[key].
    if (i < n && f[i] == '(') {
      if (st.dict.is_null()) raise(exc::TypeError, "format requires a mapping");
      size_t keystart = ++i;
      int pcount = 1;
      while (pcount > 0 && i < n) {
        if (f[i] == ')')
          --pcount;
        else if (f[i] == '(')
          ++pcount;
        ++i;
      }
      if (pcount > 0) raise(exc::ValueError, "incomplete format key");
      Value key = str_value(f.substr(keystart, i - 1 - keystart));
      st.args = getitem(st.dict, key);
      st.tuple = nullptr;
      st.arglen = -1;
      st.argidx = -2;
    }
    for (; i < n; ++i) {
      char c = f[i];
      if (c == '-') s.flags |= kLjust;
      else if (c == '+') s.flags |= kSign;
      else if (c == ' ') s.flags |= kBlank;
      else if (c == '#') s.flags |= kAlt;
      else if (c == '0') s.flags |= kZero;
      else break;
    }
    if (i < n && f[i] == '*') {
      Value w = st.next();
      if (!w.is_intlike()) raise(exc::TypeError, "* wants int");
      s.width = w.as_int();
      if (s.width < 0) {
        s.flags |= kLjust;
        s.width = s.width == INT64_MIN ? INT64_MAX : -s.width;
      }
      ++i;
    } else if (i < n && f[i] >= '0' && f[i] <= '9') {
      s.width = 0;
      for (; i < n && f[i] >= '0' && f[i] <= '9'; ++i) {
        int d = f[i] - '0';
        if (s.width > (INT64_MAX - d) / 10) raise(exc::ValueError, "width too big");
        s.width = s.width * 10 + d;
      }
    }
    if (i < n && f[i] == '.') {
      s.prec = 0;
      ++i;
      if (i < n && f[i] == '*') {
        Value p = st.next();
        if (!p.is_intlike()) raise(exc::TypeError, "* wants int");
        if (p.as_int() > INT_MAX || p.as_int() < INT_MIN)
          raise(exc::OverflowError, "Python int too large to convert to C int");
        s.prec = std::max<int64_t>(p.as_int(), 0);
        ++i;
      } else {
        for (; i < n && f[i] >= '0' && f[i] <= '9'; ++i) {
          int d = f[i] - '0';
          if (s.prec > (INT_MAX - d) / 10) raise(exc::ValueError, "precision too big");
          s.prec = s.prec * 10 + d;
        }
      }
    }
    if (i < n && (f[i] == 'h' || f[i] == 'l' || f[i] == 'L')) ++i;
    if (i >= n) incomplete();
    size_t conv_at = i;
    const char* p = f.data() + i;
    s.ch = utf8_decode(p);
    i = static_cast<size_t>(p - f.data());
    Value v = st.next();
    switch (s.ch) {
    case 's':
      if (is_str(v))
        output(out, s, v.as<Str>()->data);
      else
        output(out, s, std::string(to_str(v)->view()));
      break;
    case 'r': output(out, s, std::string(repr(v)->view())); break;
    case 'a': output(out, s, ascii_escape(repr(v)->view())); break;
    case 'i': case 'd': case 'u': case 'o': case 'x': case 'X': {
      Value iv;
      if (!integer_for(v, s.ch, iv)) {
        bool index_only = s.ch == 'o' || s.ch == 'x' || s.ch == 'X';
        raise(exc::TypeError, std::string("%") + static_cast<char>(s.ch) + " format: " +
                                  (index_only ? "an integer" : "a real number") + " is required, not " +
                                  type_name(v));
      }
      s.sign = true;
      uint32_t type = s.ch == 'i' || s.ch == 'u' ? 'd' : s.ch;
      output(out, s, format_long(iv, s.flags & kAlt, s.prec, type));
      break;
    }
    case 'e': case 'E': case 'f': case 'F': case 'g': case 'G': {
      double x = float_for(v);
      s.sign = true;
      int prec = s.prec < 0 ? 6 : static_cast<int>(s.prec);
      output(out, s, format_double(x, static_cast<char>(s.ch), prec, (s.flags & kAlt) ? unsigned{kDtsfAlt} : 0u));
      break;
    }
    case 'c': {
      uint32_t c;
      if (is_str(v)) {
        if (v.as<Str>()->length != 1) raise(exc::TypeError, "%c requires int or char");
        c = v.as<Str>()->code_point(0);
      } else if (v.is_intlike() || (v.is_obj() && !lookup_special(v, names::__index__).is_null())) {
        int64_t x = v.is_intlike() ? v.as_int() : index_value(v);
        if (x < 0 || x > 0x10ffff) raise(exc::OverflowError, "%c arg not in range(0x110000)");
        c = static_cast<uint32_t>(x);
      } else {
        raise(exc::TypeError, "%c requires int or char");
      }
      output(out, s, utf8_encode(c));
      break;
    }
    default: {
      char shown = (s.ch >= 31 && s.ch <= 126) ? static_cast<char>(s.ch) : '?';
      char buf[32];
      std::snprintf(buf, sizeof buf, "%x", s.ch);
      raise(exc::ValueError, std::string("unsupported format character '") + shown + "' (0x" + buf +
                                 ") at index " + std::to_string(utf8_length(std::string_view(f).substr(0, conv_at))));
    }
    }
    if (static_cast<int64_t>(out.size()) > (int64_t{1} << 32)) raise(exc::MemoryError, "");
  }
  if (st.argidx < st.arglen && st.dict.is_null())
    raise(exc::TypeError, "not all arguments converted during string formatting");
  return make_str(std::move(out));
}

} // namespace refc::lang
