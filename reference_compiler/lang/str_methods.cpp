// The str type: init_str_type registers CPython 3.11's str methods and
// dunders, with its argument handling and error messages. Strings are UTF-8
// indexed by code point; ASCII strings (the common case) take byte-level fast
// paths, and byte-level search/split/replace stay correct for non-ASCII text
// because UTF-8 matches only at character boundaries. Character classes and
// case mappings come from the Unicode database (unicode_db.h). This file holds
// the receiver and argument checks all str methods share (str_internal.h), the
// dunders and the operations the interpreter calls directly; the search, split
// and strip methods are in str_search.cpp, case conversion, predicates,
// padding and translation in str_convert.cpp.
#include "reference_compiler/lang/str_methods.h"

#include "reference_compiler/lang/abstract.h"
#include "reference_compiler/lang/bytes_object.h"
#include "reference_compiler/lang/container_support.h"
#include "reference_compiler/lang/errors.h"
#include "reference_compiler/lang/format_spec.h"
#include "reference_compiler/lang/iterators.h"
#include "reference_compiler/lang/range_object.h"
#include "reference_compiler/lang/singletons.h"
#include "reference_compiler/lang/str_internal.h"
#include "reference_compiler/lang/text_codecs.h"
#include "reference_compiler/lang/tuple_object.h"
#include "reference_compiler/lang/type_initializers.h"
#include "reference_compiler/lang/utf8.h"

namespace refc::lang {
namespace str_detail {

void old_style_arity(const Args& a, std::string_view name, size_t min, size_t max) {
  if (a.nkw() > 0) raise(exc::TypeError, std::string(name) + "() takes no keyword arguments");
  size_t n = a.npos - 1;
  auto fail = [&](const char* bound, size_t k) {
    raise(exc::TypeError, std::string(name) + "() takes " + bound + std::to_string(k) + " argument" +
                              (k == 1 ? "" : "s") + " (" + std::to_string(n) + " given)");
  };
  if (n < min) fail("at least ", min);
  if (n > max) fail("at most ", max);
}

void clinic_arity(const Args& a, std::string_view name, size_t min, size_t max) {
  if (a.nkw() > 0) raise(exc::TypeError, "str." + std::string(name) + "() takes no keyword arguments");
  check_arity(a.drop_first(), name, min, max);
}

void bind_str_args(const Args& a, std::string_view fname, std::initializer_list<const char*> names, Value* out) {
  size_t n = a.npos - 1;
  if (n > names.size()) {
    size_t k = names.size();
    raise(exc::TypeError, std::string(fname) + "() takes at most " + std::to_string(k) + " argument" +
                              (k == 1 ? "" : "s") + " (" + std::to_string(n + a.nkw()) + " given)");
  }
  for (size_t i = 0; i < n; ++i) out[i] = a[i + 1];
  for (size_t k = 0; k < a.nkw(); ++k) {
    std::string_view kw = a.kwname(k)->view();
    size_t i = 0;
    for (const char* nm : names) {
      if (kw == nm) break;
      ++i;
    }
    if (i == names.size())
      raise(exc::TypeError, "'" + std::string(kw) + "' is an invalid keyword argument for " + std::string(fname) + "()");
    if (i < n)
      raise(exc::TypeError, "argument for " + std::string(fname) + "() given by name ('" + std::string(kw) +
                                "') and position (" + std::to_string(i + 1) + ")");
    out[i] = a.kwvalue(k);
  }
}

int64_t int_arg(const Value& v) { return v.is_intlike() ? v.as_int() : index_value(v); }

bool slice_index(const Value& v, int64_t& out) {
  if (v.is_null() || v.is_none()) return false;
  if (v.is_intlike()) {
    out = v.as_int();
    return true;
  }
  if (!is_index_like(v))
    raise(exc::TypeError, "slice indices must be integers or None or have an __index__ method");
  out = int_value_clamped(int_value_index(v));
  return true;
}

void adjust_indices(int64_t& start, int64_t& end, int64_t len) {
  if (end > len)
    end = len;
  else if (end < 0) {
    end += len;
    if (end < 0) end = 0;
  }
  if (start < 0) {
    start += len;
    if (start < 0) start = 0;
  }
}

Str* str_arg(const Value& v, const char* what) {
  if (!is_str(v)) raise(exc::TypeError, std::string(what) + type_name(v));
  return v.as<Str>();
}

Value new_str(std::string s) {
  if (static_cast<int64_t>(s.size()) > kMaxStrBytes) raise(exc::MemoryError, "");
  return Value(make_str(std::move(s)));
}

Value empty_str() {
  static Str* empty = intern("");
  return Value::borrow(empty);
}

std::u32string decode(std::string_view s) {
  std::u32string out;
  out.reserve(s.size());
  for (const char* p = s.data(); p < s.data() + s.size();) out.push_back(utf8_decode(p));
  return out;
}

std::string encode(std::u32string_view s) {
  std::string out;
  out.reserve(s.size());
  for (char32_t c : s) utf8_append(out, c);
  return out;
}

} // namespace str_detail

namespace {

using namespace str_detail;

inline bool is_space_cp(uint32_t c) { return unicode::is_space(c); }

// ---- the str iterator ----------------------------------------------------------

TypeObject* str_iterator_type = nullptr;       // "str_iterator"
TypeObject* str_ascii_iterator_type = nullptr; // "str_ascii_iterator"

struct StrIterator : IteratorObject {
  StrIterator(Ref<Str> s)
      : IteratorObject(s->ascii ? str_ascii_iterator_type : str_iterator_type, &step), str(std::move(s)) {}
  Ref<Str> str; // null once exhausted
  size_t offset = 0; // byte offset of the next code point

