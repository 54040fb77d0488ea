// The set and frozenset types (init_set_types): construction, repr, the
// comparison and operator dunders (both operands must be sets, else
// NotImplemented), the in-place operators and the methods, each a thin layer
// over the table algorithms of set_access.h with CPython's argument checks and
// error messages.
#include "reference_compiler/lang/abstract.h"
#include "reference_compiler/lang/container_support.h"
#include "reference_compiler/lang/errors.h"
#include "reference_compiler/lang/iterators.h"
#include "reference_compiler/lang/native_function.h"
#include "reference_compiler/lang/repr_guard.h"
#include "reference_compiler/lang/set_access.h"
#include "reference_compiler/lang/singletons.h"
#include "reference_compiler/lang/type_initializers.h"

namespace refc::lang {

namespace {

using SA = SetAccess;

// The set type a method was registered on, through a template parameter.
template <bool Frozen> const TypeObject* set_type() {
  return Frozen ? types::frozenset : types::set;
}
template <bool Frozen> const char* set_name() { return Frozen ? "frozenset" : "set"; }

template <bool Frozen> SetObject* self_of(const Args& a, std::string_view method) {
  return receiver<SetObject>(a, set_type<Frozen>(), method);
}

// `key in s`, retrying an unhashable set key as a frozenset (as CPython does).
template <class F> auto with_set_key_retry(const Value& key, F&& f) {
  try {
    return f(key);
  } catch (const PyError& e) {
    if (!(key.is_obj() && key.as_obj()->type == types::set) || !isinstance(e.exc, exc::TypeError))
      throw;
  }
  Value frozen(make_set_from(key, true));
  return f(frozen);
}

template <bool Frozen> Value set_new(Args a) {
  const char* name = set_name<Frozen>();
  if (a.nkw() != 0) raise(exc::TypeError, std::string(name) + "() takes no keyword arguments");
  if (a.npos > 2)
    raise(exc::TypeError, std::string(name) + " expected at most 1 argument, got " +
                              std::to_string(a.npos - 1));
  if (a.npos < 2) return Value(Frozen ? make_frozenset() : make_set());
  return Value(make_set_from(a[1], Frozen));
}

template <bool Frozen> Value set_repr(Args a) {
  SetObject* s = self_of<Frozen>(a, "__repr__");
  const std::string& tname = s->type->name;
  ReprGuard guard(s);
  if (guard.recursive()) return str_value(tname + "(...)");
  if (s->size() == 0) return str_value(tname + "()");
  std::vector<Value> keys;
  keys.reserve(static_cast<size_t>(s->size()));
  s->for_each([&](const Value& k) { keys.push_back(k); });
  std::string out = s->type == types::set ? "{" : tname + "({";
  for (size_t i = 0; i < keys.size(); ++i) {
    if (i) out += ", ";
    append_repr(out, keys[i]);
  }
  out += s->type == types::set ? "}" : "})";
  return str_value(std::move(out));
}

template <bool Frozen> Value set_len(Args a) {
  SetObject* s = self_of<Frozen>(a, "__len__");
  check_method_no_args(a, std::string(set_name<Frozen>()) + ".__len__");
  return Value::integer(s->size());
}

template <bool Frozen> Value set_contains(Args a) {
  SetObject* s = self_of<Frozen>(a, "__contains__");
  check_method_one_arg(a, std::string(set_name<Frozen>()) + ".__contains__");
  Ref<SetObject> keep = Ref<SetObject>::borrow(s);
  bool r = with_set_key_retry(a[1], [&](const Value& k) {
    return SA::contains_entry(s, k, hash_key(k));
  });
  return Value::boolean(r);
}

template <bool Frozen> Value set_iter(Args a) {
  SetObject* s = self_of<Frozen>(a, "__iter__");
  return make_set_iterator(Ref<SetObject>::borrow(s));
}

template <bool Frozen> Value set_hash_method(Args a) {
  return Value::integer(SA::hash(self_of<Frozen>(a, "__hash__")));
}

template <bool Frozen> std::string qual(std::string_view method) {
  return std::string(set_name<Frozen>()) + "." + std::string(method);
}

// ---- comparisons

template <bool Frozen, CompareOp Op> Value set_compare(Args a) {
  SetObject* v = self_of<Frozen>(a, compare_method_name(Op));
  check_method_one_arg(a, qual<Frozen>(compare_method_name(Op)));
  const Value& w = a[1];
  if (!SA::is_anyset(w)) return not_implemented();
  Ref<SetObject> keep = Ref<SetObject>::borrow(v);
  Value keep_w = w;
  SetObject* o = w.as<SetObject>();
  switch (Op) {
  case CompareOp::Eq:
  case CompareOp::Ne: {
    bool eq;
    int64_t hv = SA::cached_hash(v), hw = SA::cached_hash(o);
    if (v->size() != o->size())
      eq = false;
    else if (hv != -1 && hw != -1 && hv != hw)
      eq = false;
    else
      eq = SA::issubset(v, w);
    return Value::boolean(Op == CompareOp::Eq ? eq : !eq);
  }
  case CompareOp::Le: return Value::boolean(SA::issubset(v, w));
  case CompareOp::Ge: return Value::boolean(SA::issuperset(v, w));
  case CompareOp::Lt: return Value::boolean(v->size() < o->size() && SA::issubset(v, w));
  case CompareOp::Gt: return Value::boolean(v->size() > o->size() && SA::issuperset(v, w));
  }
  return not_implemented();
}

// ---- operators (both operands must be sets, else NotImplemented)

template <bool Frozen> Value set_or(Args a) {
  SetObject* s = self_of<Frozen>(a, "__or__");
  check_method_one_arg(a, qual<Frozen>("__or__"));
  if (!SA::is_anyset(a[1])) return not_implemented();
  Ref<SetObject> result = SA::copy(s);
  if (a[1].as_obj() != s) SA::update_internal(result.get(), a[1]);
  return Value(std::move(result));
}

template <bool Frozen> Value set_and(Args a) {
  SetObject* s = self_of<Frozen>(a, "__and__");
  check_method_one_arg(a, qual<Frozen>("__and__"));
  if (!SA::is_anyset(a[1])) return not_implemented();
  return Value(SA::intersection(s, a[1]));
}

template <bool Frozen> Value set_sub(Args a) {
  SetObject* s = self_of<Frozen>(a, "__sub__");
  check_method_one_arg(a, qual<Frozen>("__sub__"));
  if (!SA::is_anyset(a[1])) return not_implemented();
  return Value(SA::difference(s, a[1]));
}

template <bool Frozen> Value set_xor(Args a) {
  SetObject* s = self_of<Frozen>(a, "__xor__");
  check_method_one_arg(a, qual<Frozen>("__xor__"));
  if (!SA::is_anyset(a[1])) return not_implemented();
  return Value(SA::symmetric_difference(s, a[1]));
}

Value set_ior(Args a) {
  SetObject* s = self_of<false>(a, "__ior__");
  check_method_one_arg(a, "set.__ior__");
  if (!SA::is_anyset(a[1])) return not_implemented();
  SA::update_internal(s, a[1]);
  return a[0];
}

Value set_iand(Args a) {
  SetObject* s = self_of<false>(a, "__iand__");
  check_method_one_arg(a, "set.__iand__");
  if (!SA::is_anyset(a[1])) return not_implemented();
  Ref<SetObject> tmp = SA::intersection(s, a[1]);
  SA::swap_bodies(s, tmp.get());
  return a[0];
}

Value set_isub(Args a) {
  SetObject* s = self_of<false>(a, "__isub__");
  check_method_one_arg(a, "set.__isub__");
  if (!SA::is_anyset(a[1])) return not_implemented();
  SA::difference_update(s, a[1]);
  return a[0];
}

Value set_ixor(Args a) {
  SetObject* s = self_of<false>(a, "__ixor__");
  check_method_one_arg(a, "set.__ixor__");
  if (!SA::is_anyset(a[1])) return not_implemented();
  SA::symmetric_difference_update(s, a[1]);
  return a[0];
}

// ---- methods

template <bool Frozen> void no_keywords(const Args& a, std::string_view method) {
  if (a.nkw() != 0) raise(exc::TypeError, qual<Frozen>(method) + "() takes no keyword arguments");
}

template <bool Frozen> Value set_copy(Args a) {
  SetObject* s = self_of<Frozen>(a, "copy");
  check_method_no_args(a, qual<Frozen>("copy"));
  if (s->type == types::frozenset) return a[0];
  return Value(SA::copy(s));
}

template <bool Frozen> Value set_union(Args a) {
  SetObject* s = self_of<Frozen>(a, "union");
  no_keywords<Frozen>(a, "union");
  Ref<SetObject> result = SA::copy(s);
  for (size_t i = 1; i < a.npos; ++i) {
    if (a[i].is_obj() && a[i].as_obj() == s) continue;
    SA::update_internal(result.get(), a[i]);
  }
  return Value(std::move(result));
}

Ref<SetObject> intersection_multi(SetObject* s, const Args& a) {
  if (a.npos == 1) return SA::copy(s);
  Ref<SetObject> result = Ref<SetObject>::borrow(s);
  for (size_t i = 1; i < a.npos; ++i) result = SA::intersection(result.get(), a[i]);
  return result;
}

template <bool Frozen> Value set_intersection_method(Args a) {
  SetObject* s = self_of<Frozen>(a, "intersection");
  no_keywords<Frozen>(a, "intersection");
  return Value(intersection_multi(s, a));
}

template <bool Frozen> Value set_difference_method(Args a) {
  SetObject* s = self_of<Frozen>(a, "difference");
  no_keywords<Frozen>(a, "difference");
  if (a.npos == 1) return Value(SA::copy(s));
  Ref<SetObject> result = SA::difference(s, a[1]);
  for (size_t i = 2; i < a.npos; ++i) SA::difference_update(result.get(), a[i]);
  return Value(std::move(result));
}

template <bool Frozen> Value set_symmetric_difference_method(Args a) {
  SetObject* s = self_of<Frozen>(a, "symmetric_difference");
  check_method_one_arg(a, qual<Frozen>("symmetric_difference"));
  return Value(SA::symmetric_difference(s, a[1]));
}

template <bool Frozen> Value set_issubset(Args a) {
  SetObject* s = self_of<Frozen>(a, "issubset");
  check_method_one_arg(a, qual<Frozen>("issubset"));
  Ref<SetObject> keep = Ref<SetObject>::borrow(s);
  return Value::boolean(SA::issubset(s, a[1]));
}

template <bool Frozen> Value set_issuperset(Args a) {
  SetObject* s = self_of<Frozen>(a, "issuperset");
  check_method_one_arg(a, qual<Frozen>("issuperset"));
  Ref<SetObject> keep = Ref<SetObject>::borrow(s);
  return Value::boolean(SA::issuperset(s, a[1]));
}

template <bool Frozen> Value set_isdisjoint(Args a) {
  SetObject* s = self_of<Frozen>(a, "isdisjoint");
  check_method_one_arg(a, qual<Frozen>("isdisjoint"));
  Ref<SetObject> keep = Ref<SetObject>::borrow(s);
  return Value::boolean(SA::isdisjoint(s, a[1]));
}

Value set_add(Args a) {
  SetObject* s = self_of<false>(a, "add");
  check_method_one_arg(a, "set.add");
  SA::add_entry(s, a[1], hash_key(a[1]));
  return Value::none();
}

Value set_remove(Args a) {
  SetObject* s = self_of<false>(a, "remove");
  check_method_one_arg(a, "set.remove");
  Ref<SetObject> keep = Ref<SetObject>::borrow(s);
  bool found = with_set_key_retry(
      a[1], [&](const Value& k) { return SA::discard_entry(s, k, hash_key(k)); });
  if (!found) raise_key_error(a[1]);
  return Value::none();
}

Value set_discard(Args a) {
  SetObject* s = self_of<false>(a, "discard");
  check_method_one_arg(a, "set.discard");
  Ref<SetObject> keep = Ref<SetObject>::borrow(s);
  with_set_key_retry(a[1], [&](const Value& k) { return SA::discard_entry(s, k, hash_key(k)); });
  return Value::none();
}

Value set_pop(Args a) {
  SetObject* s = self_of<false>(a, "pop");
  check_method_no_args(a, "set.pop");
  return SA::pop(s);
}

Value set_clear(Args a) {
  SetObject* s = self_of<false>(a, "clear");
  check_method_no_args(a, "set.clear");
  SA::clear(s);
  return Value::none();
}

Value set_update_method(Args a) {
  SetObject* s = self_of<false>(a, "update");
  no_keywords<false>(a, "update");
  for (size_t i = 1; i < a.npos; ++i) SA::update_internal(s, a[i]);
  return Value::none();
}

Value set_intersection_update(Args a) {
  SetObject* s = self_of<false>(a, "intersection_update");
  no_keywords<false>(a, "intersection_update");
  Ref<SetObject> tmp = intersection_multi(s, a);
  if (tmp.get() != s) SA::swap_bodies(s, tmp.get());
  return Value::none();
}

Value set_difference_update_method(Args a) {
  SetObject* s = self_of<false>(a, "difference_update");
  no_keywords<false>(a, "difference_update");
  for (size_t i = 1; i < a.npos; ++i) SA::difference_update(s, a[i]);
  return Value::none();
}

Value set_symmetric_difference_update_method(Args a) {
  SetObject* s = self_of<false>(a, "symmetric_difference_update");
  check_method_one_arg(a, "set.symmetric_difference_update");
  SA::symmetric_difference_update(s, a[1]);
  return Value::none();
}

template <bool Frozen> void add_common_methods(TypeObject* t) {
  add_new(t, set_new<Frozen>);
  add_method(t, "__repr__", set_repr<Frozen>);
  add_method(t, "__len__", set_len<Frozen>);
  add_method(t, "__contains__", set_contains<Frozen>);
  add_method(t, "__iter__", set_iter<Frozen>);
  add_comparisons(t, []<CompareOp Op> { return set_compare<Frozen, Op>; });
  add_method(t, "__or__", set_or<Frozen>);
  add_method(t, "__and__", set_and<Frozen>);
  add_method(t, "__sub__", set_sub<Frozen>);
  add_method(t, "__xor__", set_xor<Frozen>);
  add_method(t, "copy", set_copy<Frozen>);
  add_method(t, "union", set_union<Frozen>);
  add_method(t, "intersection", set_intersection_method<Frozen>);
  add_method(t, "difference", set_difference_method<Frozen>);
  add_method(t, "symmetric_difference", set_symmetric_difference_method<Frozen>);
  add_method(t, "issubset", set_issubset<Frozen>);
  add_method(t, "issuperset", set_issuperset<Frozen>);
  add_method(t, "isdisjoint", set_isdisjoint<Frozen>);
}

} // namespace

void init_set_types() {
  TypeObject* set = types::set;
  add_common_methods<false>(set);
  add_method(set, "__ior__", set_ior);
  add_method(set, "__iand__", set_iand);
  add_method(set, "__isub__", set_isub);
  add_method(set, "__ixor__", set_ixor);
  add_method(set, "add", set_add);
  add_method(set, "remove", set_remove);
  add_method(set, "discard", set_discard);
  add_method(set, "pop", set_pop);
  add_method(set, "clear", set_clear);
  add_method(set, "update", set_update_method);
  add_method(set, "intersection_update", set_intersection_update);
  add_method(set, "difference_update", set_difference_update_method);
  add_method(set, "symmetric_difference_update", set_symmetric_difference_update_method);
  set->set_attr(names::__hash__, Value::none());

  TypeObject* frozen = types::frozenset;
  add_common_methods<true>(frozen);
  add_method(frozen, "__hash__", set_hash_method<true>);
}

} // namespace refc::lang
