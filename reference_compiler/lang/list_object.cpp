// List: construction and the list type's methods. Every loop that may run user
// code (__eq__, __repr__, __index__, iteration of an argument) re-reads the
// item vector's size on each step and holds owned copies of the items it
// passes out, so a list mutated from inside such code stays memory-safe.
#include "reference_compiler/lang/list_object.h"

#include "reference_compiler/lang/abstract.h"
#include "reference_compiler/lang/builtin_types.h"
#include "reference_compiler/lang/container_support.h"
#include "reference_compiler/lang/errors.h"
#include "reference_compiler/lang/iterators.h"
#include "reference_compiler/lang/list_sort.h"
#include "reference_compiler/lang/native_function.h"
#include "reference_compiler/lang/range_object.h"
#include "reference_compiler/lang/repr_guard.h"
#include "reference_compiler/lang/singletons.h"
#include "reference_compiler/lang/type_initializers.h"

#include <algorithm>
#include <limits>

namespace refc::lang {

List::List() : TrackedObject(types::list) {}
List::List(std::vector<Value> items) : TrackedObject(types::list), items(std::move(items)) {}

void List::traverse(ReferenceVisitor& visit) {
  for (const Value& v : items) visit(v);
}
void List::clear_references() { std::vector<Value>().swap(items); }

Ref<List> make_list(std::vector<Value> items) { return make<List>(std::move(items)); }

namespace {

using Items = std::vector<Value>;

List* self_list(const Args& a, std::string_view method) {
  return receiver<List>(a, types::list, method);
}

bool is_list(const Value& v) { return v.is_obj() && v.as_obj()->type->layout == Layout::List; }
bool is_slice(const Value& v) { return v.is_obj() && v.as_obj()->type == types::slice; }

// The items of `v` as a fresh vector; a list is copied (so `a[:] = a` and
// `a.extend(a)` see a snapshot).
Items items_of(const Value& v) {
  if (is_list(v)) return v.as<List>()->items;
  return collect_items(v);
}

// Items of `v` for slice assignment: TypeError `message` when v is not iterable.
Items assigned_items(const Value& v, const char* message) {
  if (is_list(v)) return v.as<List>()->items;
  if (v.is_obj() && v.as_obj()->type->layout == Layout::Tuple) return v.as<Tuple>()->items;
  Value it;
  try {
    it = get_iter(v);
  } catch (const PyError& e) {
    if (isinstance(e.exc, exc::TypeError)) raise(exc::TypeError, message);
    throw;
  }
  Items out;
  for (Value x = next_item(it); !x.is_null(); x = next_item(it)) out.push_back(std::move(x));
  return out;
}

Value list_new(Args a) {
  if (a.nkw() != 0) raise(exc::TypeError, "list() takes no keyword arguments");
  if (a.npos > 2)
    raise(exc::TypeError, "list expected at most 1 argument, got " + std::to_string(a.npos - 1));
  if (a.npos < 2) return Value(make_list());
  return Value(make_list(items_of(a[1])));
}

Value list_repr(Args a) {
  List* l = self_list(a, "__repr__");
  if (l->items.empty()) return str_value("[]");
  ReprGuard guard(l);
  if (guard.recursive()) return str_value("[...]");
  std::string out = "[";
  for (size_t i = 0; i < l->items.size(); ++i) {
    if (i) out += ", ";
    Value item = l->items[i];
    append_repr(out, item);
  }
  out += "]";
  return str_value(std::move(out));
}

Value list_len(Args a) {
  List* l = self_list(a, "__len__");
  check_method_no_args(a, "list.__len__");
  return Value::integer(l->size());
}

Value list_getitem(Args a) {
  List* l = self_list(a, "__getitem__");
  check_method_one_arg(a, "list.__getitem__");
  const Value& key = a[1];
  if (key.is_int()) {
    int64_t i = key.as_int();
    if (i < 0) i += l->size();
    if (i < 0 || i >= l->size()) raise(exc::IndexError, "list index out of range");
    return l->items[static_cast<size_t>(i)];
  }
  if (is_slice(key)) return Value(make_list(slice_items(l->items, *key.as<Slice>())));
  int64_t i = sequence_position(key, l->size(), "list", "list index out of range");
  return l->items[static_cast<size_t>(i)];
}

// a[start:stop] = items for a step-1 slice (CPython's list_ass_slice clamping).
// Replaced items are swapped out and released only once the list is whole.
void assign_simple_slice(List* l, int64_t low, int64_t high, Items items) {
  int64_t size = l->size();
  low = std::clamp<int64_t>(low, 0, size);
  high = std::clamp<int64_t>(high, low, size);
  size_t old_n = static_cast<size_t>(high - low), new_n = items.size();
  size_t common = std::min(old_n, new_n);
  auto at = l->items.begin() + low;
  for (size_t i = 0; i < common; ++i) std::swap(at[static_cast<std::ptrdiff_t>(i)], items[i]);
  if (new_n < old_n) {
    // items[0, common) now holds replaced values; move the rest out too.
    auto first = at + static_cast<std::ptrdiff_t>(common), last = at + static_cast<std::ptrdiff_t>(old_n);
    items.insert(items.end(), std::make_move_iterator(first), std::make_move_iterator(last));
    l->items.erase(first, last);
  } else if (new_n > old_n) {
    l->items.insert(at + static_cast<std::ptrdiff_t>(common),
                    std::make_move_iterator(items.begin() + static_cast<std::ptrdiff_t>(common)),
                    std::make_move_iterator(items.end()));
  }
  // `items` (the replaced values, plus moved-from Nulls) is released here.
}

void delete_slice(List* l, const Slice& s) {
  int64_t start, stop, step;
  s.unpack(start, stop, step);
  int64_t n = Slice::adjust_indices(l->size(), start, stop, step);
  if (step == 1) {
    assign_simple_slice(l, start, stop, {});
    return;
  }
  if (n <= 0) return;
  if (step < 0) { // delete the same items walking forwards
    start = start + step * (n - 1);
    step = -step;
  }
  Items kept, removed;
  kept.reserve(l->items.size() - static_cast<size_t>(n));
  for (int64_t i = 0; i < l->size(); ++i) {
    bool selected = i >= start && (i - start) % step == 0 && (i - start) / step < n;
    (selected ? removed : kept).push_back(std::move(l->items[static_cast<size_t>(i)]));
  }
  l->items.swap(kept);
}

void assign_slice(List* l, const Slice& s, const Value& value) {
  int64_t start, stop, step;
  s.unpack(start, stop, step);
  int64_t n = Slice::adjust_indices(l->size(), start, stop, step);
  if (step == 1) {
    Items items = assigned_items(value, "can only assign an iterable");
    assign_simple_slice(l, start, stop, std::move(items));
    return;
  }
  Items items = assigned_items(value, "must assign iterable to extended slice");
  // Converting `value` may have run code that resized the list.
  n = Slice::adjust_indices(l->size(), start, stop, step);
  if (static_cast<int64_t>(items.size()) != n)
    raise(exc::ValueError, "attempt to assign sequence of size " + std::to_string(items.size()) +
                               " to extended slice of size " + std::to_string(n));
  for (int64_t i = 0, j = start; i < n; ++i, j += step)
    std::swap(l->items[static_cast<size_t>(j)], items[static_cast<size_t>(i)]);
  // `items` now holds the replaced values and releases them here.
}

Value list_setitem(Args a) {
  List* l = self_list(a, "__setitem__");
  if (a.npos != 3)
    raise(exc::TypeError, "expected 2 arguments, got " + std::to_string(a.npos - 1));
  const Value& key = a[1];
  if (is_slice(key)) {
    assign_slice(l, *key.as<Slice>(), a[2]);
    return Value::none();
  }
  int64_t i = sequence_position(key, l->size(), "list", "list assignment index out of range");
  Value old = std::move(l->items[static_cast<size_t>(i)]);
  l->items[static_cast<size_t>(i)] = a[2];
  return Value::none();
}

Value list_delitem(Args a) {
  List* l = self_list(a, "__delitem__");
  check_method_one_arg(a, "list.__delitem__");
  const Value& key = a[1];
  if (is_slice(key)) {
    delete_slice(l, *key.as<Slice>());
    return Value::none();
  }
  int64_t i = sequence_position(key, l->size(), "list", "list assignment index out of range");
  Value old = std::move(l->items[static_cast<size_t>(i)]);
  l->items.erase(l->items.begin() + i);
  return Value::none();
}

Value list_contains(Args a) {
  List* l = self_list(a, "__contains__");
  check_method_one_arg(a, "list.__contains__");
  for (size_t i = 0; i < l->items.size(); ++i) {
    Value item = l->items[i];
    if (keys_equal(item, a[1])) return Value::boolean(true);
  }
  return Value::boolean(false);
}

Value list_iter(Args a) { return make_list_iterator(Ref<List>::borrow(self_list(a, "__iter__"))); }

Value list_reversed(Args a) {
  List* l = self_list(a, "__reversed__");
  check_method_no_args(a, "list.__reversed__");
  return make_list_reverse_iterator(Ref<List>::borrow(l));
}

template <CompareOp Op> Value list_compare(Args a) {
  List* l = self_list(a, compare_method_name(Op));
  check_method_one_arg(a, std::string("list.") + compare_method_name(Op));
  if (!is_list(a[1])) return not_implemented();
  Ref<List> keep_other = Ref<List>::borrow(a[1].as<List>());
  return compare_item_arrays(l->items, keep_other->items, Op, true);
}

Value list_add(Args a) {
  List* l = self_list(a, "__add__");
  check_method_one_arg(a, "list.__add__");
  const Value& other = a[1];
  if (!is_list(other)) {
    if (user_reflected_operand(other, intern("__radd__"))) return not_implemented();
    raise(exc::TypeError, "can only concatenate list (not \"" + type_name(other) + "\") to list");
  }
  const Items& o = other.as<List>()->items;
  Items items;
  items.reserve(l->items.size() + o.size());
  items.insert(items.end(), l->items.begin(), l->items.end());
  items.insert(items.end(), o.begin(), o.end());
  return Value(make_list(std::move(items)));
}

Value list_iadd(Args a) {
  List* l = self_list(a, "__iadd__");
  check_method_one_arg(a, "list.__iadd__");
  Items items = items_of(a[1]);
  l->items.insert(l->items.end(), std::make_move_iterator(items.begin()),
                  std::make_move_iterator(items.end()));
  return a[0];
}

Items repeated(const Items& items, int64_t n) {
  Items out;
  if (n <= 0 || items.empty()) return out;
  int64_t size = static_cast<int64_t>(items.size());
  if (size > std::numeric_limits<int64_t>::max() / n || size * n > (int64_t{1} << 40))
    raise(exc::MemoryError, "");
  out.reserve(static_cast<size_t>(size * n));
  for (int64_t i = 0; i < n; ++i) out.insert(out.end(), items.begin(), items.end());
  return out;
}

Value list_mul(Args a) {
  List* l = self_list(a, "__mul__");
  check_method_one_arg(a, "list.__mul__");
  int64_t n;
  if (!repeat_count(a[1], n)) {
    if (user_reflected_operand(a[1], intern("__rmul__"))) return not_implemented();
    raise_cant_multiply(a[1]);
  }
  return Value(make_list(repeated(l->items, n)));
}

Value list_imul(Args a) {
  List* l = self_list(a, "__imul__");
  check_method_one_arg(a, "list.__imul__");
  int64_t n;
  if (!repeat_count(a[1], n)) raise_cant_multiply(a[1]);
  Items items = repeated(l->items, n);
  l->items.swap(items);
  return a[0];
}

Value list_append(Args a) {
  List* l = self_list(a, "append");
  check_method_one_arg(a, "list.append");
  l->items.push_back(a[1]);
  return Value::none();
}

Value list_extend(Args a) {
  List* l = self_list(a, "extend");
  check_method_one_arg(a, "list.extend");
  const Value& v = a[1];
  if (is_list(v) || (v.is_obj() && v.as_obj()->type->layout == Layout::Tuple)) {
    const Items& src = is_list(v) ? v.as<List>()->items : v.as<Tuple>()->items;
    if (&src == &l->items) {
      Items copy = src;
      l->items.insert(l->items.end(), copy.begin(), copy.end());
    } else {
      l->items.insert(l->items.end(), src.begin(), src.end());
    }
    return Value::none();
  }
  Items items = collect_items(v);
  l->items.insert(l->items.end(), std::make_move_iterator(items.begin()),
                  std::make_move_iterator(items.end()));
  return Value::none();
}

Value list_insert(Args a) {
  List* l = self_list(a, "insert");
  reject_keywords(a, "insert");
  if (a.npos != 3)
    raise(exc::TypeError, "insert expected 2 arguments, got " + std::to_string(a.npos - 1));
  int64_t i = to_index(a[1]);
  int64_t size = l->size();
  if (i < 0) {
    i += size;
    if (i < 0) i = 0;
  } else if (i > size) {
    i = size;
  }
  l->items.insert(l->items.begin() + i, a[2]);
  return Value::none();
}

Value list_pop(Args a) {
  List* l = self_list(a, "pop");
  reject_keywords(a, "pop");
  if (a.npos > 2)
    raise(exc::TypeError, "pop expected at most 1 argument, got " + std::to_string(a.npos - 1));
  int64_t i = a.npos == 2 ? to_index(a[1]) : -1;
  if (l->items.empty()) raise(exc::IndexError, "pop from empty list");
  if (i < 0) i += l->size();
  if (i < 0 || i >= l->size()) raise(exc::IndexError, "pop index out of range");
  Value v = std::move(l->items[static_cast<size_t>(i)]);
  l->items.erase(l->items.begin() + i);
  return v;
}

Value list_remove(Args a) {
  List* l = self_list(a, "remove");
  check_method_one_arg(a, "list.remove");
  for (size_t i = 0; i < l->items.size(); ++i) {
    Value item = l->items[i];
    if (keys_equal(item, a[1])) {
      if (i < l->items.size()) {
        Value old = std::move(l->items[i]);
        l->items.erase(l->items.begin() + static_cast<std::ptrdiff_t>(i));
      }
      return Value::none();
    }
  }
  raise(exc::ValueError, "list.remove(x): x not in list");
}

Value list_index(Args a) {
  List* l = self_list(a, "index");
  reject_keywords(a, "index");
  int64_t start, stop;
  index_range(a, l->size(), start, stop);
  for (int64_t i = start; i < stop && i < l->size(); ++i) {
    Value item = l->items[static_cast<size_t>(i)];
    if (keys_equal(item, a[1])) return Value::integer(i);
  }
  raise(exc::ValueError, repr(a[1])->data + " is not in list");
}

Value list_count(Args a) {
  List* l = self_list(a, "count");
  check_method_one_arg(a, "list.count");
  int64_t n = 0;
  for (size_t i = 0; i < l->items.size(); ++i) {
    Value item = l->items[i];
    if (keys_equal(item, a[1])) ++n;
  }
  return Value::integer(n);
}

Value list_clear(Args a) {
  List* l = self_list(a, "clear");
  check_method_no_args(a, "list.clear");
  Items old;
  old.swap(l->items);
  return Value::none();
}

Value list_copy(Args a) {
  List* l = self_list(a, "copy");
  check_method_no_args(a, "list.copy");
  return Value(make_list(l->items));
}

Value list_reverse(Args a) {
  List* l = self_list(a, "reverse");
  check_method_no_args(a, "list.reverse");
  std::reverse(l->items.begin(), l->items.end());
  return Value::none();
}

Value list_sort(Args a) {
  List* l = self_list(a, "sort");
  if (a.npos > 1) raise(exc::TypeError, "sort() takes no positional arguments");
  if (a.nkw() > 2)
    raise(exc::TypeError,
          "sort() takes at most 2 keyword arguments (" + std::to_string(a.nkw()) + " given)");
  Value key;
  bool reverse = false;
  for (size_t i = 0; i < a.nkw(); ++i) {
    std::string_view name = a.kwname(i)->view();
    if (name == "key")
      key = a.kwvalue(i);
    else if (name == "reverse")
      reverse = to_index(a.kwvalue(i)) != 0;
    else
      raise(exc::TypeError, "'" + std::string(name) + "' is an invalid keyword argument for sort()");
  }
  sort_list(l, key, reverse);
  return Value::none();
}

} // namespace

void sort_list(List* l, const Value& key, bool reverse) {
  Ref<List> keep = Ref<List>::borrow(l);
  Items items;
  items.swap(l->items); // the list looks empty while keys and comparisons run
  try {
    sort_values(items, key, reverse);
  } catch (...) {
    Items meddled;
    meddled.swap(l->items);
    l->items.swap(items);
    throw;
  }
  bool modified = !l->items.empty();
  Items meddled;
  meddled.swap(l->items);
  l->items.swap(items);
  if (modified) raise(exc::ValueError, "list modified during sort");
}

void init_list_type() {
  TypeObject* t = types::list;
  add_new(t, list_new);
  add_method(t, "__repr__", list_repr);
  add_method(t, "__len__", list_len);
  add_method(t, "__getitem__", list_getitem);
  add_method(t, "__setitem__", list_setitem);
  add_method(t, "__delitem__", list_delitem);
  add_method(t, "__contains__", list_contains);
  add_method(t, "__iter__", list_iter);
  add_method(t, "__reversed__", list_reversed);
  add_comparisons(t, []<CompareOp Op> { return list_compare<Op>; });
  add_method(t, "__add__", list_add);
  add_method(t, "__iadd__", list_iadd);
  add_method(t, "__mul__", list_mul);
  add_method(t, "__rmul__", list_mul);
  add_method(t, "__imul__", list_imul);
  add_method(t, "append", list_append);
  add_method(t, "extend", list_extend);
  add_method(t, "insert", list_insert);
  add_method(t, "pop", list_pop);
  add_method(t, "remove", list_remove);
  add_method(t, "index", list_index);
  add_method(t, "count", list_count);
  add_method(t, "clear", list_clear);
  add_method(t, "copy", list_copy);
  add_method(t, "reverse", list_reverse);
  add_method(t, "sort", list_sort);
  t->set_attr(names::__hash__, Value::none());
}

} // namespace refc::lang
