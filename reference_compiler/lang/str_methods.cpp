// The str type: init_str_type registers CPython 3.11's str methods and
// dunders, with its argument handling and error messages. Strings are UTF-8
// indexed by code point; ASCII strings (the common case) take byte-level fast
// paths, and byte-level search/split/replace stay correct for non-ASCII text
// because UTF-8 matches only at character boundaries. Character classes and
// case mappings come from the Unicode database (unicode_db.h).
#include "reference_compiler/lang/str_methods.h"

#include "reference_compiler/lang/abstract.h"
#include "reference_compiler/lang/builtin_types.h"
#include "reference_compiler/lang/container_support.h"
#include "reference_compiler/lang/dict_object.h"
#include "reference_compiler/lang/errors.h"
#include "reference_compiler/lang/format_spec.h"
#include "reference_compiler/lang/iterators.h"
#include "reference_compiler/lang/list_object.h"
#include "reference_compiler/lang/range_object.h"
#include "reference_compiler/lang/singletons.h"
#include "reference_compiler/lang/tuple_object.h"
#include "reference_compiler/lang/type_initializers.h"
#include "reference_compiler/lang/type_object.h"
#include "reference_compiler/lang/unicode_db.h"
#include "reference_compiler/lang/utf8.h"

#include <algorithm>
#include <cstring>

