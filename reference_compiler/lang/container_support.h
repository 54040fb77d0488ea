// Small helpers shared by the container implementations (tuple, list, dict,
// set, range and the iterators): hashing and equality with inline fast paths
// for the common key types, subscript-to-index conversion with CPython's
// messages, lexicographic comparison of item arrays, and repr of items.
#pragma once

#include "reference_compiler/lang/abstract.h"
#include "reference_compiler/lang/big_int.h"
#include "reference_compiler/lang/builtin_types.h"
#include "reference_compiler/lang/errors.h"
#include "reference_compiler/lang/str_object.h"
#include "reference_compiler/lang/value.h"

#include <string>
#include <string_view>
#include <vector>

namespace refc::lang {

// CPython's hash of a 64-bit int (reduction modulo 2**61 - 1, -1 becomes -2);
// number_ops.h's int_hash, inlined here for the dict and set probes.
inline int64_t int_hash_inline(int64_t n) {
  constexpr uint64_t kModulus = (uint64_t{1} << 61) - 1;
  uint64_t magnitude = n < 0 ? uint64_t{0} - static_cast<uint64_t>(n) : static_cast<uint64_t>(n);
  int64_t h = static_cast<int64_t>(magnitude % kModulus);
  if (n < 0) h = -h;
  return h == -1 ? -2 : h;
}

inline bool is_str(const Value& v) { return v.is_obj() && v.as_obj()->type == types::str; }

// hash(v), without a method lookup for ints, bools, None-free fast cases and str.
inline int64_t hash_key(const Value& v) {
  if (v.is_intlike()) return int_hash_inline(v.as_int());
  if (is_str(v)) return v.as<Str>()->hash();
  return hash(v);
}

// `a == b` for container lookups (identity first), inline for ints and strs.
inline bool keys_equal(const Value& a, const Value& b) {
  if (a.is(b)) return true;
  if (a.is_int() && b.is_int()) return a.as_int() == b.as_int();
  if (is_str(a) && is_str(b)) return str_equal(a.as<Str>(), b.as<Str>());
  return equals(a, b);
}

// True for int, bool and objects whose type defines __index__.
inline bool is_index_like(const Value& v) {
  if (v.is_intlike()) return true;
  if (!v.is_obj()) return false;
  return !lookup_special(v, names::__index__).is_null();
}

inline int64_t to_index(const Value& v) { return v.is_intlike() ? v.as_int() : index_value(v); }

// The position `key` selects in a sequence of `size` items (negative counts
// from the end). Raises TypeError "<what> indices must be integers or slices,
// not str" for a non-index key and IndexError(out_of_range) when outside.
inline int64_t sequence_position(const Value& key, int64_t size, std::string_view what,
                                 const char* out_of_range) {
  int64_t i;
  if (key.is_intlike()) {
    i = key.as_int();
  } else if (is_big_int(key)) {
    raise(exc::IndexError, "cannot fit 'int' into an index-sized integer");
  } else if (is_index_like(key)) {
    i = index_value(key);
  } else {
    raise(exc::TypeError, std::string(what) + " indices must be integers or slices, not " +
                              type_name(key));
  }
  if (i < 0) i += size;
  if (i < 0 || i >= size) raise(exc::IndexError, out_of_range);
  return i;
}

struct Slice;
// The items of `items` a slice selects (Slice::indices rules).
std::vector<Value> slice_items(const std::vector<Value>& items, const Slice& slice);

// The [start, stop) that list.index / tuple.index search: the arguments after
// x, ints (or __index__) with negative ones counted from the end (stop is not
// clamped to size), and CPython's "index expected at least 1 argument" errors.
void index_range(const Args& a, int64_t size, int64_t& start, int64_t& stop);

// The dunder implementing a comparison ("__lt__", ...), for messages.
constexpr const char* compare_method_name(CompareOp op) {
  switch (op) {
  case CompareOp::Lt: return "__lt__";
  case CompareOp::Le: return "__le__";
  case CompareOp::Eq: return "__eq__";
  case CompareOp::Ne: return "__ne__";
  case CompareOp::Gt: return "__gt__";
  case CompareOp::Ge: return "__ge__";
  }
  return "__eq__";
}

// The dunder implementing a binary operator ("__add__"; reflected: "__radd__").
constexpr const char* binary_method_name(BinaryOp op, bool reflected) {
  switch (op) {
  case BinaryOp::Add: return reflected ? "__radd__" : "__add__";
  case BinaryOp::Subtract: return reflected ? "__rsub__" : "__sub__";
  case BinaryOp::Multiply: return reflected ? "__rmul__" : "__mul__";
  case BinaryOp::TrueDivide: return reflected ? "__rtruediv__" : "__truediv__";
  case BinaryOp::FloorDivide: return reflected ? "__rfloordiv__" : "__floordiv__";
  case BinaryOp::Remainder: return reflected ? "__rmod__" : "__mod__";
  case BinaryOp::Power: return reflected ? "__rpow__" : "__pow__";
  case BinaryOp::LShift: return reflected ? "__rlshift__" : "__lshift__";
  case BinaryOp::RShift: return reflected ? "__rrshift__" : "__rshift__";
  case BinaryOp::And: return reflected ? "__rand__" : "__and__";
  case BinaryOp::Or: return reflected ? "__ror__" : "__or__";
  case BinaryOp::Xor: return reflected ? "__rxor__" : "__xor__";
  default: return "__op__";
  }
}

// Registers the six rich comparisons of type t (__eq__, __ne__, __lt__, __le__,
// __gt__, __ge__, in that order), each an instance of one template over CompareOp:
//   add_comparisons(t, []<CompareOp Op> { return list_compare<Op>; });
template <class Slot> void add_comparisons(TypeObject* t, Slot slot) {
  add_method(t, "__eq__", slot.template operator()<CompareOp::Eq>());
  add_method(t, "__ne__", slot.template operator()<CompareOp::Ne>());
  add_method(t, "__lt__", slot.template operator()<CompareOp::Lt>());
  add_method(t, "__le__", slot.template operator()<CompareOp::Le>());
  add_method(t, "__gt__", slot.template operator()<CompareOp::Gt>());
  add_method(t, "__ge__", slot.template operator()<CompareOp::Ge>());
}

// Registers, for each operator in Ops, its dunder and then the reflected one
// (__add__, __radd__, __sub__, ...), instances of one template over
// (operator, reflected):
//   add_binary_methods<BinaryOp::Add>(t, []<BinaryOp Op, bool R> { return int_binary<Op, R>; });
template <BinaryOp... Ops, class Slot> void add_binary_methods(TypeObject* t, Slot slot) {
  ((add_method(t, binary_method_name(Ops, false), slot.template operator()<Ops, false>()),
    add_method(t, binary_method_name(Ops, true), slot.template operator()<Ops, true>())),
   ...);
}

// Appends repr(v); ints are formatted inline.
void append_repr(std::string& out, const Value& v);

// CPython's list/tuple rich comparison over two item arrays: the first index
// where the items differ decides (with `op` applied to those items), else the
// lengths do. The arrays may change while user __eq__ runs; every access
// re-checks the bounds. `length_shortcut`: ==/!= of different lengths is
// decided without comparing items (lists do this, tuples do not).
Value compare_item_arrays(const std::vector<Value>& v, const std::vector<Value>& w, CompareOp op,
                          bool length_shortcut);

// The repetition count for `seq * n`, or false when n is not an index
// (callers then return NotImplemented or raise "can't multiply sequence").
bool repeat_count(const Value& n, int64_t& count);
// Raises TypeError "can't multiply sequence by non-int of type 'float'".
[[noreturn]] void raise_cant_multiply(const Value& n);
// True when `other` is an instance of a user class that defines `reflected`
// (e.g. __radd__), so a built-in sequence operator should return
// NotImplemented and let the reflected method run.
bool user_reflected_operand(const Value& other, Str* reflected);

// Raises KeyError(key) (the key itself is the exception's argument).
[[noreturn]] void raise_key_error(const Value& key);
// Raises StopIteration().
[[noreturn]] void raise_stop_iteration();

// The receiver args[0] of a method of type `t` (or a subtype), checked by
// native_function.h's check_self (CPython's "descriptor 'append' for 'list'
// objects doesn't apply to a 'int' object").
Object* check_receiver(const Args& a, const TypeObject* t, std::string_view method);
template <class T> T* receiver(const Args& a, const TypeObject* t, std::string_view method) {
  if (a.npos > 0 && a[0].is_obj() && a[0].as_obj()->type == t) return static_cast<T*>(a[0].as_obj());
  return static_cast<T*>(check_receiver(a, t, method));
}

// Argument checks with the wording of CPython's METH_O / METH_NOARGS natives:
// "list.append() takes exactly one argument (0 given)",
// "dict.keys() takes no arguments (1 given)", "len() takes no keyword arguments".
// (Inline fast checks; the out-of-line halves raise.)
void raise_arg_count(const Args& a, std::string_view qualname, size_t receivers, bool one);
inline void check_one_arg(const Args& a, std::string_view qualname) {
  if (a.npos != 1 || a.nkw() != 0) raise_arg_count(a, qualname, 0, true);
}
inline void check_no_args(const Args& a, std::string_view qualname) {
  if (a.npos != 0 || a.nkw() != 0) raise_arg_count(a, qualname, 0, false);
}
// Self-first methods: the receiver (args[0]) is not counted.
inline void check_method_one_arg(const Args& a, std::string_view qualname) {
  if (a.npos != 2 || a.nkw() != 0) raise_arg_count(a, qualname, 1, true);
}
inline void check_method_no_args(const Args& a, std::string_view qualname) {
  if (a.npos != 1 || a.nkw() != 0) raise_arg_count(a, qualname, 1, false);
}
// Slot-wrapper (dunder) arity, receiver not counted: "expected 1 argument,
// got 0", "wrapper __neg__() takes no keyword arguments".
void raise_dunder_arity(const Args& a, std::string_view name, size_t min, size_t max);
inline void dunder_arity(const Args& a, std::string_view name, size_t min, size_t max) {
  if (a.nkw() > 0 || a.npos - 1 < min || a.npos - 1 > max) raise_dunder_arity(a, name, min, max);
}

} // namespace refc::lang
