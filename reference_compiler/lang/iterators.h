// The native iterators: list/tuple/range/set/dict iterators, enumerate, zip,
// map, filter, reversed, iter(callable, sentinel) and the sequence iterator
// for classes that only define __getitem__. Every one derives from
// IteratorObject, whose `next` is a plain function pointer, so loops (the VM's
// FOR_ITER, list(), sorted(), ...) step them without a method lookup or a
// StopIteration exception per loop. The hottest ones expose their struct so
// the VM can inline their step.
#pragma once

#include "reference_compiler/lang/list_object.h"
#include "reference_compiler/lang/object.h"
#include "reference_compiler/lang/tuple_object.h"
#include "reference_compiler/lang/type_object.h"
#include "reference_compiler/lang/value.h"

#include <string>
#include <vector>

namespace refc::lang {

struct Dict;
struct SetObject;
struct Range;

// The iterator types (iterator_types.def), created by init_iterator_types().
namespace iter_types {
#define REFC_ITERATOR_TYPE(cxx, py) inline TypeObject* cxx = nullptr;
#include "reference_compiler/lang/iterator_types.def"
#undef REFC_ITERATOR_TYPE
} // namespace iter_types

// Base of every native iterator. Contract: an object whose type has
// Layout::Iterator is an IteratorObject (user classes cannot have that layout).
struct IteratorObject : Object {
  // Returns the next item, or Null when exhausted; may raise.
  using NextFn = Value (*)(IteratorObject* self);
  IteratorObject(TypeObject* type, NextFn next) : Object(type), next_fn(next) {}
  NextFn next_fn;
  Value next() { return next_fn(this); }
};

// The native iterator inside v, or null when v is something else.
inline IteratorObject* as_native_iterator(const Value& v) {
  if (v.is_obj() && v.as_obj()->type->layout == Layout::Iterator)
    return v.as<IteratorObject>();
  return nullptr;
}

// The next item of any iterator, or Null when exhausted (StopIteration absorbed):
// native iterators directly, anything else through abstract.h's iter_next.
Value next_item(const Value& iterator);

// ---- the structs the VM may step inline ------------------------------------

struct ListIterator : IteratorObject {
  ListIterator(Ref<List> list);
  Ref<List> list; // null once exhausted
  int64_t index = 0;
};

struct TupleIterator : IteratorObject {
  TupleIterator(Ref<Tuple> tuple);
  Ref<Tuple> tuple; // null once exhausted
  int64_t index = 0;
};

// Yields `remaining` values: next, next + step, ...
struct RangeIterator : IteratorObject {
  RangeIterator(int64_t next, int64_t step, int64_t remaining);
  int64_t next_value, step, remaining;
};

// ---- constructors ----------------------------------------------------------

Value make_list_iterator(Ref<List> list);
Value make_list_reverse_iterator(Ref<List> list);
Value make_tuple_iterator(Ref<Tuple> tuple);
Value make_range_iterator(int64_t start, int64_t step, int64_t length);
Value make_set_iterator(Ref<SetObject> set);
// kind: 0 keys, 1 values, 2 items (as (key, value) tuples).
Value make_dict_iterator(Ref<Dict> dict, int kind, bool reverse = false);
// iter(seq) for an object that has __getitem__ but no __iter__: seq[0], seq[1],
// ... until IndexError or StopIteration.
Value make_sequence_iterator(Value seq);
// iter(callable, sentinel).
Value make_callable_iterator(Value callable, Value sentinel);

// ---- bulk iteration --------------------------------------------------------

// Appends every item of `iterable` to `out` (fast paths for the built-in
// containers; the generic path uses get_iter and next_item).
void extend_from_iterable(std::vector<Value>& out, const Value& iterable);
// The items of `iterable` as a vector.
inline std::vector<Value> collect_items(const Value& iterable) {
  std::vector<Value> out;
  extend_from_iterable(out, iterable);
  return out;
}

// Creates a built-in (non-heap, immortal) type with base `object` for the
// containers' helper types (iterators, dict views).
TypeObject* make_native_type(std::string name, Layout layout);

} // namespace refc::lang