namespace refc::lang {
namespace {

// Strings longer than this raise MemoryError instead of exhausting memory.
constexpr int64_t kMaxStrBytes = int64_t{1} << 32;

// ---- receivers and arguments ---------------------------------------------------

inline Str* self_str(const Args& a, std::string_view method) {
  if (a.npos == 0 || !is_str(a[0])) check_self(a, types::str, method);
  return a[0].as<Str>();
}

// Old-style (PyArg_ParseTuple) arity errors, receiver not counted:
// "find() takes at least 1 argument (0 given)".
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

// Argument Clinic positional-only errors: "replace expected at least 2 arguments, got 1".
void clinic_arity(const Args& a, std::string_view name, size_t min, size_t max) {
  if (a.nkw() > 0) raise(exc::TypeError, "str." + std::string(name) + "() takes no keyword arguments");
  check_arity(a.drop_first(), name, min, max);
}

// Slot-wrapper (dunder) arity: "expected 1 argument, got 0".
void dunder_arity(const Args& a, std::string_view name, size_t n) {
  if (a.nkw() > 0) raise(exc::TypeError, "wrapper " + std::string(name) + "() takes no keyword arguments");
  if (a.npos - 1 != n)
    raise(exc::TypeError, "expected " + std::to_string(n) + " argument" + (n == 1 ? "" : "s") +
                              ", got " + std::to_string(a.npos - 1));
}

// Binds the arguments after the receiver to `names` (positional or keyword),
// leaving Null for the absent ones, with CPython's keyword-argument errors.
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

// An int argument through __index__ ("'float' object cannot be interpreted as an integer").
int64_t int_arg(const Value& v) { return v.is_intlike() ? v.as_int() : index_value(v); }

// A start/end argument of find() and friends (None means "absent").
bool slice_index(const Value& v, int64_t& out) {
  if (v.is_null() || v.is_none()) return false;
  if (v.is_intlike()) {
    out = v.as_int();
    return true;
  }
  if (!is_index_like(v))
    raise(exc::TypeError, "slice indices must be integers or None or have an __index__ method");
  out = index_value(v);
  return true;
}

// CPython's ADJUST_INDICES: clamps [start, end) against a string of `len` code points.
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

// ---- code point / byte offset conversion --------------------------------------

inline size_t byte_offset(const Str* s, int64_t cp_index) {
  return s->ascii ? static_cast<size_t>(cp_index) : utf8_offset(s->data, cp_index);
}

inline int64_t cp_index(const Str* s, size_t byte_off) {
  return s->ascii ? static_cast<int64_t>(byte_off) : utf8_length(std::string_view(s->data).substr(0, byte_off));
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

// ---- search helpers --------------------------------------------------------------

// find/rfind over code point range [start, end) of s; returns a code point index or -1.
int64_t find_in(const Str* s, const Str* sub, int64_t start, int64_t end, bool reverse) {
  adjust_indices(start, end, s->length);
  if (end - start < sub->length) return -1;
  if (sub->length == 0) return reverse ? end : start;
  size_t b0 = byte_offset(s, start);
  size_t b1 = s->ascii ? static_cast<size_t>(end) : b0 + utf8_offset(std::string_view(s->data).substr(b0), end - start);
  std::string_view hay = std::string_view(s->data).substr(b0, b1 - b0);
  size_t pos = reverse ? hay.rfind(sub->data) : hay.find(sub->data);
  if (pos == std::string_view::npos) return -1;
  return s->ascii ? start + static_cast<int64_t>(pos) : start + utf8_length(hay.substr(0, pos));
}

int64_t count_in(const Str* s, const Str* sub, int64_t start, int64_t end) {
  adjust_indices(start, end, s->length);
  if (end - start < sub->length) return 0;
  if (sub->length == 0) return end - start + 1;
  size_t b0 = byte_offset(s, start);
  size_t b1 = s->ascii ? static_cast<size_t>(end) : b0 + utf8_offset(std::string_view(s->data).substr(b0), end - start);
  std::string_view hay = std::string_view(s->data).substr(b0, b1 - b0);
  int64_t n = 0;
  for (size_t pos = hay.find(sub->data); pos != std::string_view::npos; pos = hay.find(sub->data, pos + sub->data.size()))
    ++n;
  return n;
}

// Python's tailmatch for startswith/endswith.
bool tail_match(const Str* s, const Str* sub, int64_t start, int64_t end, bool at_end) {
  adjust_indices(start, end, s->length);
  end -= sub->length;
  if (end < start) return false;
  if (sub->length == 0) return true;
  int64_t at = at_end ? end : start;
  size_t b = byte_offset(s, at);
  return std::string_view(s->data).substr(b, sub->data.size()) == sub->data;
}

Value find_common(const Args& a, const char* name, bool reverse, bool raise_missing) {
  Str* s = self_str(a, name);
  old_style_arity(a, name, 1, 3);
  Str* sub = str_arg(a[1], "must be str, not ");
  int64_t start = 0, end = INT64_MAX;
  if (a.npos > 2) slice_index(a[2], start);
  if (a.npos > 3) slice_index(a[3], end);
  int64_t r = find_in(s, sub, start, end, reverse);
  if (r < 0 && raise_missing) raise(exc::ValueError, "substring not found");
  return Value::integer(r);
}

Value fix_match(const Args& a, const char* name, bool at_end) {
  Str* s = self_str(a, name);
  old_style_arity(a, name, 1, 3);
  int64_t start = 0, end = INT64_MAX;
  if (a.npos > 2) slice_index(a[2], start);
  if (a.npos > 3) slice_index(a[3], end);
  const Value& arg = a[1];
  if (arg.is_obj() && arg.as_obj()->type == types::tuple) {
    for (const Value& item : arg.as<Tuple>()->items) {
      if (!is_str(item))
        raise(exc::TypeError, "tuple for " + std::string(name) + " must only contain str, not " + type_name(item));
      if (tail_match(s, item.as<Str>(), start, end, at_end)) return Value::boolean(true);
    }
    return Value::boolean(false);
  }
  if (!is_str(arg))
    raise(exc::TypeError, std::string(name) + " first arg must be str or a tuple of str, not " + type_name(arg));
  return Value::boolean(tail_match(s, arg.as<Str>(), start, end, at_end));
}

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
    raise(exc::NotImplementedError, "str() with an encoding decodes bytes, and refc has no bytes type");
  }
  return Value(to_str(v[0]));
}

Value str_repr_fn(Args a) {
  Str* s = self_str(a, "__repr__");
  dunder_arity(a, "__repr__", 0);
  return new_str(str_repr(s->data));
}

Value str_str_fn(Args a) {
  self_str(a, "__str__");
  dunder_arity(a, "__str__", 0);
  return a[0];
}

Value str_len(Args a) {
  Str* s = self_str(a, "__len__");
  dunder_arity(a, "__len__", 0);
  return Value::integer(s->length);
}

Value str_hash(Args a) {
  Str* s = self_str(a, "__hash__");
  dunder_arity(a, "__hash__", 0);
  return Value::integer(s->hash());
}

template <CompareOp Op> Value str_richcompare(Args a) {
  static constexpr const char* kNames[] = {"__lt__", "__le__", "__eq__", "__ne__", "__gt__", "__ge__"};
  Str* s = self_str(a, kNames[static_cast<int>(Op)]);
  dunder_arity(a, kNames[static_cast<int>(Op)], 1);
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
  dunder_arity(a, "__add__", 1);
  if (!is_str(a[1])) {
    static Str* radd = intern("__radd__");
    if (user_reflected_operand(a[1], radd)) return not_implemented();
    raise(exc::TypeError, "can only concatenate str (not \"" + type_name(a[1]) + "\") to str");
  }
  return Value(str_concat(s, a[1].as<Str>()));
}

Value repeat(const Args& a, bool reflected) {
  Str* s = self_str(a, reflected ? "__rmul__" : "__mul__");
  dunder_arity(a, reflected ? "__rmul__" : "__mul__", 1);
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
  dunder_arity(a, "__mod__", 1);
  return Value(str_percent_format(s, a[1]));
}

Value str_contains_fn(Args a) {
  Str* s = self_str(a, "__contains__");
  dunder_arity(a, "__contains__", 1);
  if (!is_str(a[1]))
    raise(exc::TypeError, "'in <string>' requires string as left operand, not " + type_name(a[1]));
  return Value::boolean(str_contains(s, a[1].as<Str>()));
}

Value str_getitem_fn(Args a) {
  Str* s = self_str(a, "__getitem__");
  dunder_arity(a, "__getitem__", 1);
  return str_getitem(s, a[1]);
}

Value str_iter(Args a) {
  Str* s = self_str(a, "__iter__");
  dunder_arity(a, "__iter__", 0);
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

// ---- search methods ------------------------------------------------------------------

Value str_find(Args a) { return find_common(a, "find", false, false); }
Value str_rfind(Args a) { return find_common(a, "rfind", true, false); }
Value str_index(Args a) { return find_common(a, "index", false, true); }
Value str_rindex(Args a) { return find_common(a, "rindex", true, true); }

Value str_count(Args a) {
  Str* s = self_str(a, "count");
  old_style_arity(a, "count", 1, 3);
  Str* sub = str_arg(a[1], "must be str, not ");
  int64_t start = 0, end = INT64_MAX;
  if (a.npos > 2) slice_index(a[2], start);
  if (a.npos > 3) slice_index(a[3], end);
  return Value::integer(count_in(s, sub, start, end));
}

Value str_startswith(Args a) { return fix_match(a, "startswith", false); }
Value str_endswith(Args a) { return fix_match(a, "endswith", true); }

// ---- split and join --------------------------------------------------------------------

// Whitespace split over a sequence of code units (ASCII bytes or code points);
// emit(start, end) receives each piece. Mirrors CPython's split_whitespace.
template <class CharT, class Emit> void split_whitespace(std::basic_string_view<CharT> s, int64_t maxcount, Emit emit) {
  auto space = [&](size_t i) { return is_space_cp(static_cast<uint32_t>(static_cast<std::make_unsigned_t<CharT>>(s[i]))); };
  size_t n = s.size(), i = 0, j;
  while (maxcount-- > 0) {
    while (i < n && space(i)) ++i;
    if (i == n) break;
    j = i++;
    while (i < n && !space(i)) ++i;
    emit(j, i);
  }
  if (i < n) {
    while (i < n && space(i)) ++i;
    if (i != n) emit(i, n);
  }
}

template <class CharT, class Emit> void rsplit_whitespace(std::basic_string_view<CharT> s, int64_t maxcount, Emit emit) {
  auto space = [&](int64_t i) {
    return is_space_cp(static_cast<uint32_t>(static_cast<std::make_unsigned_t<CharT>>(s[static_cast<size_t>(i)])));
  };
  int64_t i = static_cast<int64_t>(s.size()) - 1, j;
  while (maxcount-- > 0) {
    while (i >= 0 && space(i)) --i;
    if (i < 0) break;
    j = i--;
    while (i >= 0 && !space(i)) --i;
    emit(static_cast<size_t>(i + 1), static_cast<size_t>(j + 1));
  }
  if (i >= 0) {
    while (i >= 0 && space(i)) --i;
    if (i >= 0) emit(0, static_cast<size_t>(i + 1));
  }
}

Value split_common(Args a, bool reverse) {
  const char* name = reverse ? "rsplit" : "split";
  Str* s = self_str(a, name);
  Value v[2];
  bind_str_args(a, name, {"sep", "maxsplit"}, v);
  int64_t maxcount = INT64_MAX;
  if (!v[1].is_null()) {
    maxcount = int_arg(v[1]);
    if (maxcount < 0) maxcount = INT64_MAX;
  }
  Ref<List> out = make_list();
  std::vector<Value>& items = out->items;
  if (v[0].is_null() || v[0].is_none()) {
    if (s->ascii) {
      std::string_view d = s->data;
      auto emit = [&](size_t i, size_t j) { items.push_back(new_str(std::string(d.substr(i, j - i)))); };
      if (reverse)
        rsplit_whitespace<char>(d, maxcount, emit);
      else
        split_whitespace<char>(d, maxcount, emit);
    } else {
      std::u32string u = decode(s->data);
      std::u32string_view d = u;
      auto emit = [&](size_t i, size_t j) { items.push_back(new_str(encode(d.substr(i, j - i)))); };
      if (reverse)
        rsplit_whitespace<char32_t>(d, maxcount, emit);
      else
        split_whitespace<char32_t>(d, maxcount, emit);
    }
  } else {
    if (!is_str(v[0])) raise(exc::TypeError, "must be str or None, not " + type_name(v[0]));
    const std::string& sep = v[0].as<Str>()->data;
    if (sep.empty()) raise(exc::ValueError, "empty separator");
    std::string_view d = s->data;
    if (!reverse) {
      size_t i = 0;
      while (maxcount-- > 0) {
        size_t pos = d.find(sep, i);
        if (pos == std::string_view::npos) break;
        items.push_back(new_str(std::string(d.substr(i, pos - i))));
        i = pos + sep.size();
      }
      items.push_back(i == 0 ? a[0] : new_str(std::string(d.substr(i))));
    } else {
      size_t j = d.size();
      while (maxcount-- > 0) {
        if (j < sep.size()) break;
        size_t pos = d.substr(0, j).rfind(sep);
        if (pos == std::string_view::npos) break;
        items.push_back(new_str(std::string(d.substr(pos + sep.size(), j - pos - sep.size()))));
        j = pos;
      }
      items.push_back(j == d.size() ? a[0] : new_str(std::string(d.substr(0, j))));
    }
  }
  if (reverse) std::reverse(items.begin(), items.end());
  return Value(std::move(out));
}
Value str_split(Args a) { return split_common(a, false); }
Value str_rsplit(Args a) { return split_common(a, true); }

Value str_join(Args a) {
  Str* sep = self_str(a, "join");
  check_method_one_arg(a, "str.join");
  const Value& iterable = a[1];
  std::vector<Value> holder;
  const std::vector<Value>* items;
  if (iterable.is_obj() && iterable.as_obj()->type == types::list) {
    items = &iterable.as<List>()->items;
  } else if (iterable.is_obj() && iterable.as_obj()->type == types::tuple) {
    items = &iterable.as<Tuple>()->items;
  } else {
    Value it;
    try {
      it = get_iter(iterable);
    } catch (PyError& e) {
      if (e.exc.type()->is_subtype(exc::TypeError)) raise(exc::TypeError, "can only join an iterable");
      throw;
    }
    extend_from_iterable(holder, it);
    items = &holder;
  }
  size_t n = items->size();
  if (n == 0) return empty_str();
  size_t total = sep->data.size() * (n - 1);
  for (size_t i = 0; i < n; ++i) {
    const Value& item = (*items)[i];
    if (!is_str(item))
      raise(exc::TypeError, "sequence item " + std::to_string(i) + ": expected str instance, " + type_name(item) + " found");
    total += item.as<Str>()->data.size();
  }
  if (n == 1) return (*items)[0];
  if (static_cast<int64_t>(total) > kMaxStrBytes) raise(exc::MemoryError, "");
  std::string out;
  out.reserve(total);
  for (size_t i = 0; i < n; ++i) {
    if (i) out += sep->data;
    out += (*items)[i].as<Str>()->data;
  }
  return new_str(std::move(out));
}

Value str_splitlines(Args a) {
  Str* s = self_str(a, "splitlines");
  Value v[1];
  bind_str_args(a, "splitlines", {"keepends"}, v);
  bool keepends = !v[0].is_null() && int_arg(v[0]) != 0;
  Ref<List> out = make_list();
  std::string_view d = s->data;
  size_t i = 0, j = 0, n = d.size();
  while (i < n) {
    size_t eol;
    uint32_t c = 0;
    size_t next = i;
    // Find the next line break.
    for (;;) {
      if (i >= n) break;
      const char* p = d.data() + i;
      c = utf8_decode(p);
      next = static_cast<size_t>(p - d.data());
      if (unicode::is_linebreak(c)) break;
      i = next;
    }
    eol = i;
    if (i < n) {
      if (c == '\r' && next < n && d[next] == '\n')
        i = next + 1;
      else
        i = next;
      if (keepends) eol = i;
    }
    out->items.push_back(new_str(std::string(d.substr(j, eol - j))));
    j = i;
  }
  return Value(std::move(out));
}

Value partition_common(Args a, bool reverse) {
  const char* name = reverse ? "rpartition" : "partition";
  Str* s = self_str(a, name);
  check_method_one_arg(a, reverse ? "str.rpartition" : "str.partition");
  Str* sep = str_arg(a[1], "must be str, not ");
  if (sep->data.empty()) raise(exc::ValueError, "empty separator");
  std::string_view d = s->data;
  size_t pos = reverse ? d.rfind(sep->data) : d.find(sep->data);
  if (pos == std::string_view::npos) {
    if (reverse) return Value(make_tuple({empty_str(), empty_str(), a[0]}));
    return Value(make_tuple({a[0], empty_str(), empty_str()}));
  }
  return Value(make_tuple({new_str(std::string(d.substr(0, pos))), a[1],
                           new_str(std::string(d.substr(pos + sep->data.size())))}));
}
Value str_partition(Args a) { return partition_common(a, false); }
Value str_rpartition(Args a) { return partition_common(a, true); }

// ---- strip -------------------------------------------------------------------------------

Value strip_common(Args a, const char* name, bool left, bool right) {
  Str* s = self_str(a, name);
  clinic_arity(a, name, 0, 1);
  std::string_view d = s->data;
  size_t i = 0, j = d.size();
  if (a.npos < 2 || a[1].is_none()) {
    if (s->ascii) {
      if (left)
        while (i < j && is_space_cp(static_cast<uint8_t>(d[i]))) ++i;
      if (right)
        while (j > i && is_space_cp(static_cast<uint8_t>(d[j - 1]))) --j;
    } else {
      if (left)
        while (i < j) {
          const char* p = d.data() + i;
          if (!is_space_cp(utf8_decode(p))) break;
          i = static_cast<size_t>(p - d.data());
        }
      if (right)
        while (j > i) {
          size_t k = j - 1;
          while (k > i && (static_cast<uint8_t>(d[k]) & 0xC0) == 0x80) --k;
          const char* p = d.data() + k;
          if (!is_space_cp(utf8_decode(p))) break;
          j = k;
        }
    }
  } else {
    if (!is_str(a[1])) raise(exc::TypeError, std::string(name) + " arg must be None or str");
    const Str* chars = a[1].as<Str>();
    if (s->ascii && chars->ascii) {
      bool set[128] = {};
      for (char c : chars->data) set[static_cast<uint8_t>(c)] = true;
      if (left)
        while (i < j && set[static_cast<uint8_t>(d[i])]) ++i;
      if (right)
        while (j > i && set[static_cast<uint8_t>(d[j - 1])]) --j;
    } else {
      std::u32string cs = decode(chars->data);
      auto in_set = [&](uint32_t c) { return cs.find(static_cast<char32_t>(c)) != std::u32string::npos; };
      if (left)
        while (i < j) {
          const char* p = d.data() + i;
          if (!in_set(utf8_decode(p))) break;
          i = static_cast<size_t>(p - d.data());
        }
      if (right)
        while (j > i) {
          size_t k = j - 1;
          while (k > i && (static_cast<uint8_t>(d[k]) & 0xC0) == 0x80) --k;
          const char* p = d.data() + k;
          if (!in_set(utf8_decode(p))) break;
          j = k;
        }
    }
  }
  if (i == 0 && j == d.size()) return a[0];
  return new_str(std::string(d.substr(i, j - i)));
}
Value str_strip(Args a) { return strip_common(a, "strip", true, true); }
Value str_lstrip(Args a) { return strip_common(a, "lstrip", true, false); }
Value str_rstrip(Args a) { return strip_common(a, "rstrip", false, true); }

Value str_replace(Args a) {
  Str* s = self_str(a, "replace");
  clinic_arity(a, "replace", 2, 3);
  if (!is_str(a[1])) raise(exc::TypeError, "replace() argument 1 must be str, not " + type_name(a[1]));
  if (!is_str(a[2])) raise(exc::TypeError, "replace() argument 2 must be str, not " + type_name(a[2]));
  int64_t count = a.npos > 3 ? int_arg(a[3]) : -1;
  if (count < 0) count = INT64_MAX;
  const std::string& old_s = a[1].as<Str>()->data;
  const std::string& new_s = a[2].as<Str>()->data;
  std::string_view d = s->data;
  if (count == 0) return a[0];
  std::string out;
  if (old_s.empty()) {
    // Insert `new` before every code point and at the end, `count` times at most.
    size_t i = 0;
    int64_t done = 0;
    while (done < count) {
      out += new_s;
      ++done;
      if (i >= d.size()) break;
      size_t len = static_cast<size_t>(utf8_seq_len(static_cast<uint8_t>(d[i])));
      out.append(d.substr(i, len));
      i += len;
      if (static_cast<int64_t>(out.size()) > kMaxStrBytes) raise(exc::MemoryError, "");
    }
    out.append(d.substr(std::min(i, d.size())));
    return new_str(std::move(out));
  }
  size_t pos = d.find(old_s);
  if (pos == std::string_view::npos) return a[0];
  size_t i = 0;
  while (count-- > 0 && pos != std::string_view::npos) {
    out.append(d.substr(i, pos - i));
    out += new_s;
    i = pos + old_s.size();
    if (static_cast<int64_t>(out.size()) > kMaxStrBytes) raise(exc::MemoryError, "");
    pos = d.find(old_s, i);
  }
  out.append(d.substr(i));
  return new_str(std::move(out));
}

Value affix_common(Args a, const char* name, bool suffix) {
  Str* s = self_str(a, name);
  check_method_one_arg(a, std::string("str.") + name);
  if (!is_str(a[1])) raise(exc::TypeError, std::string(name) + "() argument must be str, not " + type_name(a[1]));
  const std::string& f = a[1].as<Str>()->data;
  std::string_view d = s->data;
  if (f.empty()) return a[0];
  if (suffix ? d.ends_with(f) : d.starts_with(f))
    return new_str(std::string(suffix ? d.substr(0, d.size() - f.size()) : d.substr(f.size())));
  return a[0];
}
Value str_removeprefix(Args a) { return affix_common(a, "removeprefix", false); }
Value str_removesuffix(Args a) { return affix_common(a, "removesuffix", true); }

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

Value str_encode(Args a) {
  self_str(a, "encode");
  Value v[2];
  bind_str_args(a, "encode", {"encoding", "errors"}, v);
  raise(exc::NotImplementedError, "str.encode() returns bytes, and refc has no bytes type");
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

// ---- the single-character cache ----------------------------------------------------------------

Str* g_chars[256];

} // namespace

// ---- exported operations -------------------------------------------------------------------------

std::string str_repr(std::string_view text) {
  bool has_single = text.find('\'') != std::string_view::npos;
  bool has_double = text.find('"') != std::string_view::npos;
  char quote = has_single && !has_double ? '"' : '\'';
  std::string out;
  out.reserve(text.size() + 2);
  out.push_back(quote);
  static const char kHex[] = "0123456789abcdef";
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
      out += "\\x";
      out.push_back(kHex[c >> 4]);
      out.push_back(kHex[c & 15]);
    } else if (c < 0x7f) {
      out.push_back(static_cast<char>(c));
    } else if (unicode::has(c, unicode::kPrintable)) {
      out.append(start, p);
    } else if (c <= 0xff) {
      out += "\\x";
      out.push_back(kHex[c >> 4]);
      out.push_back(kHex[c & 15]);
    } else if (c <= 0xffff) {
      out += "\\u";
      for (int sh = 12; sh >= 0; sh -= 4) out.push_back(kHex[(c >> sh) & 15]);
    } else {
      out += "\\U";
      for (int sh = 28; sh >= 0; sh -= 4) out.push_back(kHex[(c >> sh) & 15]);
    }
  }
  out.push_back(quote);
  return out;
}

