// Range and Slice objects and their types. Range arithmetic is done in 128
// bits so extreme bounds raise OverflowError instead of wrapping; Slice
// resolution follows CPython's PySlice_Unpack and PySlice_AdjustIndices
// exactly, since every sequence type's slicing goes through it.
#include "reference_compiler/lang/range_object.h"

#include "reference_compiler/lang/abstract.h"
#include "reference_compiler/lang/builtin_types.h"
#include "reference_compiler/lang/container_support.h"
#include "reference_compiler/lang/errors.h"
#include "reference_compiler/lang/iterators.h"
#include "reference_compiler/lang/native_function.h"
#include "reference_compiler/lang/singletons.h"
#include "reference_compiler/lang/tuple_object.h"
#include "reference_compiler/lang/type_initializers.h"

#include <limits>

namespace refc::lang {

namespace {
constexpr int64_t kMax = std::numeric_limits<int64_t>::max();
constexpr int64_t kMin = std::numeric_limits<int64_t>::min();

// The number of values of range(start, stop, step), exactly.
__int128 range_length(int64_t start, int64_t stop, int64_t step) {
  __int128 lo = start, hi = stop, st = step;
  if (st > 0) return lo < hi ? (hi - lo - 1) / st + 1 : 0;
  return lo > hi ? (lo - hi - 1) / (-st) + 1 : 0;
}

int64_t checked_int64(__int128 v) {
  if (v > kMax || v < kMin) raise_int_overflow();
  return static_cast<int64_t>(v);
}
} // namespace

Range::Range(int64_t start, int64_t stop, int64_t step)
    : Object(types::range), start(start), stop(stop), step(step) {}

int64_t Range::length() const {
  __int128 n = range_length(start, stop, step);
  if (n > kMax) raise(exc::OverflowError, "Python int too large to convert to C ssize_t");
  return static_cast<int64_t>(n);
}

Slice::Slice(Value start, Value stop, Value step)
    : Object(types::slice), start(std::move(start)), stop(std::move(stop)), step(std::move(step)) {}

namespace {
// _PyEval_SliceIndex: an int, or an object with __index__.
int64_t slice_index(const Value& v) {
  if (v.is_intlike()) return v.as_int();
  if (!is_index_like(v))
    raise(exc::TypeError, "slice indices must be integers or None or have an __index__ method");
  return int_value_clamped(int_value_index(v));
}
} // namespace

void Slice::unpack(int64_t& start_out, int64_t& stop_out, int64_t& step_out) const {
  int64_t st = 1;
  if (!step.is_none()) {
    st = slice_index(step);
    if (st == 0) raise(exc::ValueError, "slice step cannot be zero");
    if (st < -kMax) st = -kMax; // so that -step cannot overflow
  }
  start_out = start.is_none() ? (st < 0 ? kMax : 0) : slice_index(start);
  stop_out = stop.is_none() ? (st < 0 ? kMin : kMax) : slice_index(stop);
  step_out = st;
}

int64_t Slice::adjust_indices(int64_t length, int64_t& start, int64_t& stop, int64_t step) {
  if (start < 0) {
    start += length;
    if (start < 0) start = step < 0 ? -1 : 0;
  } else if (start >= length) {
    start = step < 0 ? length - 1 : length;
  }
  if (stop < 0) {
    stop += length;
    if (stop < 0) stop = step < 0 ? -1 : 0;
  } else if (stop >= length) {
    stop = step < 0 ? length - 1 : length;
  }
  if (step < 0) {
    if (stop < start) return (start - stop - 1) / (-step) + 1;
  } else if (start < stop) {
    return (stop - start - 1) / step + 1;
  }
  return 0;
}

int64_t Slice::indices(int64_t length, int64_t& start_out, int64_t& stop_out,
                       int64_t& step_out) const {
  unpack(start_out, stop_out, step_out);
  return adjust_indices(length, start_out, stop_out, step_out);
}

// ---- the range type ---------------------------------------------------------------

namespace {

Range* self_range(const Args& a, std::string_view method) {
  return receiver<Range>(a, types::range, method);
}

bool is_range(const Value& v) { return v.is_obj() && v.as_obj()->type == types::range; }

Value range_new(Args a) {
  if (a.nkw() != 0) raise(exc::TypeError, "range() takes no keyword arguments");
  size_t n = a.npos - 1;
  if (n == 0) raise(exc::TypeError, "range expected at least 1 argument, got 0");
  if (n > 3) raise(exc::TypeError, "range expected at most 3 arguments, got " + std::to_string(n));
  int64_t start = 0, stop, step = 1;
  if (n == 1) {
    stop = to_index(a[1]);
  } else {
    start = to_index(a[1]);
    stop = to_index(a[2]);
    if (n == 3) {
      step = to_index(a[3]);
      if (step == 0) raise(exc::ValueError, "range() arg 3 must not be zero");
    }
  }
  return Value(make<Range>(start, stop, step));
}

Value range_repr(Args a) {
  Range* r = self_range(a, "__repr__");
  std::string out = "range(" + std::to_string(r->start) + ", " + std::to_string(r->stop);
  if (r->step != 1) out += ", " + std::to_string(r->step);
  out += ")";
  return str_value(std::move(out));
}

Value range_len(Args a) {
  Range* r = self_range(a, "__len__");
  check_method_no_args(a, "range.__len__");
  return Value::integer(r->length());
}

Value range_bool(Args a) {
  Range* r = self_range(a, "__bool__");
  return Value::boolean(range_length(r->start, r->stop, r->step) != 0);
}

Value range_getitem(Args a) {
  Range* r = self_range(a, "__getitem__");
  check_method_one_arg(a, "range.__getitem__");
  const Value& key = a[1];
  if (key.is_obj() && key.as_obj()->type == types::slice) {
    int64_t start, stop, step;
    key.as<Slice>()->indices(r->length(), start, stop, step);
    __int128 substep = static_cast<__int128>(r->step) * step;
    __int128 substart = r->start + static_cast<__int128>(start) * r->step;
    __int128 substop = r->start + static_cast<__int128>(stop) * r->step;
    return Value(make<Range>(checked_int64(substart), checked_int64(substop), checked_int64(substep)));
  }
  int64_t i = sequence_position(key, r->length(), "range", "range object index out of range");
  return Value::integer(r->at(i));
}

// The position of int v in r, or -1.
int64_t int_position(const Range* r, int64_t v) {
  __int128 offset = static_cast<__int128>(v) - r->start;
  if (r->step > 0 ? (v < r->start || v >= r->stop) : (v > r->start || v <= r->stop)) return -1;
  if (offset % r->step != 0) return -1;
  return static_cast<int64_t>(offset / r->step);
}

// Occurrences of x in r by linear search with ==, for non-int x.
int64_t linear_count(const Range* r, const Value& x, bool first_only, int64_t& first) {
  int64_t n = r->length(), count = 0;
  first = -1;
  for (int64_t i = 0; i < n; ++i) {
    if (equals(Value::integer(r->at(i)), x)) {
      if (first < 0) first = i;
      ++count;
      if (first_only) break;
    }
  }
  return count;
}

Value range_contains(Args a) {
  Range* r = self_range(a, "__contains__");
  check_method_one_arg(a, "range.__contains__");
  if (a[1].is_intlike()) return Value::boolean(int_position(r, a[1].as_int()) >= 0);
  int64_t first;
  return Value::boolean(linear_count(r, a[1], true, first) > 0);
}

Value range_count(Args a) {
  Range* r = self_range(a, "count");
  check_method_one_arg(a, "range.count");
  if (a[1].is_intlike()) return Value::integer(int_position(r, a[1].as_int()) >= 0 ? 1 : 0);
  int64_t first;
  return Value::integer(linear_count(r, a[1], false, first));
}

Value range_index(Args a) {
  Range* r = self_range(a, "index");
  check_method_one_arg(a, "range.index");
  if (a[1].is_int()) {
    int64_t i = int_position(r, a[1].as_int());
    if (i < 0) raise(exc::ValueError, std::to_string(a[1].as_int()) + " is not in range");
    return Value::integer(i);
  }
  int64_t first;
  linear_count(r, a[1], true, first);
  if (first < 0) raise(exc::ValueError, "sequence.index(x): x not in sequence");
  return Value::integer(first);
}

Value range_iter(Args a) {
  Range* r = self_range(a, "__iter__");
  return make_range_iterator(r->start, r->step, r->length());
}

Value range_reversed(Args a) {
  Range* r = self_range(a, "__reversed__");
  check_method_no_args(a, "range.__reversed__");
  int64_t n = r->length();
  if (n == 0) return make_range_iterator(r->start, 1, 0);
  int64_t last = checked_int64(r->start + static_cast<__int128>(n - 1) * r->step);
  return make_range_iterator(last, checked_int64(-static_cast<__int128>(r->step)), n);
}

bool ranges_equal(const Range* x, const Range* y) {
  if (x == y) return true;
  __int128 n = range_length(x->start, x->stop, x->step);
  if (n != range_length(y->start, y->stop, y->step)) return false;
  if (n == 0) return true;
  if (x->start != y->start) return false;
  return n == 1 || x->step == y->step;
}

Value range_eq(Args a) {
  Range* r = self_range(a, "__eq__");
  check_method_one_arg(a, "range.__eq__");
  if (!is_range(a[1])) return not_implemented();
  return Value::boolean(ranges_equal(r, a[1].as<Range>()));
}

Value range_ne(Args a) {
  Range* r = self_range(a, "__ne__");
  check_method_one_arg(a, "range.__ne__");
  if (!is_range(a[1])) return not_implemented();
  return Value::boolean(!ranges_equal(r, a[1].as<Range>()));
}

Value range_hash(Args a) {
  Range* r = self_range(a, "__hash__");
  int64_t n = r->length();
  Ref<Tuple> t;
  if (n == 0)
    t = make_tuple({Value::integer(0), Value::none(), Value::none()});
  else if (n == 1)
    t = make_tuple({Value::integer(1), Value::integer(r->start), Value::none()});
  else
    t = make_tuple({Value::integer(n), Value::integer(r->start), Value::integer(r->step)});
  return Value::integer(tuple_hash(t.get()));
}

Value range_start(Args a) { return Value::integer(self_range(a, "start")->start); }
Value range_stop(Args a) { return Value::integer(self_range(a, "stop")->stop); }
Value range_step(Args a) { return Value::integer(self_range(a, "step")->step); }

// ---- the slice type ----------------------------------------------------------------

Slice* self_slice(const Args& a, std::string_view method) {
  return receiver<Slice>(a, types::slice, method);
}

Value slice_new(Args a) {
  if (a.nkw() != 0) raise(exc::TypeError, "slice() takes no keyword arguments");
  size_t n = a.npos - 1;
  if (n == 0) raise(exc::TypeError, "slice expected at least 1 argument, got 0");
  if (n > 3) raise(exc::TypeError, "slice expected at most 3 arguments, got " + std::to_string(n));
  if (n == 1) return Value(make<Slice>(Value::none(), a[1], Value::none()));
  return Value(make<Slice>(a[1], a[2], n == 3 ? a[3] : Value::none()));
}

Value slice_repr(Args a) {
  Slice* s = self_slice(a, "__repr__");
  std::string out = "slice(";
  append_repr(out, s->start);
  out += ", ";
  append_repr(out, s->stop);
  out += ", ";
  append_repr(out, s->step);
  out += ")";
  return str_value(std::move(out));
}

Value slice_indices(Args a) {
  Slice* s = self_slice(a, "indices");
  check_method_one_arg(a, "slice.indices");
  int64_t length = to_index(a[1]);
  if (length < 0) raise(exc::ValueError, "length should not be negative");
  int64_t start, stop, step;
  s->indices(length, start, stop, step);
  return Value(make_tuple({Value::integer(start), Value::integer(stop), Value::integer(step)}));
}

template <CompareOp Op> Value slice_compare(Args a) {
  Slice* s = self_slice(a, compare_method_name(Op));
  check_method_one_arg(a, std::string("slice.") + compare_method_name(Op));
  if (!(a[1].is_obj() && a[1].as_obj()->type == types::slice)) return not_implemented();
  const Slice* o = a[1].as<Slice>();
  Ref<Tuple> x = make_tuple({s->start, s->stop, s->step});
  Ref<Tuple> y = make_tuple({o->start, o->stop, o->step});
  return compare_item_arrays(x->items, y->items, Op, false);
}

Value slice_start(Args a) { return self_slice(a, "start")->start; }
Value slice_stop(Args a) { return self_slice(a, "stop")->stop; }
Value slice_step(Args a) { return self_slice(a, "step")->step; }

} // namespace

void init_range_type() {
  TypeObject* t = types::range;
  add_new(t, range_new);
  add_method(t, "__repr__", range_repr);
  add_method(t, "__len__", range_len);
  add_method(t, "__bool__", range_bool);
  add_method(t, "__getitem__", range_getitem);
  add_method(t, "__contains__", range_contains);
  add_method(t, "__iter__", range_iter);
  add_method(t, "__reversed__", range_reversed);
  add_method(t, "__eq__", range_eq);
  add_method(t, "__ne__", range_ne);
  add_method(t, "__hash__", range_hash);
  add_method(t, "count", range_count);
  add_method(t, "index", range_index);
  add_getter(t, "start", range_start);
  add_getter(t, "stop", range_stop);
  add_getter(t, "step", range_step);
}

void init_slice_type() {
  TypeObject* t = types::slice;
  add_new(t, slice_new);
  add_method(t, "__repr__", slice_repr);
  add_method(t, "indices", slice_indices);
  add_comparisons(t, []<CompareOp Op> { return slice_compare<Op>; });
  add_getter(t, "start", slice_start);
  add_getter(t, "stop", slice_stop);
  add_getter(t, "step", slice_step);
  t->set_attr(names::__hash__, Value::none());
}

} // namespace refc::lang
