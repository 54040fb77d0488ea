// The `bytes` and `bytearray` types: construction (from an int, an iterable of
// ints, a str with an encoding, another bytes-like object or __bytes__), repr
// with CPython's quoting, the sequence protocol (len, indexing to an int,
// slicing, iteration, `in`, +, *, comparisons, hash of bytes), and bytearray's
// mutators (item and slice assignment, append, extend, pop, +=, ...), each with
// CPython 3.11's error messages. The methods both types share live in
// bytes_methods.cpp.
#include "reference_compiler/lang/bytes_object.h"

#include "reference_compiler/lang/abstract.h"
#include "reference_compiler/lang/builtin_types.h"
#include "reference_compiler/lang/container_support.h"
#include "reference_compiler/lang/errors.h"
#include "reference_compiler/lang/iterators.h"
#include "reference_compiler/lang/module_builder.h"
#include "reference_compiler/lang/range_object.h"
#include "reference_compiler/lang/singletons.h"
#include "reference_compiler/lang/str_internal.h"
#include "reference_compiler/lang/text_codecs.h"

#include <algorithm>

namespace refc::lang {

Ref<Bytes> make_bytes(std::string data) { return make<Bytes>(types::bytes, std::move(data)); }
Ref<Bytes> make_bytearray(std::string data) {
  return make<Bytes>(types::bytearray, std::move(data));
}

bool is_bytes(const Value& v) { return v.is_obj() && v.as_obj()->type == types::bytes; }
bool is_bytearray(const Value& v) { return v.is_obj() && v.as_obj()->type == types::bytearray; }
bool is_bytes_like(const Value& v) { return is_bytes(v) || is_bytearray(v); }

std::string_view bytes_like_arg(const Value& v) {
  if (!is_bytes_like(v))
    raise(exc::TypeError, "a bytes-like object is required, not '" + type_name(v) + "'");
  return v.as<Bytes>()->view();
}

std::string bytes_repr(std::string_view data, bool bytearray) {
  // Single quotes unless the data has a ' and no ", as CPython's bytes_repr;
  // bytearray's repr escapes ' even inside double quotes.
  bool has_single = data.find('\'') != std::string_view::npos;
  bool has_double = data.find('"') != std::string_view::npos;
  char quote = has_single && !has_double ? '"' : '\'';
  static const char* hex = "0123456789abcdef";
  std::string out = "b";
  out += quote;
  for (char ch : data) {
    auto c = static_cast<unsigned char>(ch);
    if (c == static_cast<unsigned char>(quote) || c == '\\' || (bytearray && c == '\'')) {
      out += '\\';
      out += ch;
    } else if (c == '\t') {
      out += "\\t";
    } else if (c == '\n') {
      out += "\\n";
    } else if (c == '\r') {
      out += "\\r";
    } else if (c < 0x20 || c >= 0x7f) {
      out += "\\x";
      out += hex[c >> 4];
      out += hex[c & 15];
    } else {
      out += ch;
    }
  }
  out += quote;
  return out;
}

namespace bytes_detail {
Value same_kind(const Value& self, std::string data) {
  if (static_cast<int64_t>(data.size()) > str_detail::kMaxStrBytes) raise(exc::MemoryError, "");
  return is_bytearray(self) ? Value(make_bytearray(std::move(data)))
                            : Value(make_bytes(std::move(data)));
}
} // namespace bytes_detail

namespace {

using bytes_detail::same_kind;

TypeObject* bytes_iterator_type = nullptr;
TypeObject* bytearray_iterator_type = nullptr;

// The receiver of a method registered on bytes (Mutable false) or bytearray.
template <bool Mutable> Bytes* self_of(const Args& a, std::string_view method) {
  return receiver<Bytes>(a, Mutable ? types::bytearray : types::bytes, method);
}

template <bool Mutable> constexpr const char* kind_name() {
  return Mutable ? "bytearray" : "bytes";
}

// A byte value: an int (or __index__) in range(0, 256).
uint8_t byte_value(const Value& v, const char* range_message) {
  int64_t n = str_detail::int_arg(v);
  if (n < 0 || n > 255) raise(exc::ValueError, range_message);
  return static_cast<uint8_t>(n);
}

// The data bytes(source) or bytearray(source) starts from, without an encoding.
std::string data_from_source(const Value& source, const char* kind) {
  if (is_bytes_like(source)) return std::string(source.as<Bytes>()->view());
  if (isinstance(source, types::str)) raise(exc::TypeError, "string argument without an encoding");
  if (is_index_like(source)) {
    int64_t n = str_detail::int_arg(source);
    if (n < 0) raise(exc::ValueError, "negative count");
    if (n > str_detail::kMaxStrBytes) raise(exc::MemoryError, "");
    return std::string(static_cast<size_t>(n), '\0');
  }
  Value iter = source.is_obj() ? lookup_special(source, names::__iter__) : Value();
  if (iter.is_null() || iter.is_none())
    raise(exc::TypeError, std::string("cannot convert '") + type_name(source) + "' object to " + kind);
  std::string out;
  for (const Value& item : collect_items(source))
    out.push_back(static_cast<char>(byte_value(item, "bytes must be in range(0, 256)")));
  return out;
}

// bytes(source=b'', encoding=None, errors=None) and bytearray's __init__ take
// the same arguments.
std::string data_from_args(const Args& a, const char* kind) {
  Value p[3];
  bind_clinic_args(a, kind, {"source", "encoding", "errors"}, 0, p);
  auto text_arg = [&](const Value& v, const char* name) -> std::string {
    if (!isinstance(v, types::str))
      raise(exc::TypeError, std::string(kind) + "() argument '" + name + "' must be str, not " +
                                type_name(v));
    return v.as<Str>()->data;
  };
  if (!p[1].is_null() || !p[2].is_null()) {
    std::string encoding = p[1].is_null() ? "utf-8" : text_arg(p[1], "encoding");
    std::string errors = p[2].is_null() ? "strict" : text_arg(p[2], "errors");
    if (p[0].is_null() || !isinstance(p[0], types::str))
      raise(exc::TypeError, p[1].is_null() ? "errors without a string argument"
                                           : "encoding without a string argument");
    return encode_text(p[0].as<Str>(), encoding, errors);
  }
  if (p[0].is_null()) return {};
  return data_from_source(p[0], kind);
}

Value bytes_new(Args a) {
  Args rest = a.drop_first();
  // bytes(x) calls x.__bytes__ when it has one.
  if (rest.npos == 1 && rest.nkw() == 0 && rest[0].is_obj() && !is_bytes_like(rest[0])) {
    Value method = lookup_special(rest[0], intern("__bytes__"));
    if (!method.is_null()) {
      Value result = call_with_self(method, rest[0], Args{});
      if (!is_bytes(result))
        raise(exc::TypeError, "__bytes__ returned non-bytes (type " + type_name(result) + ")");
      return result;
    }
  }
  return bytes_value(data_from_args(rest, "bytes"));
}

Value bytearray_new(Args) { return Value(make_bytearray({})); }

Value bytearray_init(Args a) {
  Bytes* b = self_of<true>(a, "__init__");
  b->data = data_from_args(a.drop_first(), "bytearray");
  ++b->state;
  return Value::none();
}

template <bool Mutable> Value bytes_repr_method(Args a) {
  Bytes* b = self_of<Mutable>(a, "__repr__");
  std::string r = bytes_repr(b->view(), Mutable);
  return str_value(Mutable ? "bytearray(" + r + ")" : r);
}

template <bool Mutable> Value bytes_len(Args a) {
  return Value::integer(self_of<Mutable>(a, "__len__")->size());
}

template <bool Mutable> Value bytes_getitem(Args a) {
  Bytes* b = self_of<Mutable>(a, "__getitem__");
  check_method_one_arg(a, std::string(kind_name<Mutable>()) + ".__getitem__");
  const Value& key = a[1];
  if (key.is_obj() && key.as_obj()->type == types::slice) {
    int64_t start, stop, step;
    int64_t n = key.as<Slice>()->indices(b->size(), start, stop, step);
    std::string out;
    out.reserve(static_cast<size_t>(n));
    for (int64_t i = 0, j = start; i < n; ++i, j += step) out.push_back(b->data[static_cast<size_t>(j)]);
    return same_kind(a[0], std::move(out));
  }
  int64_t i = sequence_position(key, b->size(), Mutable ? "bytearray" : "byte",
                                Mutable ? "bytearray index out of range" : "index out of range");
  return Value::integer(static_cast<uint8_t>(b->data[static_cast<size_t>(i)]));
}

struct BytesIterator : IteratorObject {
  BytesIterator(TypeObject* t, Ref<Bytes> b) : IteratorObject(t, &BytesIterator::step), b(std::move(b)) {}
  Ref<Bytes> b; // null once exhausted
  size_t index = 0;

