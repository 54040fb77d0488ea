// collections.deque, native as in CPython's _collections: a double-ended queue
// with an optional maxlen (appends past it drop from the other end), its
// methods, indexing, comparisons and repetition with CPython's errors, and its
// forward and reverse iterators, which fail if the deque changes under them.
#include "reference_compiler/lang/collections_deque.h"

#include "reference_compiler/lang/abstract.h"
#include "reference_compiler/lang/container_support.h"
#include "reference_compiler/lang/errors.h"
#include "reference_compiler/lang/iterators.h"
#include "reference_compiler/lang/module_builder.h"
#include "reference_compiler/lang/repr_guard.h"
#include "reference_compiler/lang/singletons.h"

#include <deque>

namespace refc::lang {

namespace {

TypeObject* deque_type = nullptr;
TypeObject* deque_iter_type = nullptr;
TypeObject* deque_reviter_type = nullptr;

struct Deque : Object {
  explicit Deque(TypeObject* t) : Object(t) {}
  std::deque<Value> items;
  int64_t maxlen = -1; // -1: unbounded
  uint64_t state = 0;  // bumped by every mutation, to detect changes during iteration

  int64_t size() const { return static_cast<int64_t>(items.size()); }
  void append(Value v) {
    if (maxlen == 0) return;
    if (maxlen > 0 && size() >= maxlen) items.pop_front();
    items.push_back(std::move(v));
    ++state;
  }
  void appendleft(Value v) {
    if (maxlen == 0) return;
    if (maxlen > 0 && size() >= maxlen) items.pop_back();
    items.push_front(std::move(v));
    ++state;
  }
};

Deque* self_deque(const Args& a, std::string_view method) {
  return receiver<Deque>(a, deque_type, method);
}

bool is_deque(const Value& v) { return v.is_obj() && v.type()->is_subtype(deque_type); }

Ref<Deque> new_deque(TypeObject* t, int64_t maxlen) {
  Ref<Deque> d = make<Deque>(t);
  d->maxlen = maxlen;
  return d;
}

int64_t maxlen_arg(const Value& v) {
  if (v.is_null() || v.is_none()) return -1;
  if (!v.is_intlike()) raise(exc::TypeError, "an integer is required");
  if (v.as_int() < 0) raise(exc::ValueError, "maxlen must be non-negative");
  return v.as_int();
}

void deque_extend_impl(Deque* d, const Value& iterable) {
  // Extending by itself iterates over a snapshot.
  std::vector<Value> items = iterable.is_obj() && iterable.as_obj() == d
                                 ? std::vector<Value>(d->items.begin(), d->items.end())
                                 : collect_items(iterable);
  for (Value& v : items) d->append(std::move(v));
}

Value deque_new(Args a) {
  auto* cls = a[0].as<TypeObject>();
  return Value(new_deque(cls, -1));
}

Value deque_init(Args a) {
  Deque* d = self_deque(a, "__init__");
  Value p[2];
  bind_args(a.drop_first(), "deque", {"iterable", "maxlen"}, 2, 0, p, 0);
  d->maxlen = maxlen_arg(p[1]);
  if (!d->items.empty()) {
    d->items.clear();
    ++d->state;
  }
  if (!p[0].is_null()) deque_extend_impl(d, p[0]);
  return Value::none();
}

Value deque_append(Args a) {
  Deque* d = self_deque(a, "append");
  check_method_one_arg(a, "deque.append");
  d->append(a[1]);
  return Value::none();
}

Value deque_appendleft(Args a) {
  Deque* d = self_deque(a, "appendleft");
  check_method_one_arg(a, "deque.appendleft");
  d->appendleft(a[1]);
  return Value::none();
}

// pop() and popleft().
template <bool Left> Value deque_pop(Args a) {
  Deque* d = self_deque(a, Left ? "popleft" : "pop");
  check_method_no_args(a, Left ? "deque.popleft" : "deque.pop");
  if (d->items.empty()) raise(exc::IndexError, "pop from an empty deque");
  Value v = std::move(Left ? d->items.front() : d->items.back());
  if (Left)
    d->items.pop_front();
  else
    d->items.pop_back();
  ++d->state;
  return v;
}

Value deque_extend(Args a) {
  Deque* d = self_deque(a, "extend");
  check_method_one_arg(a, "deque.extend");
  deque_extend_impl(d, a[1]);
  return Value::none();
}

Value deque_extendleft(Args a) {
  Deque* d = self_deque(a, "extendleft");
  check_method_one_arg(a, "deque.extendleft");
  std::vector<Value> items = a[1].is_obj() && a[1].as_obj() == d
                                 ? std::vector<Value>(d->items.begin(), d->items.end())
                                 : collect_items(a[1]);
  for (Value& v : items) d->appendleft(std::move(v));
  return Value::none();
}

Value deque_rotate(Args a) {
  Deque* d = self_deque(a, "rotate");
  check_no_keywords(a, "deque.rotate");
  if (a.npos > 2)
    raise(exc::TypeError, "rotate expected at most 1 argument, got " + std::to_string(a.npos - 1));
  int64_t n = a.npos == 2 ? index_value(a[1]) : 1;
  int64_t len = d->size();
  if (len <= 1) return Value::none();
  n %= len;
  if (n < 0) n += len;
  if (n) std::rotate(d->items.begin(), d->items.end() - n, d->items.end());
  ++d->state;
  return Value::none();
}

Value deque_clear(Args a) {
  Deque* d = self_deque(a, "clear");
  check_method_no_args(a, "deque.clear");
  std::deque<Value> old;
  old.swap(d->items); // destroyed after the deque is consistent again
  ++d->state;
  return Value::none();
}

// Runs `visit(i, item)` over the items, stopping when it returns true;
// raises RuntimeError if the deque changes meanwhile (user __eq__ may do it).
template <class F> void scan(Deque* d, const char* what, int64_t start, int64_t stop, F&& visit) {
  uint64_t state = d->state;
  for (int64_t i = start; i < stop && i < d->size(); ++i) {
    Value item = d->items[static_cast<size_t>(i)];
    bool done = visit(i, item);
    if (d->state != state) raise(exc::RuntimeError, std::string("deque mutated during ") + what);
    if (done) return;
  }
}

Value deque_count(Args a) {
  Deque* d = self_deque(a, "count");
  check_method_one_arg(a, "deque.count");
  int64_t n = 0;
  scan(d, "iteration", 0, d->size(), [&](int64_t, const Value& item) {
    if (equals(item, a[1])) ++n;
    return false;
  });
  return Value::integer(n);
}

int64_t clamp_index(const Value& v, int64_t len) {
  if (!v.is_intlike() && lookup_special(v, names::__index__).is_null())
    raise(exc::TypeError, "slice indices must be integers or have an __index__ method");
  int64_t i = index_value(v);
  if (i < 0) {
    i += len;
    if (i < 0) i = 0;
  }
  return i > len ? len : i;
}

Value deque_index(Args a) {
  Deque* d = self_deque(a, "index");
  check_no_keywords(a, "deque.index");
  if (a.npos < 2 || a.npos > 4)
    raise(exc::TypeError, a.npos < 2 ? "index expected at least 1 argument, got 0"
                                     : "index expected at most 3 arguments, got " +
                                           std::to_string(a.npos - 1));
  int64_t len = d->size();
  int64_t start = a.npos > 2 ? clamp_index(a[2], len) : 0;
  int64_t stop = a.npos > 3 ? clamp_index(a[3], len) : len;
  int64_t found = -1;
  scan(d, "iteration", start, stop, [&](int64_t i, const Value& item) {
    if (equals(item, a[1])) found = i;
    return found >= 0;
  });
  if (found < 0) raise(exc::ValueError, std::string(repr(a[1])->view()) + " is not in deque");
  return Value::integer(found);
}

Value deque_remove(Args a) {
  Deque* d = self_deque(a, "remove");
  check_method_one_arg(a, "deque.remove");
  int64_t found = -1;
  scan(d, "remove()", 0, d->size(), [&](int64_t i, const Value& item) {
    if (equals(item, a[1])) found = i;
    return found >= 0;
  });
  if (found < 0) raise(exc::ValueError, std::string(repr(a[1])->view()) + " is not in deque");
  d->items.erase(d->items.begin() + found);
  ++d->state;
  return Value::none();
}

Value deque_reverse(Args a) {
  Deque* d = self_deque(a, "reverse");
  check_method_no_args(a, "deque.reverse");
  std::reverse(d->items.begin(), d->items.end());
  ++d->state;
  return Value::none();
}

Value deque_insert(Args a) {
  Deque* d = self_deque(a, "insert");
  check_no_keywords(a, "deque.insert");
  if (a.npos != 3)
    raise(exc::TypeError, "insert expected 2 arguments, got " + std::to_string(a.npos - 1));
  int64_t len = d->size();
  if (d->maxlen >= 0 && len >= d->maxlen)
    raise(exc::IndexError, "deque already at its maximum size");
  int64_t i = index_value(a[1]);
  if (i < 0) {
    i += len;
    if (i < 0) i = 0;
  }
  if (i > len) i = len;
  d->items.insert(d->items.begin() + i, a[2]);
  ++d->state;
  return Value::none();
}

Ref<Deque> copy_deque(const Deque* d) {
  Ref<Deque> c = new_deque(d->type, d->maxlen);
  c->items = d->items;
  return c;
}

Value deque_copy(Args a) {
  Deque* d = self_deque(a, "copy");
  check_method_no_args(a, "deque.copy");
  return Value(copy_deque(d));
}

Value deque_len(Args a) { return Value::integer(self_deque(a, "__len__")->size()); }

Value deque_bool(Args a) { return Value::boolean(!self_deque(a, "__bool__")->items.empty()); }

int64_t deque_position(Deque* d, const Value& key) {
  if (!key.is_intlike() && lookup_special(key, names::__index__).is_null())
    raise(exc::TypeError, "'" + type_name(key) + "' object cannot be interpreted as an integer");
  int64_t i = index_value(key);
  if (i < 0) i += d->size();
  if (i < 0 || i >= d->size()) raise(exc::IndexError, "deque index out of range");
  return i;
}

Value deque_getitem(Args a) {
  Deque* d = self_deque(a, "__getitem__");
  check_method_one_arg(a, "deque.__getitem__");
  return d->items[static_cast<size_t>(deque_position(d, a[1]))];
}

Value deque_setitem(Args a) {
  Deque* d = self_deque(a, "__setitem__");
  if (a.npos != 3) raise(exc::TypeError, "expected 2 arguments, got " + std::to_string(a.npos - 1));
  size_t i = static_cast<size_t>(deque_position(d, a[1]));
  Value old = std::move(d->items[i]); // released after the store
  d->items[i] = a[2];
  return Value::none();
}

Value deque_delitem(Args a) {
  Deque* d = self_deque(a, "__delitem__");
  check_method_one_arg(a, "deque.__delitem__");
  int64_t i = deque_position(d, a[1]);
  Value old = std::move(d->items[static_cast<size_t>(i)]);
  d->items.erase(d->items.begin() + i);
  ++d->state;
  return Value::none();
}

Value deque_contains(Args a) {
  Deque* d = self_deque(a, "__contains__");
  check_method_one_arg(a, "deque.__contains__");
  bool found = false;
  scan(d, "iteration", 0, d->size(), [&](int64_t, const Value& item) {
    found = equals(item, a[1]);
    return found;
  });
  return Value::boolean(found);
}

Value deque_repr(Args a) {
  Deque* d = self_deque(a, "__repr__");
  ReprGuard guard(d);
  if (guard.recursive()) return str_value("[...]");
  std::vector<Value> items(d->items.begin(), d->items.end()); // repr may mutate the deque
  std::string out = d->type->name + "([";
  for (size_t i = 0; i < items.size(); ++i) {
    if (i) out += ", ";
    append_repr(out, items[i]);
  }
  out += "]";
  if (d->maxlen >= 0) out += ", maxlen=" + std::to_string(d->maxlen);
  return str_value(out + ")");
}

Value deque_richcompare(const Args& a, CompareOp op, const char* name) {
  Deque* d = self_deque(a, name);
  check_method_one_arg(a, std::string("deque.") + name);
  if (!is_deque(a[1])) return not_implemented();
  std::vector<Value> v(d->items.begin(), d->items.end());
  Deque* o = a[1].as<Deque>();
  std::vector<Value> w(o->items.begin(), o->items.end());
  return compare_item_arrays(v, w, op, false);
}

Value deque_eq(Args a) { return deque_richcompare(a, CompareOp::Eq, "__eq__"); }
Value deque_ne(Args a) { return deque_richcompare(a, CompareOp::Ne, "__ne__"); }
Value deque_lt(Args a) { return deque_richcompare(a, CompareOp::Lt, "__lt__"); }
Value deque_le(Args a) { return deque_richcompare(a, CompareOp::Le, "__le__"); }
Value deque_gt(Args a) { return deque_richcompare(a, CompareOp::Gt, "__gt__"); }
Value deque_ge(Args a) { return deque_richcompare(a, CompareOp::Ge, "__ge__"); }

Value deque_add(Args a) {
  Deque* d = self_deque(a, "__add__");
  check_method_one_arg(a, "deque.__add__");
  if (!is_deque(a[1]))
    raise(exc::TypeError,
          "can only concatenate deque (not \"" + type_name(a[1]) + "\") to deque");
  Ref<Deque> c = copy_deque(d);
  deque_extend_impl(c.get(), a[1]);
  return Value(std::move(c));
}

// deque += iterable and deque *= n change the deque itself and return it.
template <void (*change)(Deque*, const Value&)>
Value deque_in_place(Args a, std::string_view method, std::string_view qualname) {
  Deque* d = self_deque(a, method);
  check_method_one_arg(a, qualname);
  change(d, a[1]);
  return a[0];
}

Value deque_iadd(Args a) {
  return deque_in_place<deque_extend_impl>(a, "__iadd__", "deque.__iadd__");
}

void deque_repeat(Deque* d, const Value& n) {
  int64_t count;
  if (!repeat_count(n, count)) raise_cant_multiply(n);
  std::vector<Value> items(d->items.begin(), d->items.end());
  if (count <= 0) {
    d->items.clear();
  } else {
    for (int64_t k = 1; k < count; ++k)
      for (const Value& v : items) d->append(v);
  }
  ++d->state;
}

Value deque_mul(Args a) {
  Deque* d = self_deque(a, "__mul__");
  check_method_one_arg(a, "deque.__mul__");
  int64_t count;
  if (!repeat_count(a[1], count)) return not_implemented();
  Ref<Deque> c = copy_deque(d);
  deque_repeat(c.get(), a[1]);
  return Value(std::move(c));
}

Value deque_imul(Args a) { return deque_in_place<deque_repeat>(a, "__imul__", "deque.__imul__"); }

Value deque_maxlen(Args a) {
  Deque* d = self_deque(a, "maxlen");
  return d->maxlen < 0 ? Value::none() : Value::integer(d->maxlen);
}

// The iterators: positions into the deque, invalidated by any mutation.
struct DequeIterator : IteratorObject {
  DequeIterator(TypeObject* t, Ref<Deque> d, bool reverse)
      : IteratorObject(t, &DequeIterator::step), deque(std::move(d)), state(deque->state),
        reverse(reverse) {}
  Ref<Deque> deque; // null once exhausted
  uint64_t state;
  int64_t index = 0;
  bool reverse;