  static Value step(IteratorObject* self) {
    auto* it = static_cast<StrIterator*>(self);
    if (!it->str) return Value();
    const std::string& d = it->str->data;
    if (it->offset >= d.size()) {
      it->str = nullptr;
      return Value();
    }
    const char* p = d.data() + it->offset;
    uint32_t c = utf8_decode(p);
    it->offset = static_cast<size_t>(p - d.data());
    return str_char(c);
  }
};

// ---- dunders ----------------------------------------------------------------------

Value str_new(Args a) {
  Value v[3];
  if (a.npos > 4)
    raise(exc::TypeError, "str() takes at most 3 arguments (" + std::to_string(a.npos - 1 + a.nkw()) + " given)");
  bind_str_args(a, "str", {"object", "encoding", "errors"}, v);
  if (!v[1].is_null() && !is_str(v[1]))
    raise(exc::TypeError, "str() argument 'encoding' must be str, not " + type_name(v[1]));
  if (!v[2].is_null() && !is_str(v[2]))
    raise(exc::TypeError, "str() argument 'errors' must be str, not " + type_name(v[2]));
  if (v[0].is_null()) return empty_str();
  if (!v[1].is_null() || !v[2].is_null()) {
    if (is_str(v[0])) raise(exc::TypeError, "decoding str is not supported");
    if (!is_bytes_like(v[0]))
      raise(exc::TypeError, "decoding to str: need a bytes-like object, " + type_name(v[0]) + " found");
    return str_value(decode_text(v[0].as<Bytes>()->view(),
                                 v[1].is_null() ? "utf-8" : v[1].as<Str>()->view(),
                                 v[2].is_null() ? "strict" : v[2].as<Str>()->view()));
  }
  return Value(to_str(v[0]));
}

Value str_repr_fn(Args a) {
  Str* s = self_str(a, "__repr__");
  dunder_arity(a, "__repr__", 0, 0);
  return new_str(str_repr(s->data));
}

Value str_str_fn(Args a) {
  self_str(a, "__str__");
  dunder_arity(a, "__str__", 0, 0);
  return a[0];
}

Value str_len(Args a) {
  Str* s = self_str(a, "__len__");
  dunder_arity(a, "__len__", 0, 0);
  return Value::integer(s->length);
}

Value str_hash(Args a) {
  Str* s = self_str(a, "__hash__");
  dunder_arity(a, "__hash__", 0, 0);
  return Value::integer(s->hash());
}

template <CompareOp Op> Value str_richcompare(Args a) {
  Str* s = self_str(a, compare_method_name(Op));
  dunder_arity(a, compare_method_name(Op), 1, 1);
  if (!is_str(a[1])) return not_implemented();
  const Str* o = a[1].as<Str>();
  if constexpr (Op == CompareOp::Eq) return Value::boolean(str_equal(s, o));
  if constexpr (Op == CompareOp::Ne) return Value::boolean(!str_equal(s, o));
  int c = str_compare(s, o);
  switch (Op) {
  case CompareOp::Lt: return Value::boolean(c < 0);
  case CompareOp::Le: return Value::boolean(c <= 0);
  case CompareOp::Gt: return Value::boolean(c > 0);
  default: return Value::boolean(c >= 0);
  }
}

Value str_add(Args a) {
  Str* s = self_str(a, "__add__");
  dunder_arity(a, "__add__", 1, 1);
  if (!is_str(a[1])) {
    static Str* radd = intern("__radd__");
    if (user_reflected_operand(a[1], radd)) return not_implemented();
    raise(exc::TypeError, "can only concatenate str (not \"" + type_name(a[1]) + "\") to str");
  }
  return Value(str_concat(s, a[1].as<Str>()));
}

Value repeat(const Args& a, bool reflected) {
  Str* s = self_str(a, reflected ? "__rmul__" : "__mul__");
  dunder_arity(a, reflected ? "__rmul__" : "__mul__", 1, 1);
  int64_t count;
  if (!repeat_count(a[1], count)) {
    static Str* rmul = intern("__rmul__");
    if (!reflected && user_reflected_operand(a[1], rmul)) return not_implemented();
    raise_cant_multiply(a[1]);
  }
  if (count <= 0 || s->length == 0) return empty_str();
  if (count == 1) return a[0];
  auto size = static_cast<int64_t>(s->data.size());
  if (size > INT64_MAX / count) raise(exc::OverflowError, "repeated string is too long");
  if (size * count > kMaxStrBytes) raise(exc::MemoryError, "");
  std::string out;
  out.reserve(static_cast<size_t>(size * count));
  if (size == 1) {
    out.assign(static_cast<size_t>(count), s->data[0]);
  } else {
    for (int64_t i = 0; i < count; ++i) out += s->data;
  }
  return new_str(std::move(out));
}
Value str_mul(Args a) { return repeat(a, false); }
Value str_rmul(Args a) { return repeat(a, true); }

Value str_mod(Args a) {
  Str* s = self_str(a, "__mod__");
  dunder_arity(a, "__mod__", 1, 1);
  return Value(str_percent_format(s, a[1]));
}

Value str_contains_fn(Args a) {
  Str* s = self_str(a, "__contains__");
  dunder_arity(a, "__contains__", 1, 1);
  if (!is_str(a[1]))
    raise(exc::TypeError, "'in <string>' requires string as left operand, not " + type_name(a[1]));
  return Value::boolean(str_contains(s, a[1].as<Str>()));
}

Value str_getitem_fn(Args a) {
  Str* s = self_str(a, "__getitem__");
  dunder_arity(a, "__getitem__", 1, 1);
  return str_getitem(s, a[1]);
}

Value str_iter(Args a) {
  Str* s = self_str(a, "__iter__");
  dunder_arity(a, "__iter__", 0, 0);
  return Value(make<StrIterator>(Ref<Str>::borrow(s)));
}

Value str_format_fn(Args a) {
  Str* s = self_str(a, "__format__");
  check_method_one_arg(a, "str.__format__");
  if (!is_str(a[1])) raise(exc::TypeError, "__format__() argument must be str, not " + type_name(a[1]));
  const Str* spec = a[1].as<Str>();
  if (spec->data.empty()) return a[0];
  return new_str(format_str(s->data, s->length, spec->data));
}

Value str_iter_iter(Args a) { return a[0]; }
Value str_iter_next(Args a) {
  auto* it = static_cast<StrIterator*>(a[0].as_obj());
  return StrIterator::step(it);
}

// ---- the single-character cache ----------------------------------------------------------------

Str* g_chars[256];

} // namespace

// ---- exported operations -------------------------------------------------------------------------

namespace {

// Appends \xhh, \uhhhh or \Uhhhhhhhh for code point c, the shortest that holds it.
void append_escape(std::string& out, uint32_t c) {
  static const char kHex[] = "0123456789abcdef";
  int digits = c <= 0xff ? 2 : c <= 0xffff ? 4 : 8;
  out += digits == 2 ? "\\x" : digits == 4 ? "\\u" : "\\U";
  for (int sh = 4 * (digits - 1); sh >= 0; sh -= 4) out.push_back(kHex[(c >> sh) & 15]);
}

} // namespace

std::string str_repr(std::string_view text) {
  bool has_single = text.find('\'') != std::string_view::npos;
  bool has_double = text.find('"') != std::string_view::npos;
  char quote = has_single && !has_double ? '"' : '\'';
  std::string out;
  out.reserve(text.size() + 2);
  out.push_back(quote);
  for (const char* p = text.data(); p < text.data() + text.size();) {
    const char* start = p;
    uint32_t c = utf8_decode(p);
    if (c == static_cast<uint32_t>(quote) || c == '\\') {
      out.push_back('\\');
      out.push_back(static_cast<char>(c));
    } else if (c == '\t') {
      out += "\\t";
    } else if (c == '\n') {
      out += "\\n";
    } else if (c == '\r') {
      out += "\\r";
    } else if (c < ' ' || c == 0x7f) {
      append_escape(out, c);
    } else if (c < 0x7f) {
      out.push_back(static_cast<char>(c));
    } else if (unicode::has(c, unicode::kPrintable)) {
      out.append(start, p);
    } else {
      append_escape(out, c);
    }
  }
  out.push_back(quote);
  return out;
}

std::string ascii_escape(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  for (const char* p = text.data(); p < text.data() + text.size();) {
    uint32_t c = utf8_decode(p);
    if (c < 0x80)
      out.push_back(static_cast<char>(c));
    else
      append_escape(out, c);
  }
  return out;
}

Ref<Str> str_concat(const Str* a, const Str* b) {
  if (static_cast<int64_t>(a->data.size() + b->data.size()) > kMaxStrBytes) raise(exc::MemoryError, "");
  std::string out;
  out.reserve(a->data.size() + b->data.size());
  out += a->data;
  out += b->data;
  return make_str(std::move(out));
}

void str_append_inplace(Value& lhs, const Str* rhs) {
  auto* s = lhs.as<Str>();
  if (s->refcnt == 1 && !s->interned()) {
    if (static_cast<int64_t>(s->data.size() + rhs->data.size()) > kMaxStrBytes) raise(exc::MemoryError, "");
    s->data += rhs->data; // rhs may be s itself: std::string handles self-append
    s->length += rhs->length;
    s->ascii = s->ascii && rhs->ascii;
    s->hash_ = -1;
    return;
  }
  lhs = Value(str_concat(s, rhs));
}

Value str_char(uint32_t c) {
  if (c < 256) {
    Str*& slot = g_chars[c];
    if (!slot) slot = intern(utf8_encode(c));
    return Value::borrow(slot);
  }
  return Value(make_str(utf8_encode(c)));
}

Value str_getitem(const Str* s, const Value& key) {
  if (key.is_intlike() || (!(key.is_obj() && key.as_obj()->type == types::slice) && is_index_like(key))) {
    if (is_big_int(key)) raise(exc::IndexError, "cannot fit 'int' into an index-sized integer");
    int64_t i = key.is_intlike() ? key.as_int() : index_value(key);
    if (i < 0) i += s->length;
    if (i < 0 || i >= s->length) raise(exc::IndexError, "string index out of range");
    return str_char(s->code_point(i));
  }
  if (key.is_obj() && key.as_obj()->type == types::slice) {
    int64_t start, stop, step;
    int64_t n = key.as<Slice>()->indices(s->length, start, stop, step);
    if (n <= 0) return empty_str();
    if (step == 1 && n == s->length) return Value::borrow(const_cast<Str*>(s));
    const std::string& d = s->data;
    if (n == 1) return str_char(s->code_point(start));
    if (s->ascii) {
      if (step == 1) return new_str(d.substr(static_cast<size_t>(start), static_cast<size_t>(n)));
      std::string out;
      out.reserve(static_cast<size_t>(n));
      for (int64_t i = 0, j = start; i < n; ++i, j += step) out.push_back(d[static_cast<size_t>(j)]);
      return new_str(std::move(out));
    }
    if (step == 1) {
      size_t b0 = utf8_offset(d, start);
      size_t b1 = b0 + utf8_offset(std::string_view(d).substr(b0), n);
      return new_str(d.substr(b0, b1 - b0));
    }
    std::u32string u = decode(d);
    std::string out;
    for (int64_t i = 0, j = start; i < n; ++i, j += step) utf8_append(out, u[static_cast<size_t>(j)]);
    return new_str(std::move(out));
  }
  raise(exc::TypeError, "string indices must be integers, not '" + type_name(key) + "'");
}

bool str_contains(const Str* haystack, const Str* needle) {
  if (needle->data.size() == 1) return haystack->data.find(needle->data[0]) != std::string::npos;
  return haystack->data.find(needle->data) != std::string::npos;
}

void init_str_type() {
  TypeObject* t = types::str;
  add_new(t, str_new);
  add_method(t, "__repr__", str_repr_fn);
  add_method(t, "__str__", str_str_fn);
  add_method(t, "__len__", str_len);
  add_method(t, "__hash__", str_hash);
  add_comparisons(t, []<CompareOp Op> { return str_richcompare<Op>; });
  add_method(t, "__add__", str_add);
  add_method(t, "__mul__", str_mul);
  add_method(t, "__rmul__", str_rmul);
  add_method(t, "__mod__", str_mod);
  add_method(t, "__contains__", str_contains_fn);
  add_method(t, "__getitem__", str_getitem_fn);
  add_method(t, "__iter__", str_iter);
  add_method(t, "__format__", str_format_fn);
  add_str_search_methods(t);
  add_str_convert_methods(t);

  str_iterator_type = make_native_type("str_iterator", Layout::Iterator);
  str_ascii_iterator_type = make_native_type("str_ascii_iterator", Layout::Iterator);
  for (TypeObject* it : {str_iterator_type, str_ascii_iterator_type}) {
    add_method(it, "__iter__", str_iter_iter);
    add_method(it, "__next__", str_iter_next);
  }
}

} // namespace refc::lang
