// The str methods that build a transformed copy of a string or classify its
// characters: case conversion (upper, lower, casefold, swapcase, title,
// capitalize) with CPython's special casings, the is* predicates, padding
// (ljust, rjust, center, zfill, expandtabs), format/format_map, translate,
// maketrans and encode.
#include "reference_compiler/lang/abstract.h"
#include "reference_compiler/lang/container_support.h"
#include "reference_compiler/lang/dict_object.h"
#include "reference_compiler/lang/errors.h"
#include "reference_compiler/lang/str_internal.h"
#include "reference_compiler/lang/utf8.h"

namespace refc::lang {
namespace {

using namespace str_detail;

// ---- case conversion ------------------------------------------------------------------------

// CPython's handle_capital_sigma: U+03A3 lowercases to final sigma at the end of a word.
uint32_t lower_sigma(const std::u32string& u, size_t i) {
  size_t j = i;
  uint32_t c = 0;
  bool found = false;
  while (j-- > 0) {
    c = u[j];
    if (!unicode::has(c, unicode::kCaseIgnorable)) {
      found = true;
      break;
    }
  }
  bool final_sigma = found && unicode::is_cased(c);
  if (final_sigma && i + 1 < u.size()) {
    size_t k = i + 1;
    for (; k < u.size(); ++k) {
      c = u[k];
      if (!unicode::has(c, unicode::kCaseIgnorable)) break;
    }
    final_sigma = k == u.size() || !unicode::is_cased(c);
  }
  return final_sigma ? 0x3C2 : 0x3C3;
}

// lower_ucs4: the full lowercase of u[i], with the final-sigma rule.
void append_lower(std::string& out, const std::u32string& u, size_t i) {
  uint32_t c = u[i];
  if (c == 0x3A3) {
    utf8_append(out, lower_sigma(u, i));
    return;
  }
  uint32_t m[3];
  int n = unicode::to_lower(c, m);
  for (int k = 0; k < n; ++k) utf8_append(out, m[k]);
}

void append_mapped(std::string& out, int (*map)(uint32_t, uint32_t*), uint32_t c) {
  uint32_t m[3];
  int n = map(c, m);
  for (int k = 0; k < n; ++k) utf8_append(out, m[k]);
}

enum class CaseOp { Upper, Lower, Fold, Swap, Title, Capitalize };

std::string convert_case(const Str* s, CaseOp op) {
  const std::string& d = s->data;
  std::string out;
  out.reserve(d.size());
  if (s->ascii) {
    bool prev_cased = false;
    for (size_t i = 0; i < d.size(); ++i) {
      char c = d[i];
      bool upper = c >= 'A' && c <= 'Z', lower = c >= 'a' && c <= 'z';
      char r = c;
      switch (op) {
      case CaseOp::Upper: r = lower ? static_cast<char>(c - 32) : c; break;
      case CaseOp::Lower:
      case CaseOp::Fold: r = upper ? static_cast<char>(c + 32) : c; break;
      case CaseOp::Swap: r = upper ? static_cast<char>(c + 32) : lower ? static_cast<char>(c - 32) : c; break;
      case CaseOp::Title:
        if (prev_cased)
          r = upper ? static_cast<char>(c + 32) : c;
        else
          r = lower ? static_cast<char>(c - 32) : c;
        prev_cased = upper || lower;
        break;
      case CaseOp::Capitalize:
        if (i == 0)
          r = lower ? static_cast<char>(c - 32) : c;
        else
          r = upper ? static_cast<char>(c + 32) : c;
        break;
      }
      out.push_back(r);
    }
    return out;
  }
  std::u32string u = decode(d);
  bool prev_cased = false;
  for (size_t i = 0; i < u.size(); ++i) {
    uint32_t c = u[i];
    switch (op) {
    case CaseOp::Upper: append_mapped(out, unicode::to_upper, c); break;
    case CaseOp::Lower: append_lower(out, u, i); break;
    case CaseOp::Fold: append_mapped(out, unicode::to_fold, c); break;
    case CaseOp::Swap:
      if (unicode::has(c, unicode::kUpper))
        append_lower(out, u, i);
      else if (unicode::has(c, unicode::kLower))
        append_mapped(out, unicode::to_upper, c);
      else
        utf8_append(out, c);
      break;
    case CaseOp::Title:
      if (prev_cased)
        append_lower(out, u, i);
      else
        append_mapped(out, unicode::to_title, c);
      prev_cased = unicode::is_cased(c);
      break;
    case CaseOp::Capitalize:
      if (i == 0)
        append_mapped(out, unicode::to_title, c);
      else
        append_lower(out, u, i);
      break;
    }
  }
  return out;
}

template <CaseOp Op> Value case_method(Args a) {
  static constexpr const char* kNames[] = {"upper", "lower", "casefold", "swapcase", "title", "capitalize"};
  static constexpr const char* kQual[] = {"str.upper", "str.lower", "str.casefold", "str.swapcase", "str.title", "str.capitalize"};
  Str* s = self_str(a, kNames[static_cast<int>(Op)]);
  check_method_no_args(a, kQual[static_cast<int>(Op)]);
  return new_str(convert_case(s, Op));
}

// ---- predicates ----------------------------------------------------------------------------

// Every code point has one of `flags`; false for the empty string.
bool all_have(const Str* s, uint16_t flags) {
  if (s->data.empty()) return false;
  const std::string& d = s->data;
  if (s->ascii) {
    for (char c : d)
      if (!unicode::has(static_cast<uint8_t>(c), flags)) return false;
    return true;
  }
  for (const char* p = d.data(); p < d.data() + d.size();)
    if (!unicode::has(utf8_decode(p), flags)) return false;
  return true;
}

// Registers one predicate with its proper name in errors.
#define REFC_STR_PREDICATE(fname, flags)                                                          \
  Value str_##fname(Args a) {                                                                      \
    Str* s = self_str(a, #fname);                                                                  \
    check_method_no_args(a, "str." #fname);                                                        \
    return Value::boolean(all_have(s, flags));                                                     \
  }
REFC_STR_PREDICATE(isalpha, unicode::kAlpha)
REFC_STR_PREDICATE(isdecimal, unicode::kDecimal)
REFC_STR_PREDICATE(isdigit, unicode::kDigit)
REFC_STR_PREDICATE(isnumeric, unicode::kNumeric)
REFC_STR_PREDICATE(isspace, unicode::kSpace)
REFC_STR_PREDICATE(isalnum, unicode::kAlpha | unicode::kDecimal | unicode::kDigit | unicode::kNumeric)
#undef REFC_STR_PREDICATE

Value str_isprintable(Args a) {
  Str* s = self_str(a, "isprintable");
  check_method_no_args(a, "str.isprintable");
  return Value::boolean(s->data.empty() || all_have(s, unicode::kPrintable));
}

Value str_isascii(Args a) {
  Str* s = self_str(a, "isascii");
  check_method_no_args(a, "str.isascii");
  return Value::boolean(s->ascii);
}

Value str_isidentifier(Args a) {
  Str* s = self_str(a, "isidentifier");
  check_method_no_args(a, "str.isidentifier");
  const std::string& d = s->data;
  if (d.empty()) return Value::boolean(false);
  const char* p = d.data();
  if (!unicode::has(utf8_decode(p), unicode::kXidStart)) return Value::boolean(false);
  while (p < d.data() + d.size())
    if (!unicode::has(utf8_decode(p), unicode::kXidContinue)) return Value::boolean(false);
  return Value::boolean(true);
}

// islower/isupper: at least one cased character and none of the other case.
Value case_predicate(Args a, const char* name, uint16_t want, uint16_t reject) {
  Str* s = self_str(a, name);
  check_method_no_args(a, std::string("str.") + name);
  const std::string& d = s->data;
  bool cased = false;
  for (const char* p = d.data(); p < d.data() + d.size();) {
    uint16_t f = unicode::flags(utf8_decode(p));
    if (f & reject) return Value::boolean(false);
    if (f & want) cased = true;
  }
  return Value::boolean(cased);
}
Value str_islower(Args a) { return case_predicate(a, "islower", unicode::kLower, unicode::kUpper | unicode::kTitle); }
Value str_isupper(Args a) { return case_predicate(a, "isupper", unicode::kUpper, unicode::kLower | unicode::kTitle); }

Value str_istitle(Args a) {
  Str* s = self_str(a, "istitle");
  check_method_no_args(a, "str.istitle");
  const std::string& d = s->data;
  bool cased = false, prev_cased = false;
  for (const char* p = d.data(); p < d.data() + d.size();) {
    uint16_t f = unicode::flags(utf8_decode(p));
    if (f & (unicode::kUpper | unicode::kTitle)) {
      if (prev_cased) return Value::boolean(false);
      prev_cased = cased = true;
    } else if (f & unicode::kLower) {
      if (!prev_cased) return Value::boolean(false);
      prev_cased = cased = true;
    } else {
      prev_cased = false;
    }
  }
  return Value::boolean(cased);
}

// ---- padding ---------------------------------------------------------------------------------

uint32_t fill_char(const Value& v) {
  if (!is_str(v)) raise(exc::TypeError, "The fill character must be a unicode character, not " + type_name(v));
  const Str* f = v.as<Str>();
  if (f->length != 1) raise(exc::TypeError, "The fill character must be exactly one character long");
  return f->code_point(0);
}

void append_fill(std::string& out, uint32_t fill, int64_t n) {
  if (n <= 0) return;
  if (fill < 0x80) {
    out.append(static_cast<size_t>(n), static_cast<char>(fill));
    return;
  }
  std::string f = utf8_encode(fill);
  for (int64_t i = 0; i < n; ++i) out += f;
}

Value pad(const Args& a, const Str* s, int64_t left, int64_t right, uint32_t fill) {
  if (left < 0) left = 0;
  if (right < 0) right = 0;
  if (left == 0 && right == 0) return a[0];
  if ((left + right) * utf8_width(fill) > kMaxStrBytes) raise(exc::MemoryError, "");
  std::string out;
  out.reserve(s->data.size() + static_cast<size_t>(left + right) * static_cast<size_t>(utf8_width(fill)));
  append_fill(out, fill, left);
  out += s->data;
  append_fill(out, fill, right);
  return new_str(std::move(out));
}

enum class Justify { Left, Right, Center };

template <Justify J> Value justify(Args a) {
  static constexpr const char* kNames[] = {"ljust", "rjust", "center"};
  const char* name = kNames[static_cast<int>(J)];
  Str* s = self_str(a, name);
  clinic_arity(a, name, 1, 2);
  int64_t width = int_arg(a[1]);
  uint32_t fill = a.npos > 2 ? fill_char(a[2]) : ' ';
  if (s->length >= width) return a[0];
  int64_t marg = width - s->length;
  switch (J) {
  case Justify::Left: return pad(a, s, 0, marg, fill);
  case Justify::Right: return pad(a, s, marg, 0, fill);
  default: {
    int64_t left = marg / 2 + (marg & width & 1);
    return pad(a, s, left, marg - left, fill);
  }
  }
}

Value str_zfill(Args a) {
  Str* s = self_str(a, "zfill");
  check_method_one_arg(a, "str.zfill");
  int64_t width = int_arg(a[1]);
  if (s->length >= width) return a[0];
  int64_t fill = width - s->length;
  if (fill > kMaxStrBytes) raise(exc::MemoryError, "");
  std::string out(static_cast<size_t>(fill), '0');
  out += s->data;
  if (!s->data.empty() && (s->data[0] == '+' || s->data[0] == '-')) {
    out[0] = s->data[0];
    out[static_cast<size_t>(fill)] = '0';
  }
  return new_str(std::move(out));
}

Value str_expandtabs(Args a) {
  Str* s = self_str(a, "expandtabs");
  Value v[1];
  bind_str_args(a, "expandtabs", {"tabsize"}, v);
  int64_t tabsize = v[0].is_null() ? 8 : int_arg(v[0]);
  const std::string& d = s->data;
  if (d.find('\t') == std::string::npos) return a[0];
  std::string out;
  int64_t column = 0;
  for (const char* p = d.data(); p < d.data() + d.size();) {
    const char* start = p;
    uint32_t c = utf8_decode(p);
    if (c == '\t') {
      if (tabsize > 0) {
        int64_t incr = tabsize - (column % tabsize);
        column += incr;
        if (static_cast<int64_t>(out.size()) + incr > kMaxStrBytes) raise(exc::MemoryError, "");
        out.append(static_cast<size_t>(incr), ' ');
      }
    } else {
      ++column;
      out.append(start, p);
      if (c == '\n' || c == '\r') column = 0;
    }
  }
  return new_str(std::move(out));
}

// ---- format, translate, encode ----------------------------------------------------------------

Value str_format_method(Args a) {
  Str* s = self_str(a, "format");
  return Value(str_format(s, a.drop_first()));
}

Value str_format_map(Args a) {
  Str* s = self_str(a, "format_map");
  check_method_one_arg(a, "str.format_map");
  Value mapping = a[1];
  return Value(str_format(s, Args{nullptr, 0, nullptr}, &mapping));
}

Value str_translate(Args a) {
  Str* s = self_str(a, "translate");
  check_method_one_arg(a, "str.translate");
  const Value& table = a[1];
  std::string out;
  const std::string& d = s->data;
  for (const char* p = d.data(); p < d.data() + d.size();) {
    const char* start = p;
    uint32_t c = utf8_decode(p);
    Value r;
    try {
      r = getitem(table, Value::integer(c));
    } catch (PyError& e) {
      if (!e.exc.type()->is_subtype(exc::LookupError)) throw;
      out.append(start, p);
      continue;
    }
    if (r.is_none()) continue;
    if (r.is_intlike()) {
      int64_t v = r.as_int();
      if (v < 0 || v > 0x10ffff) raise(exc::ValueError, "character mapping must be in range(0x110000)");
      utf8_append(out, static_cast<uint32_t>(v));
    } else if (is_str(r)) {
      out += r.as<Str>()->data;
    } else {
      raise(exc::TypeError, "character mapping must return integer, None or str");
    }
  }
  return new_str(std::move(out));
}

Value str_maketrans(Args a) {
  reject_keywords(a, "maketrans");
  check_arity(a, "maketrans", 1, 3);
  Ref<Dict> out = make_dict();
  if (a.npos == 1) {
    if (!a[0].is_obj() || a[0].as_obj()->type != types::dict)
      raise(exc::TypeError, "if you give only one argument to maketrans it must be a dict");
    for (const Dict::Entry& e : a[0].as<Dict>()->entries()) {
      if (e.key.is_null()) continue;
      if (is_str(e.key)) {
        const Str* k = e.key.as<Str>();
        if (k->length != 1) raise(exc::ValueError, "string keys in translate table must be of length 1");
        out->set(Value::integer(k->code_point(0)), e.value);
      } else if (e.key.is_intlike()) {
        out->set(Value::integer(e.key.as_int()), e.value);
      } else {
        raise(exc::TypeError, "keys in translate table must be strings or integers");
      }
    }
    return Value(std::move(out));
  }
  if (!is_str(a[0])) raise(exc::TypeError, "first maketrans argument must be a string if there is a second argument");
  if (!is_str(a[1])) raise(exc::TypeError, "maketrans() argument 2 must be str, not " + type_name(a[1]));
  std::u32string x = decode(a[0].as<Str>()->data), y = decode(a[1].as<Str>()->data);
  if (x.size() != y.size()) raise(exc::ValueError, "the first two maketrans arguments must have equal length");
  for (size_t i = 0; i < x.size(); ++i) out->set(Value::integer(x[i]), Value::integer(y[i]));
  if (a.npos == 3) {
    if (!is_str(a[2])) raise(exc::TypeError, "maketrans() argument 3 must be str, not " + type_name(a[2]));
    for (char32_t c : decode(a[2].as<Str>()->data)) out->set(Value::integer(c), Value::none());
  }
  return Value(std::move(out));
}

} // namespace

void add_str_convert_methods(TypeObject* t) {
  add_method(t, "upper", case_method<CaseOp::Upper>);
  add_method(t, "lower", case_method<CaseOp::Lower>);
  add_method(t, "casefold", case_method<CaseOp::Fold>);
  add_method(t, "swapcase", case_method<CaseOp::Swap>);
  add_method(t, "title", case_method<CaseOp::Title>);
  add_method(t, "capitalize", case_method<CaseOp::Capitalize>);
  add_method(t, "isalpha", str_isalpha);
  add_method(t, "isdecimal", str_isdecimal);
  add_method(t, "isdigit", str_isdigit);
  add_method(t, "isnumeric", str_isnumeric);
  add_method(t, "isspace", str_isspace);
  add_method(t, "isalnum", str_isalnum);
  add_method(t, "isprintable", str_isprintable);
  add_method(t, "isascii", str_isascii);
  add_method(t, "isidentifier", str_isidentifier);
  add_method(t, "islower", str_islower);
  add_method(t, "isupper", str_isupper);
  add_method(t, "istitle", str_istitle);
  add_method(t, "ljust", justify<Justify::Left>);
  add_method(t, "rjust", justify<Justify::Right>);
  add_method(t, "center", justify<Justify::Center>);
  add_method(t, "zfill", str_zfill);
  add_method(t, "expandtabs", str_expandtabs);
  add_method(t, "format", str_format_method);
  add_method(t, "format_map", str_format_map);
  add_method(t, "translate", str_translate);
  add_staticmethod(t, "maketrans", str_maketrans);
}

} // namespace refc::lang