  static Value step(IteratorObject* self) {
    auto* it = static_cast<DequeIterator*>(self);
    if (!it->deque) return Value();
    Deque* d = it->deque.get();
    if (d->state != it->state) {
      it->deque = nullptr;
      raise(exc::RuntimeError, "deque mutated during iteration");
    }
    if (it->index >= d->size()) {
      it->deque = nullptr;
      return Value();
    }
    size_t i = static_cast<size_t>(it->reverse ? d->size() - 1 - it->index : it->index);
    ++it->index;
    return d->items[i];
  }
};

Value deque_iter(Args a) {
  Deque* d = self_deque(a, "__iter__");
  return Value(make<DequeIterator>(deque_iter_type, Ref<Deque>::borrow(d), false));
}

Value deque_reversed(Args a) {
  Deque* d = self_deque(a, "__reversed__");
  return Value(make<DequeIterator>(deque_reviter_type, Ref<Deque>::borrow(d), true));
}

Value iter_self(Args a) { return a[0]; }

Value iter_next_method(Args a) {
  check_no_args(a.drop_first(), "__next__");
  return static_cast<IteratorObject*>(a[0].as_obj())->next(); // Null: StopIteration
}

TypeObject* make_iterator_type(const char* name) {
  TypeObject* t = make_module_type(name, "collections", Layout::Iterator);
  add_method(t, "__iter__", iter_self);
  add_method(t, "__next__", iter_next_method);
  return t;
}
} // namespace

TypeObject* init_deque_type() {
  deque_type = make_module_type("deque", "collections");
  TypeObject* t = deque_type;
  add_new(t, deque_new);
  add_method(t, "__init__", deque_init);
  add_method(t, "append", deque_append);
  add_method(t, "appendleft", deque_appendleft);
  add_method(t, "pop", deque_pop<false>);
  add_method(t, "popleft", deque_pop<true>);
  add_method(t, "extend", deque_extend);
  add_method(t, "extendleft", deque_extendleft);
  add_method(t, "rotate", deque_rotate);
  add_method(t, "clear", deque_clear);
  add_method(t, "count", deque_count);
  add_method(t, "index", deque_index);
  add_method(t, "remove", deque_remove);
  add_method(t, "reverse", deque_reverse);
  add_method(t, "insert", deque_insert);
  add_method(t, "copy", deque_copy);
  add_method(t, "__copy__", deque_copy);
  add_method(t, "__len__", deque_len);
  add_method(t, "__bool__", deque_bool);
  add_method(t, "__getitem__", deque_getitem);
  add_method(t, "__setitem__", deque_setitem);
  add_method(t, "__delitem__", deque_delitem);
  add_method(t, "__contains__", deque_contains);
  add_method(t, "__iter__", deque_iter);
  add_method(t, "__reversed__", deque_reversed);
  add_method(t, "__repr__", deque_repr);
  add_method(t, "__eq__", deque_eq);
  add_method(t, "__ne__", deque_ne);
  add_method(t, "__lt__", deque_lt);
  add_method(t, "__le__", deque_le);
  add_method(t, "__gt__", deque_gt);
  add_method(t, "__ge__", deque_ge);
  add_method(t, "__add__", deque_add);
  add_method(t, "__iadd__", deque_iadd);
  add_method(t, "__mul__", deque_mul);
  add_method(t, "__rmul__", deque_mul);
  add_method(t, "__imul__", deque_imul);
  add_getter(t, "maxlen", deque_maxlen);
  t->set_attr(names::__hash__, Value::none());
  deque_iter_type = make_iterator_type("_deque_iterator");
  deque_reviter_type = make_iterator_type("_deque_reverse_iterator");
  return deque_type;
}

} // namespace refc::lang