std::string ascii_escape(std::string_view text) {
  static const char kHex[] = "0123456789abcdef";
  std::string out;
  out.reserve(text.size());
  for (const char* p = text.data(); p < text.data() + text.size();) {
    uint32_t c = utf8_decode(p);
    if (c < 0x80) {
      out.push_back(static_cast<char>(c));
    } else if (c <= 0xff) {
      out += "\\x";
      out.push_back(kHex[c >> 4]);
      out.push_back(kHex[c & 15]);
    } else if (c <= 0xffff) {
      out += "\\u";
      for (int sh = 12; sh >= 0; sh -= 4) out.push_back(kHex[(c >> sh) & 15]);
    } else {
      out += "\\U";
      for (int sh = 28; sh >= 0; sh -= 4) out.push_back(kHex[(c >> sh) & 15]);
    }
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
  add_method(t, "__eq__", str_richcompare<CompareOp::Eq>);
  add_method(t, "__ne__", str_richcompare<CompareOp::Ne>);
  add_method(t, "__lt__", str_richcompare<CompareOp::Lt>);
  add_method(t, "__le__", str_richcompare<CompareOp::Le>);
  add_method(t, "__gt__", str_richcompare<CompareOp::Gt>);
  add_method(t, "__ge__", str_richcompare<CompareOp::Ge>);
  add_method(t, "__add__", str_add);
  add_method(t, "__mul__", str_mul);
  add_method(t, "__rmul__", str_rmul);
  add_method(t, "__mod__", str_mod);
  add_method(t, "__contains__", str_contains_fn);
  add_method(t, "__getitem__", str_getitem_fn);
  add_method(t, "__iter__", str_iter);
  add_method(t, "__format__", str_format_fn);
  add_method(t, "find", str_find);
  add_method(t, "rfind", str_rfind);
  add_method(t, "index", str_index);
  add_method(t, "rindex", str_rindex);
  add_method(t, "count", str_count);
  add_method(t, "startswith", str_startswith);
  add_method(t, "endswith", str_endswith);
  add_method(t, "split", str_split);
  add_method(t, "rsplit", str_rsplit);
  add_method(t, "splitlines", str_splitlines);
  add_method(t, "join", str_join);
  add_method(t, "partition", str_partition);
  add_method(t, "rpartition", str_rpartition);
  add_method(t, "strip", str_strip);
  add_method(t, "lstrip", str_lstrip);
  add_method(t, "rstrip", str_rstrip);
  add_method(t, "replace", str_replace);
  add_method(t, "removeprefix", str_removeprefix);
  add_method(t, "removesuffix", str_removesuffix);
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
  add_method(t, "encode", str_encode);

  str_iterator_type = make_native_type("str_iterator", Layout::Iterator);
  str_ascii_iterator_type = make_native_type("str_ascii_iterator", Layout::Iterator);
  for (TypeObject* it : {str_iterator_type, str_ascii_iterator_type}) {
    add_method(it, "__iter__", str_iter_iter);
    add_method(it, "__next__", str_iter_next);
  }
}

} // namespace refc::lang