  static Value step(IteratorObject* self) {
    auto* it = static_cast<BytesIterator*>(self);
    if (!it->b) return Value();
    if (it->index >= it->b->data.size()) {
      it->b = nullptr;
      return Value();
    }
    return Value::integer(static_cast<uint8_t>(it->b->data[it->index++]));
  }
};

template <bool Mutable> Value bytes_iter(Args a) {
  Bytes* b = self_of<Mutable>(a, "__iter__");
  return Value(make<BytesIterator>(Mutable ? bytearray_iterator_type : bytes_iterator_type,
                                   Ref<Bytes>::borrow(b)));
}

template <bool Mutable> Value bytes_contains(Args a) {
  Bytes* b = self_of<Mutable>(a, "__contains__");
  check_method_one_arg(a, std::string(kind_name<Mutable>()) + ".__contains__");
  if (is_index_like(a[1])) {
    uint8_t c = byte_value(a[1], "byte must be in range(0, 256)");
    return Value::boolean(b->data.find(static_cast<char>(c)) != std::string::npos);
  }
  return Value::boolean(b->view().find(bytes_like_arg(a[1])) != std::string_view::npos);
}

template <bool Mutable> Value bytes_add(Args a) {
  Bytes* b = self_of<Mutable>(a, "__add__");
  check_method_one_arg(a, std::string(kind_name<Mutable>()) + ".__add__");
  if (!is_bytes_like(a[1])) {
    if (user_reflected_operand(a[1], intern("__radd__"))) return not_implemented();
    raise(exc::TypeError, "can't concat " + type_name(a[1]) + " to " + kind_name<Mutable>());
  }
  return same_kind(a[0], b->data + a[1].as<Bytes>()->data);
}

std::string repeated(std::string_view data, int64_t count) {
  if (count <= 0 || data.empty()) return {};
  if (static_cast<int64_t>(data.size()) > str_detail::kMaxStrBytes / count)
    raise(exc::MemoryError, "");
  std::string out;
  out.reserve(data.size() * static_cast<size_t>(count));
  for (int64_t i = 0; i < count; ++i) out.append(data);
  return out;
}

// b * n and n * b (Reflected): a non-int n is CPython's "can't multiply
// sequence" error unless n's class may answer with its reflected method.
template <bool Mutable, bool Reflected> Value bytes_mul(Args a) {
  Bytes* b = self_of<Mutable>(a, Reflected ? "__rmul__" : "__mul__");
  check_method_one_arg(a, std::string(kind_name<Mutable>()) + (Reflected ? ".__rmul__" : ".__mul__"));
  int64_t count;
  if (!repeat_count(a[1], count)) {
    if (Reflected || user_reflected_operand(a[1], intern("__rmul__"))) return not_implemented();
    raise_cant_multiply(a[1]);
  }
  return same_kind(a[0], repeated(b->view(), count));
}

// b'%d' % x: outside refc's subset, said so rather than a TypeError.
Value bytes_mod(Args) { raise(exc::NotImplementedError, "%-formatting of bytes is not supported by refc"); }

// Rich comparison of bytes and bytearray (either with either): byte order.
template <bool Mutable, CompareOp Op> Value bytes_compare(Args a) {
  Bytes* b = self_of<Mutable>(a, compare_method_name(Op));
  check_method_one_arg(a, std::string(kind_name<Mutable>()) + "." + compare_method_name(Op));
  if (!is_bytes_like(a[1])) return not_implemented();
  int c = b->view().compare(a[1].as<Bytes>()->view());
  switch (Op) {
  case CompareOp::Lt: return Value::boolean(c < 0);
  case CompareOp::Le: return Value::boolean(c <= 0);
  case CompareOp::Eq: return Value::boolean(c == 0);
  case CompareOp::Ne: return Value::boolean(c != 0);
  case CompareOp::Gt: return Value::boolean(c > 0);
  case CompareOp::Ge: return Value::boolean(c >= 0);
  }
  return not_implemented();
}

Value bytes_hash(Args a) {
  Bytes* b = self_of<false>(a, "__hash__");
  if (b->hash_ == -1) b->hash_ = hash_bytes(b->view());
  return Value::integer(b->hash_);
}

Value bytes_getnewargs(Args a) {
  Bytes* b = self_of<false>(a, "__getnewargs__");
  return Value(make_tuple({bytes_value(b->data)}));
}

// ---- bytearray's mutators ---------------------------------------------------------

// The bytes a slice assignment or extend() takes: a bytes-like object or an
// iterable of ints; a str is refused with `str_message` when there is one
// (extend() iterates it and fails on its first item instead).
std::string assigned_bytes(const Value& v, const char* str_message) {
  if (is_bytes_like(v)) return std::string(v.as<Bytes>()->view());
  if (str_message && isinstance(v, types::str)) raise(exc::TypeError, str_message);
  std::string out;
  for (const Value& item : collect_items(v))
    out.push_back(static_cast<char>(byte_value(item, "byte must be in range(0, 256)")));
  return out;
}

Value bytearray_setitem(Args a) {
  Bytes* b = self_of<true>(a, "__setitem__");
  dunder_arity(a, "__setitem__", 2, 2);
  const Value& key = a[1];
  if (key.is_obj() && key.as_obj()->type == types::slice) {
    const Slice& s = *key.as<Slice>();
    if (is_index_like(a[2]))
      raise(exc::TypeError, "can assign only bytes, buffers, or iterables of ints in range(0, 256)");
    std::string items = assigned_bytes(a[2], "can assign only bytes, buffers, or iterables of ints "
                                             "in range(0, 256)");
    int64_t start, stop, step;
    s.unpack(start, stop, step);
    int64_t n = Slice::adjust_indices(b->size(), start, stop, step);
    if (step == 1) {
      if (stop < start) stop = start;
      b->data.replace(static_cast<size_t>(start), static_cast<size_t>(stop - start), items);
      ++b->state;
      return Value::none();
    }
    if (static_cast<int64_t>(items.size()) != n)
      raise(exc::ValueError, "attempt to assign bytes of size " + std::to_string(items.size()) +
                                 " to extended slice of size " + std::to_string(n));
    for (int64_t i = 0, j = start; i < n; ++i, j += step)
      b->data[static_cast<size_t>(j)] = items[static_cast<size_t>(i)];
    return Value::none();
  }
  int64_t i = sequence_position(key, b->size(), "bytearray", "bytearray index out of range");
  b->data[static_cast<size_t>(i)] =
      static_cast<char>(byte_value(a[2], "byte must be in range(0, 256)"));
  return Value::none();
}

Value bytearray_delitem(Args a) {
  Bytes* b = self_of<true>(a, "__delitem__");
  dunder_arity(a, "__delitem__", 1, 1);
  const Value& key = a[1];
  if (key.is_obj() && key.as_obj()->type == types::slice) {
    int64_t start, stop, step;
    int64_t n = key.as<Slice>()->indices(b->size(), start, stop, step);
    if (step < 0) {
      start += (n - 1) * step;
      step = -step;
    }
    std::string kept;
    for (int64_t i = 0, next = n > 0 ? start : -1, removed = 0; i < b->size(); ++i) {
      if (i == next) {
        ++removed;
        next = removed < n ? next + step : -1;
        continue;
      }
      kept.push_back(b->data[static_cast<size_t>(i)]);
    }
    b->data = std::move(kept);
  } else {
    int64_t i = sequence_position(key, b->size(), "bytearray", "bytearray index out of range");
    b->data.erase(static_cast<size_t>(i), 1);
  }
  ++b->state;
  return Value::none();
}

Value bytearray_append(Args a) {
  Bytes* b = self_of<true>(a, "append");
  check_method_one_arg(a, "bytearray.append");
  b->data.push_back(static_cast<char>(byte_value(a[1], "byte must be in range(0, 256)")));
  ++b->state;
  return Value::none();
}

Value bytearray_extend(Args a) {
  Bytes* b = self_of<true>(a, "extend");
  check_method_one_arg(a, "bytearray.extend");
  if (!is_bytes_like(a[1]) && (!a[1].is_obj() || lookup_special(a[1], names::__iter__).is_null()))
    raise(exc::TypeError, "can't extend bytearray with " + type_name(a[1]));
  b->data += assigned_bytes(a[1], nullptr);
  ++b->state;
  return Value::none();
}

Value bytearray_insert(Args a) {
  Bytes* b = self_of<true>(a, "insert");
  str_detail::clinic_arity(a, "insert", 2, 2);
  int64_t i = str_detail::int_arg(a[1]);
  uint8_t c = byte_value(a[2], "byte must be in range(0, 256)");
  if (i < 0) i = std::max<int64_t>(0, i + b->size());
  i = std::min(i, b->size());
  b->data.insert(b->data.begin() + i, static_cast<char>(c));
  ++b->state;
  return Value::none();
}

Value bytearray_pop(Args a) {
  Bytes* b = self_of<true>(a, "pop");
  str_detail::clinic_arity(a, "pop", 0, 1);
  int64_t i = a.npos > 1 ? str_detail::int_arg(a[1]) : -1;
  if (b->data.empty()) raise(exc::IndexError, "pop from empty bytearray");
  if (i < 0) i += b->size();
  if (i < 0 || i >= b->size()) raise(exc::IndexError, "pop index out of range");
  auto c = static_cast<uint8_t>(b->data[static_cast<size_t>(i)]);
  b->data.erase(static_cast<size_t>(i), 1);
  ++b->state;
  return Value::integer(c);
}

Value bytearray_remove(Args a) {
  Bytes* b = self_of<true>(a, "remove");
  check_method_one_arg(a, "bytearray.remove");
  uint8_t c = byte_value(a[1], "byte must be in range(0, 256)");
  size_t at = b->data.find(static_cast<char>(c));
  if (at == std::string::npos) raise(exc::ValueError, "value not found in bytearray");
  b->data.erase(at, 1);
  ++b->state;
  return Value::none();
}

Value bytearray_clear(Args a) {
  Bytes* b = self_of<true>(a, "clear");
  check_method_no_args(a, "bytearray.clear");
  b->data.clear();
  ++b->state;
  return Value::none();
}

Value bytearray_reverse(Args a) {
  Bytes* b = self_of<true>(a, "reverse");
  check_method_no_args(a, "bytearray.reverse");
  std::reverse(b->data.begin(), b->data.end());
  return Value::none();
}

Value bytearray_copy(Args a) {
  Bytes* b = self_of<true>(a, "copy");
  check_method_no_args(a, "bytearray.copy");
  return Value(make_bytearray(b->data));
}

Value bytearray_iadd(Args a) {
  Bytes* b = self_of<true>(a, "__iadd__");
  check_method_one_arg(a, "bytearray.__iadd__");
  if (!is_bytes_like(a[1]))
    raise(exc::TypeError, "can't concat " + type_name(a[1]) + " to bytearray");
  b->data += a[1].as<Bytes>()->data; // a copy first when a[1] is b itself: += reads before it grows
  ++b->state;
  return a[0];
}

Value bytearray_imul(Args a) {
  Bytes* b = self_of<true>(a, "__imul__");
  check_method_one_arg(a, "bytearray.__imul__");
  int64_t count;
  if (!repeat_count(a[1], count)) return not_implemented();
  b->data = repeated(b->view(), count);
  ++b->state;
  return a[0];
}

TypeObject* make_bytes_iterator_type(const char* name) {
  TypeObject* t = make_module_type(name, "builtins", Layout::Iterator);
  add_method(t, "__iter__", [](Args a) { return a[0]; });
  add_method(t, "__next__", [](Args a) {
    check_no_args(a.drop_first(), "__next__");
    return static_cast<IteratorObject*>(a[0].as_obj())->next();
  });
  return t;
}

template <bool Mutable> void add_sequence_methods(TypeObject* t) {
  add_method(t, "__repr__", bytes_repr_method<Mutable>);
  add_method(t, "__str__", bytes_repr_method<Mutable>);
  add_method(t, "__len__", bytes_len<Mutable>);
  add_method(t, "__getitem__", bytes_getitem<Mutable>);
  add_method(t, "__iter__", bytes_iter<Mutable>);
  add_method(t, "__contains__", bytes_contains<Mutable>);
  add_method(t, "__add__", bytes_add<Mutable>);
  add_method(t, "__mul__", bytes_mul<Mutable, false>);
  add_method(t, "__rmul__", bytes_mul<Mutable, true>);
  add_method(t, "__mod__", bytes_mod);
  add_comparisons(t, []<CompareOp Op> { return bytes_compare<Mutable, Op>; });
}

} // namespace

void init_bytes_types() {
  TypeObject* b = types::bytes;
  add_new(b, bytes_new);
  add_sequence_methods<false>(b);
  add_method(b, "__hash__", bytes_hash);
  add_method(b, "__getnewargs__", bytes_getnewargs);

  TypeObject* ba = types::bytearray;
  add_new(ba, bytearray_new);
  add_method(ba, "__init__", bytearray_init);
  add_sequence_methods<true>(ba);
  ba->set_attr(names::__hash__, Value::none());
  add_method(ba, "__setitem__", bytearray_setitem);
  add_method(ba, "__delitem__", bytearray_delitem);
  add_method(ba, "__iadd__", bytearray_iadd);
  add_method(ba, "__imul__", bytearray_imul);
  add_method(ba, "append", bytearray_append);
  add_method(ba, "extend", bytearray_extend);
  add_method(ba, "insert", bytearray_insert);
  add_method(ba, "pop", bytearray_pop);
  add_method(ba, "remove", bytearray_remove);
  add_method(ba, "clear", bytearray_clear);
  add_method(ba, "reverse", bytearray_reverse);
  add_method(ba, "copy", bytearray_copy);

  bytes_iterator_type = make_bytes_iterator_type("bytes_iterator");
  bytearray_iterator_type = make_bytes_iterator_type("bytearray_iterator");
  bytes_detail::add_bytes_methods();
  add_text_codec_methods();
  add_int_bytes_methods();
}

} // namespace refc::lang
