// Tuple: construction, CPython 3.11's xxHash-based hash (so dicts and sets of
// tuples iterate as in CPython) and the tuple type's methods: indexing and
// slicing, concatenation and repetition, lexicographic comparison, repr with
// the "(1,)" singleton form, count and index.
#include "reference_compiler/lang/tuple_object.h"

#include "reference_compiler/lang/abstract.h"
#include "reference_compiler/lang/builtin_types.h"
#include "reference_compiler/lang/container_support.h"
#include "reference_compiler/lang/errors.h"
#include "reference_compiler/lang/iterators.h"
#include "reference_compiler/lang/native_function.h"
#include "reference_compiler/lang/range_object.h"
#include "reference_compiler/lang/repr_guard.h"
#include "reference_compiler/lang/singletons.h"
#include "reference_compiler/lang/type_initializers.h"

#include <limits>

namespace refc::lang {

Tuple::Tuple() : TrackedObject(types::tuple) {}
Tuple::Tuple(std::vector<Value> items) : TrackedObject(types::tuple), items(std::move(items)) {}

void Tuple::traverse(ReferenceVisitor& visit) {
  for (const Value& v : items) visit(v);
}
void Tuple::clear_references() { std::vector<Value>().swap(items); }

Tuple* empty_tuple() {
  static Tuple* t = [] {
    auto* e = new Tuple();
    e->make_immortal();
    return e;
  }();
  if (!t->type) t->type = types::tuple; // created before the type objects existed
  return t;
}

Ref<Tuple> make_tuple(std::vector<Value> items) {
  if (items.empty()) return Ref<Tuple>::borrow(empty_tuple());
  return make<Tuple>(std::move(items));
}

Ref<Tuple> make_tuple_of(TypeObject* cls, std::vector<Value> items) {
  Ref<Tuple> t = make<Tuple>(std::move(items));
  t->type = cls;
  return t;
}

Ref<Tuple> make_tuple(std::initializer_list<Value> items) {
  return make_tuple(std::vector<Value>(items));
}

int64_t tuple_hash(const Tuple* t) {
  constexpr uint64_t kPrime1 = 11400714785074694791ULL;
  constexpr uint64_t kPrime2 = 14029467366897019727ULL;
  constexpr uint64_t kPrime5 = 2870177450012600261ULL;
  uint64_t acc = kPrime5;
  for (const Value& item : t->items) {
    uint64_t lane = static_cast<uint64_t>(hash_key(item));
    acc += lane * kPrime2;
    acc = (acc << 31) | (acc >> 33);
    acc *= kPrime1;
  }
  acc += static_cast<uint64_t>(t->items.size()) ^ (kPrime5 ^ 3527539UL);
  if (acc == static_cast<uint64_t>(-1)) return 1546275796;
  return static_cast<int64_t>(acc);
}

namespace {

Tuple* self_tuple(const Args& a, std::string_view method) {
  return receiver<Tuple>(a, types::tuple, method);
}

bool is_tuple(const Value& v) {
  return v.is_obj() && v.as_obj()->type->layout == Layout::Tuple;
}

Value tuple_new(Args a) {
  if (a.nkw() != 0) raise(exc::TypeError, "tuple() takes no keyword arguments");
  if (a.npos > 2)
    raise(exc::TypeError, "tuple expected at most 1 argument, got " + std::to_string(a.npos - 1));
  if (a.npos < 2) return Value::borrow(empty_tuple());
  const Value& arg = a[1];
  if (arg.is_obj() && arg.as_obj()->type == types::tuple) return arg;
  return Value(make_tuple(collect_items(arg)));
}

Value tuple_repr(Args a) {
  Tuple* t = self_tuple(a, "__repr__");
  if (t->items.empty()) return str_value("()");
  ReprGuard guard(t);
  if (guard.recursive()) return str_value("(...)");
  std::string out = "(";
  for (size_t i = 0; i < t->items.size(); ++i) {
    if (i) out += ", ";
    append_repr(out, t->items[i]);
  }
  out += t->items.size() == 1 ? ",)" : ")";
  return str_value(std::move(out));
}

Value tuple_hash_method(Args a) { return Value::integer(tuple_hash(self_tuple(a, "__hash__"))); }

Value tuple_len(Args a) {
  check_method_no_args(a, "tuple.__len__");
  return Value::integer(self_tuple(a, "__len__")->size());
}

Value tuple_getitem(Args a) {
  Tuple* t = self_tuple(a, "__getitem__");
  check_method_one_arg(a, "tuple.__getitem__");
  const Value& key = a[1];
  if (key.is_obj() && key.as_obj()->type == types::slice) {
    const Slice& s = *key.as<Slice>();
    int64_t start, stop, step;
    s.unpack(start, stop, step);
    int64_t n = Slice::adjust_indices(t->size(), start, stop, step);
    if (step == 1 && n == t->size() && t->type == types::tuple) return a[0];
    return Value(make_tuple(slice_items(t->items, s)));
  }
  return t->items[static_cast<size_t>(
      sequence_position(key, t->size(), "tuple", "tuple index out of range"))];
}

Value tuple_contains(Args a) {
  Tuple* t = self_tuple(a, "__contains__");
  check_method_one_arg(a, "tuple.__contains__");
  for (const Value& item : t->items)
    if (keys_equal(item, a[1])) return Value::boolean(true);
  return Value::boolean(false);
}

Value tuple_iter(Args a) {
  Tuple* t = self_tuple(a, "__iter__");
  return make_tuple_iterator(Ref<Tuple>::borrow(t));
}

Value tuple_add(Args a) {
  Tuple* t = self_tuple(a, "__add__");
  check_method_one_arg(a, "tuple.__add__");
  const Value& other = a[1];
  if (!is_tuple(other)) {
    if (user_reflected_operand(other, intern("__radd__"))) return not_implemented();
    raise(exc::TypeError, "can only concatenate tuple (not \"" + type_name(other) + "\") to tuple");
  }
  const Tuple* o = other.as<Tuple>();
  if (o->items.empty()) return a[0];
  if (t->items.empty()) return other;
  std::vector<Value> items;
  items.reserve(t->items.size() + o->items.size());
  items.insert(items.end(), t->items.begin(), t->items.end());
  items.insert(items.end(), o->items.begin(), o->items.end());
  return Value(make_tuple(std::move(items)));
}

Value tuple_mul(Args a) {
  Tuple* t = self_tuple(a, "__mul__");
  check_method_one_arg(a, "tuple.__mul__");
  int64_t n;
  if (!repeat_count(a[1], n)) {
    if (user_reflected_operand(a[1], intern("__rmul__"))) return not_implemented();
    raise_cant_multiply(a[1]);
  }
  if (n == 1) return a[0];
  if (n <= 0 || t->items.empty()) return Value::borrow(empty_tuple());
  if (t->size() > std::numeric_limits<int64_t>::max() / n || t->size() * n > (int64_t{1} << 40))
    raise(exc::MemoryError, "");
  std::vector<Value> items;
  items.reserve(static_cast<size_t>(t->size() * n));
  for (int64_t i = 0; i < n; ++i) items.insert(items.end(), t->items.begin(), t->items.end());
  return Value(make_tuple(std::move(items)));
}

template <CompareOp Op> Value tuple_compare(Args a) {
  Tuple* t = self_tuple(a, compare_method_name(Op));
  check_method_one_arg(a, std::string("tuple.") + compare_method_name(Op));
  if (!is_tuple(a[1])) return not_implemented();
  return compare_item_arrays(t->items, a[1].as<Tuple>()->items, Op, false);
}

Value tuple_index(Args a) {
  Tuple* t = self_tuple(a, "index");
  reject_keywords(a, "index");
  int64_t start, stop;
  index_range(a, t->size(), start, stop);
  for (int64_t i = start; i < stop && i < t->size(); ++i)
    if (keys_equal(t->items[static_cast<size_t>(i)], a[1])) return Value::integer(i);
  raise(exc::ValueError, "tuple.index(x): x not in tuple");
}

Value tuple_count(Args a) {
  Tuple* t = self_tuple(a, "count");
  check_method_one_arg(a, "tuple.count");
  int64_t n = 0;
  for (const Value& item : t->items)
    if (keys_equal(item, a[1])) ++n;
  return Value::integer(n);
}

} // namespace

void init_tuple_type() {
  TypeObject* t = types::tuple;
  empty_tuple();
  add_new(t, tuple_new);
  add_method(t, "__repr__", tuple_repr);
  add_method(t, "__hash__", tuple_hash_method);
  add_method(t, "__len__", tuple_len);
  add_method(t, "__getitem__", tuple_getitem);
  add_method(t, "__contains__", tuple_contains);
  add_method(t, "__iter__", tuple_iter);
  add_method(t, "__add__", tuple_add);
  add_method(t, "__mul__", tuple_mul);
  add_method(t, "__rmul__", tuple_mul);
  add_comparisons(t, []<CompareOp Op> { return tuple_compare<Op>; });
  add_method(t, "index", tuple_index);
  add_method(t, "count", tuple_count);
}

} // namespace refc::lang
