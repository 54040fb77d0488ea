// GenericAlias and UnionType: construction, the reprs CPython prints
// ("dict[str, list[int]]", "int | None"), equality, hashing, calling an alias
// (list[int]() is a list) and attribute access forwarded to the origin class.
#include "reference_compiler/lang/generic_alias.h"

#include "reference_compiler/lang/abstract.h"
#include "reference_compiler/lang/builtin_types.h"
#include "reference_compiler/lang/errors.h"
#include "reference_compiler/lang/native_function.h"
#include "reference_compiler/lang/singletons.h"

namespace refc::lang {

GenericAlias::GenericAlias(Value origin_, Ref<Tuple> args_)
    : Object(generic_alias_type), origin(std::move(origin_)), args(std::move(args_)) {}

UnionType::UnionType(Ref<Tuple> args_) : Object(union_type), args(std::move(args_)) {}

namespace {

bool is_type_object(const Value& v) {
  return v.is_obj() && v.as_obj()->type->layout == Layout::Type;
}
bool is_alias(const Value& v) { return v.is_obj() && v.as_obj()->type == generic_alias_type; }
bool is_union(const Value& v) { return v.is_obj() && v.as_obj()->type == union_type; }

// How an argument prints inside an alias or union (CPython's
// _Py_typing_type_repr): classes by qualified name, ... for Ellipsis.
std::string item_repr(const Value& v, bool none_type_as_none) {
  if (v.is_obj() && v.as_obj() == singletons::ellipsis) return "...";
  if (is_type_object(v)) {
    auto* t = v.as<TypeObject>();
    if (none_type_as_none && t == types::none_type) return "None";
    Value module = getattr_or_null(v, names::__module__);
    std::string m = isinstance(module, types::str) ? std::string(module.as<Str>()->view()) : "";
    if (m.empty() || m == "builtins") return t->qualname;
    return m + "." + t->qualname;
  }
  return std::string(repr(v)->view());
}

std::string alias_repr(const GenericAlias* g) {
  std::string out = item_repr(g->origin, false) + "[";
  const auto& items = g->args->items;
  if (items.empty()) return out + "()]";
  for (size_t i = 0; i < items.size(); ++i) {
    if (i) out += ", ";
    out += item_repr(items[i], false);
  }
  return out + "]";
}

GenericAlias* alias_self(const Args& a, const char* name) {
  check_self(a, generic_alias_type, name);
  return a[0].as<GenericAlias>();
}

UnionType* union_self(const Args& a, const char* name) {
  check_self(a, union_type, name);
  return a[0].as<UnionType>();
}

bool same_member(const Value& x, const Value& y) {
  if (is_alias(x) && is_alias(y)) return equals(x, y);
  return x.is(y);
}

// The members a | b contributes: a union's members, NoneType for None.
void add_members(std::vector<Value>& out, const Value& v) {
  if (is_union(v)) {
    for (const Value& m : v.as<UnionType>()->args->items)
      add_members(out, m);
    return;
  }
  Value m = v.is_none() ? Value::borrow(types::none_type) : v;
  for (const Value& have : out)
    if (same_member(have, m)) return;
  out.push_back(m);
}

bool unionable(const Value& v) {
  return v.is_none() || is_type_object(v) || is_alias(v) || is_union(v);
}

Value class_getitem(Args a) {
  check_arity(a, "__class_getitem__", 2, 2);
  return make_generic_alias(a[0], a[1]);
}

Value or_native(Args a) {
  check_arity(a, "__or__", 2, 2);
  return make_union(a[0], a[1]);
}

Value ror_native(Args a) {
  check_arity(a, "__ror__", 2, 2);
  return make_union(a[1], a[0]);
}

// ---- GenericAlias methods ---------------------------------------------------------

Value alias_repr_native(Args a) { return str_value(alias_repr(alias_self(a, "__repr__"))); }

Value alias_eq(Args a) {
  GenericAlias* g = alias_self(a, "__eq__");
  check_arity(a, "__eq__", 2, 2);
  if (!is_alias(a[1])) return not_implemented();
  auto* o = a[1].as<GenericAlias>();
  return Value::boolean(equals(g->origin, o->origin) && equals(Value(g->args), Value(o->args)));
}

Value alias_hash(Args a) {
  GenericAlias* g = alias_self(a, "__hash__");
  int64_t h = hash(g->origin) ^ hash(Value(g->args));
  return Value::integer(h == -1 ? -2 : h);
}

Value alias_call(Args a) {
  GenericAlias* g = alias_self(a, "__call__");
  Value origin = g->origin;
  return call(origin, a.drop_first());
}

Value alias_getattr(Args a) {
  GenericAlias* g = alias_self(a, "__getattr__");
  check_arity(a, "__getattr__", 2, 2);
  if (!isinstance(a[1], types::str))
    raise(exc::TypeError, "attribute name must be string, not '" + type_name(a[1]) + "'");
  return getattr(g->origin, a[1].as<Str>());
}

Value alias_getitem(Args a) {
  GenericAlias* g = alias_self(a, "__getitem__");
  raise(exc::TypeError, alias_repr(g) + " is not a generic class");
}

Value alias_origin(Args a) { return alias_self(a, "__origin__")->origin; }
Value alias_args(Args a) { return Value(alias_self(a, "__args__")->args); }
Value empty_parameters(Args) { return Value(Ref<Tuple>::borrow(empty_tuple())); }

// ---- UnionType methods ---------------------------------------------------------------

Value union_repr(Args a) {
  UnionType* u = union_self(a, "__repr__");
  std::string out;
  for (const Value& m : u->args->items) {
    if (!out.empty()) out += " | ";
    out += item_repr(m, true);
  }
  return str_value(out);
}

Value union_eq(Args a) {
  UnionType* u = union_self(a, "__eq__");
  check_arity(a, "__eq__", 2, 2);
  if (!is_union(a[1])) return not_implemented();
  const auto& x = u->args->items;
  const auto& y = a[1].as<UnionType>()->args->items;
  if (x.size() != y.size()) return Value::boolean(false);
  for (const Value& m : x) {
    bool found = false;
    for (const Value& n : y)
      found = found || same_member(m, n);
    if (!found) return Value::boolean(false);
  }
  return Value::boolean(true);
}

Value union_hash(Args a) {
  UnionType* u = union_self(a, "__hash__");
  int64_t h = 0x5a17;
  for (const Value& m : u->args->items)
    h ^= hash(m); // order-independent, like frozenset
  return Value::integer(h == -1 ? -2 : h);
}

Value union_args(Args a) { return Value(union_self(a, "__args__")->args); }

} // namespace

Value make_generic_alias(const Value& origin, const Value& item) {
  Ref<Tuple> args =
      isinstance(item, types::tuple) ? Ref<Tuple>::borrow(item.as<Tuple>()) : make_tuple({item});
  return Value(make<GenericAlias>(origin, std::move(args)));
}

Value make_union(const Value& a, const Value& b) {
  if (!unionable(a) || !unionable(b)) return not_implemented();
  std::vector<Value> members;
  add_members(members, a);
  add_members(members, b);
  if (members.size() == 1) return members[0];
  return Value(make<UnionType>(make_tuple(std::move(members))));
}

void init_generic_alias_types() {
  if (generic_alias_type) return;
  generic_alias_type = new TypeObject("GenericAlias", types::object, Layout::Other, false);
  generic_alias_type->module = "types";
  union_type = new TypeObject("UnionType", types::object, Layout::Other, false);
  union_type->module = "types";

  TypeObject* g = generic_alias_type;
  add_method(g, "__repr__", alias_repr_native);
  add_method(g, "__eq__", alias_eq);
  add_method(g, "__hash__", alias_hash);
  add_method(g, "__call__", alias_call);
  add_method(g, "__getattr__", alias_getattr);
  add_method(g, "__getitem__", alias_getitem);
  add_method(g, "__or__", or_native);
  add_method(g, "__ror__", ror_native);
  add_getter(g, "__origin__", alias_origin);
  add_getter(g, "__args__", alias_args);
  add_getter(g, "__parameters__", empty_parameters);

  TypeObject* u = union_type;
  add_method(u, "__repr__", union_repr);
  add_method(u, "__eq__", union_eq);
  add_method(u, "__hash__", union_hash);
  add_method(u, "__or__", or_native);
  add_method(u, "__ror__", ror_native);
  add_getter(u, "__args__", union_args);
  add_getter(u, "__parameters__", empty_parameters);

  add_method(types::type, "__or__", or_native);
  add_method(types::type, "__ror__", ror_native);
  for (TypeObject* t :
       {types::list, types::dict, types::tuple, types::set, types::frozenset, types::type})
    add_classmethod(t, "__class_getitem__", class_getitem);
}

} // namespace refc::lang
