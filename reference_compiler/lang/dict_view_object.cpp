// The dict views (dict_keys, dict_values, dict_items): live windows on a dict.
// The set operations of keys and items views follow dictobject.c: the result
// is built as CPython builds it (set(view) then update / difference_update /
// symmetric_difference_update, or the intersection loop), so even the set's
// iteration order matches.
#include "reference_compiler/lang/dict_view_object.h"

#include "reference_compiler/lang/abstract.h"
#include "reference_compiler/lang/builtin_types.h"
#include "reference_compiler/lang/container_support.h"
#include "reference_compiler/lang/errors.h"
#include "reference_compiler/lang/iterators.h"
#include "reference_compiler/lang/list_object.h"
#include "reference_compiler/lang/native_function.h"
#include "reference_compiler/lang/repr_guard.h"
#include "reference_compiler/lang/set_object.h"
#include "reference_compiler/lang/singletons.h"
#include "reference_compiler/lang/tuple_object.h"

namespace refc::lang {

namespace {
TypeObject* view_type(DictViewKind kind) {
  switch (kind) {
  case DictViewKind::Keys: return view_types::dict_keys;
  case DictViewKind::Values: return view_types::dict_values;
  case DictViewKind::Items: return view_types::dict_items;
  }
  return view_types::dict_keys;
}
} // namespace

DictView::DictView(Ref<Dict> d, DictViewKind k) : Object(view_type(k)), dict(std::move(d)), kind(k) {}

Value make_dict_view(Ref<Dict> dict, DictViewKind kind) {
  return Value(make<DictView>(std::move(dict), kind));
}

namespace {

bool is_view(const Value& v) {
  if (!v.is_obj()) return false;
  TypeObject* t = v.as_obj()->type;
  return t == view_types::dict_keys || t == view_types::dict_values || t == view_types::dict_items;
}

// A keys or items view (the set-like ones).
bool is_set_view(const Value& v) {
  if (!v.is_obj()) return false;
  TypeObject* t = v.as_obj()->type;
  return t == view_types::dict_keys || t == view_types::dict_items;
}

bool is_anyset(const Value& v) {
  if (!v.is_obj()) return false;
  Layout l = v.as_obj()->type->layout;
  return l == Layout::Set || l == Layout::FrozenSet;
}

DictView* self_view(const Args& a, std::string_view method) {
  if (a.npos > 0 && is_view(a[0])) return a[0].as<DictView>();
  return receiver<DictView>(a, view_types::dict_keys, method);
}

DictView* self_set_view(const Args& a, std::string_view method) {
  if (a.npos > 0 && is_set_view(a[0])) return a[0].as<DictView>();
  return receiver<DictView>(a, view_types::dict_keys, method);
}

int dict_kind(DictViewKind k) { return static_cast<int>(k); }

Value view_len(Args a) { return Value::integer(self_view(a, "__len__")->dict->size()); }

Value view_iter(Args a) {
  DictView* v = self_view(a, "__iter__");
  return make_dict_iterator(v->dict, dict_kind(v->kind));
}

Value view_reversed(Args a) {
  DictView* v = self_view(a, "__reversed__");
  return make_dict_iterator(v->dict, dict_kind(v->kind), true);
}

Value view_repr(Args a) {
  DictView* v = self_view(a, "__repr__");
  ReprGuard guard(v);
  if (guard.recursive()) return str_value("...");
  Ref<List> items = make_list(collect_items(a[0]));
  return str_value(v->type->name + "(" + repr(Value(items))->data + ")");
}

// `x in view` for each kind.
bool view_contains_value(DictView* v, const Value& x) {
  switch (v->kind) {
  case DictViewKind::Keys: return !v->dict->get(x).is_null();
  case DictViewKind::Items: {
    if (!(x.is_obj() && x.as_obj()->type->layout == Layout::Tuple)) return false;
    const Tuple* t = x.as<Tuple>();
    if (t->size() != 2) return false;
    Value found = v->dict->get(t->items[0]);
    if (found.is_null()) return false;
    return keys_equal(found, t->items[1]);
  }
  case DictViewKind::Values: {
    Ref<Dict> d = v->dict;
    for (size_t i = 0; i < d->entries().size(); ++i) {
      if (d->entries()[i].key.is_null()) continue;
      Value value = d->entries()[i].value;
      if (keys_equal(value, x)) return true;
    }
    return false;
  }
  }
  return false;
}

Value view_contains(Args a) {
  DictView* v = self_view(a, "__contains__");
  check_method_one_arg(a, v->type->name + ".__contains__");
  Ref<DictView> keep = Ref<DictView>::borrow(v);
  return Value::boolean(view_contains_value(v, a[1]));
}

// dictviews_to_set: set(view), through the dict's stored hashes for keys views.
Ref<SetObject> to_set(const Value& v) {
  if (v.is_obj() && v.as_obj()->type == view_types::dict_keys)
    return make_set_from(Value(v.as<DictView>()->dict));
  return make_set_from(v);
}

// The set operations; `self` may be the non-view operand for the reflected
// forms (CPython's number slots receive the operands in source order).
Value views_sub(const Value& self, const Value& other) {
  Ref<SetObject> result = to_set(self);
  set_difference_update(result.get(), other);
  return Value(std::move(result));
}

Value views_or(const Value& self, const Value& other) {
  Ref<SetObject> result = to_set(self);
  set_update(result.get(), other);
  return Value(std::move(result));
}

Value items_xor(DictView* self, DictView* other) {
  Ref<Dict> temp = make_dict();
  for (const Dict::Entry& e : self->dict->entries())
    if (!e.key.is_null()) temp->set_with_hash(e.key, e.hash, e.value);
  Ref<SetObject> result = make_set();
  Ref<Dict> d2 = other->dict;
  for (size_t i = 0; i < d2->entries().size(); ++i) {
    const Dict::Entry& e = d2->entries()[i];
    if (e.key.is_null()) continue;
    Value key = e.key, val2 = e.value;
    int64_t hash = e.hash;
    Value val1 = temp->get_with_hash(key, hash);
    bool to_delete = !val1.is_null() && keys_equal(val1, val2);
    if (to_delete)
      temp->pop_with_hash(key, hash);
    else
      result->add(Value(make_tuple({key, val2})));
  }
  set_update(result.get(), make_dict_view(temp, DictViewKind::Items));
  return Value(std::move(result));
}

Value views_xor(const Value& self, const Value& other) {
  if (self.is_obj() && self.as_obj()->type == view_types::dict_items && other.is_obj() &&
      other.as_obj()->type == view_types::dict_items)
    return items_xor(self.as<DictView>(), other.as<DictView>());
  Ref<SetObject> result = to_set(self);
  set_symmetric_difference_update(result.get(), other);
  return Value(std::move(result));
}

// _PyDictView_Intersect.
Value views_and(Value self, Value other) {
  if (!is_set_view(self)) std::swap(self, other);
  int64_t len_self = self.as<DictView>()->dict->size();
  if (other.is_obj() && other.as_obj()->type == types::set && len_self <= length(other))
    return Value(set_intersection(other.as<SetObject>(), self));
  if (is_set_view(other) && other.as<DictView>()->dict->size() > len_self) std::swap(self, other);
  Ref<SetObject> result = make_set();
  DictView* v = self.as<DictView>();
  Ref<DictView> keep = Ref<DictView>::borrow(v);
  Value it = get_iter(other);
  for (Value x = next_item(it); !x.is_null(); x = next_item(it))
    if (view_contains_value(v, x)) result->add(x);
  return Value(std::move(result));
}

constexpr char kAnd[] = "__and__", kRand[] = "__rand__", kOr[] = "__or__", kRor[] = "__ror__",
               kSub[] = "__sub__", kRsub[] = "__rsub__", kXor[] = "__xor__", kRxor[] = "__rxor__";

template <Value (*Op)(const Value&, const Value&), const char* Name> Value forward_op(Args a) {
  DictView* v = self_set_view(a, Name);
  check_method_one_arg(a, v->type->name + "." + Name);
  return Op(a[0], a[1]);
}

template <Value (*Op)(const Value&, const Value&), const char* Name> Value reflected_op(Args a) {
  DictView* v = self_set_view(a, Name);
  check_method_one_arg(a, v->type->name + "." + Name);
  return Op(a[1], a[0]);
}

Value and_op(const Value& x, const Value& y) { return views_and(x, y); }

// all_contained_in: every item of `self` is `in` other.
bool all_contained_in(const Value& self, const Value& other) {
  Value it = get_iter(self);
  for (Value x = next_item(it); !x.is_null(); x = next_item(it))
    if (!contains(other, x)) return false;
  return true;
}

template <CompareOp Op> Value view_compare(Args a) {
  DictView* v = self_set_view(a, compare_method_name(Op));
  check_method_one_arg(a, v->type->name + "." + compare_method_name(Op));
  const Value& self = a[0];
  const Value& other = a[1];
  if (!is_anyset(other) && !is_set_view(other)) return not_implemented();
  int64_t ls = length(self), lo = length(other);
  bool ok = false;
  switch (Op) {
  case CompareOp::Eq: ok = ls == lo && all_contained_in(self, other); break;
  case CompareOp::Ne: ok = !(ls == lo && all_contained_in(self, other)); break;
  case CompareOp::Lt: ok = ls < lo && all_contained_in(self, other); break;
  case CompareOp::Le: ok = ls <= lo && all_contained_in(self, other); break;
  case CompareOp::Gt: ok = ls > lo && all_contained_in(other, self); break;
  case CompareOp::Ge: ok = ls >= lo && all_contained_in(other, self); break;
  }
  return Value::boolean(ok);
}

Value view_isdisjoint(Args a) {
  DictView* v = self_set_view(a, "isdisjoint");
  check_method_one_arg(a, v->type->name + ".isdisjoint");
  Value self = a[0], other = a[1];
  if (self.is(other)) return Value::boolean(v->dict->size() == 0);
  if (is_anyset(other) || is_set_view(other)) {
    if (length(other) > v->dict->size()) std::swap(self, other);
  }
  Value it = get_iter(other);
  for (Value x = next_item(it); !x.is_null(); x = next_item(it))
    if (contains(self, x)) return Value::boolean(false);
  return Value::boolean(true);
}

void add_view_methods(TypeObject* t) {
  add_method(t, "__len__", view_len);
  add_method(t, "__iter__", view_iter);
  add_method(t, "__reversed__", view_reversed);
  add_method(t, "__repr__", view_repr);
  add_method(t, "__contains__", view_contains);
}

void add_set_view_methods(TypeObject* t) {
  add_method(t, "__and__", forward_op<and_op, kAnd>);
  add_method(t, "__rand__", reflected_op<and_op, kRand>);
  add_method(t, "__or__", forward_op<views_or, kOr>);
  add_method(t, "__ror__", reflected_op<views_or, kRor>);
  add_method(t, "__sub__", forward_op<views_sub, kSub>);
  add_method(t, "__rsub__", reflected_op<views_sub, kRsub>);
  add_method(t, "__xor__", forward_op<views_xor, kXor>);
  add_method(t, "__rxor__", reflected_op<views_xor, kRxor>);
  add_comparisons(t, []<CompareOp Op> { return view_compare<Op>; });
  add_method(t, "isdisjoint", view_isdisjoint);
  t->set_attr(names::__hash__, Value::none());
}

} // namespace

void init_dict_view_types() {
  view_types::dict_keys = make_native_type("dict_keys", Layout::Other);
  view_types::dict_values = make_native_type("dict_values", Layout::Other);
  view_types::dict_items = make_native_type("dict_items", Layout::Other);
  for (TypeObject* t : {view_types::dict_keys, view_types::dict_values, view_types::dict_items})
    add_view_methods(t);
  add_set_view_methods(view_types::dict_keys);
  add_set_view_methods(view_types::dict_items);
}

} // namespace refc::lang
