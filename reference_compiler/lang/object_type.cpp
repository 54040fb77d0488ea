// The `object` type: the root of every class. Its __new__/__init__ implement
// CPython's excess-argument rules (an error only when neither is overridden
// appropriately), and its defaults define identity equality, address hashing,
// the "<__main__.Foo object at 0x...>" repr, format() with an empty spec, the
// generic attribute methods and the __init_subclass__ hook.
#include "reference_compiler/lang/abstract.h"
#include "reference_compiler/lang/builtin_types.h"
#include "reference_compiler/lang/dict_object.h"
#include "reference_compiler/lang/errors.h"
#include "reference_compiler/lang/instance_object.h"
#include "reference_compiler/lang/list_object.h"
#include "reference_compiler/lang/metaclass.h"
#include "reference_compiler/lang/native_function.h"
#include "reference_compiler/lang/singletons.h"
#include "reference_compiler/lang/type_initializers.h"

#include <cstdio>

namespace refc::lang {

namespace {

TypeObject* object_type_of(const Value& v) { return v.type(); }

bool excess_args(const Args& a) { return a.npos > 1 || a.nkw() > 0; }

Value& object_new_attr() {
  static Value v;
  return v;
}
Value& object_init_attr() {
  static Value v;
  return v;
}

bool overrides_new(TypeObject* t) { return !t->lookup(names::__new__).is(object_new_attr()); }
bool overrides_init(TypeObject* t) { return !t->lookup(names::__init__).is(object_init_attr()); }

// The nearest type in t's MRO defining its own __new__ (what CPython names in
// "object.__new__(int) is not safe, use int.__new__()").
TypeObject* new_owner(TypeObject* t) {
  for (TypeObject* m : t->mro)
    if (!m->dict->get(names::__new__).is_null()) return m;
  return types::object;
}

Value object_new(Args a) {
  if (a.npos < 1) raise(exc::TypeError, "object.__new__(): not enough arguments");
  if (!isinstance(a[0], types::type))
    raise(exc::TypeError, "object.__new__(X): X is not a type object (" + type_name(a[0]) + ")");
  auto* cls = a[0].as<TypeObject>();
  if (excess_args(a)) {
    if (overrides_new(cls))
      raise(exc::TypeError,
            "object.__new__() takes exactly one argument (the type to instantiate)");
    if (!overrides_init(cls)) raise(exc::TypeError, cls->name + "() takes no arguments");
  }
  if (cls->layout != Layout::Instance) {
    TypeObject* owner = new_owner(cls);
    raise(exc::TypeError,
          "object.__new__(" + cls->name + ") is not safe, use " + owner->name + ".__new__()");
  }
  if (cls->flags & kTypeIsAbstract) raise_abstract_instantiation(cls);
  return Value(make<Instance>(cls));
}

Value object_init(Args a) {
  if (a.npos < 1)
    raise(exc::TypeError, "descriptor '__init__' of 'object' object needs an argument");
  TypeObject* t = object_type_of(a[0]);
  if (excess_args(a)) {
    if (overrides_init(t))
      raise(exc::TypeError,
            "object.__init__() takes exactly one argument (the instance to initialize)");
    if (!overrides_new(t))
      raise(exc::TypeError,
            t->name + ".__init__() takes exactly one argument (the instance to initialize)");
  }
  return Value::none();
}

std::string address(const Value& v) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%p", v.is_obj() ? static_cast<void*>(v.as_obj()) : nullptr);
  return buf;
}

Value object_repr(Args a) {
  check_self(a, types::object, "__repr__");
  TypeObject* t = object_type_of(a[0]);
  std::string module = t->module;
  if (t->heap) {
    Value m = t->dict->get(names::__module__);
    module = isinstance(m, types::str) ? std::string(m.as<Str>()->view()) : "";
  }
  if (module.empty() || module == "builtins")
    return str_value("<" + t->qualname + " object at " + address(a[0]) + ">");
  return str_value("<" + module + "." + t->qualname + " object at " + address(a[0]) + ">");
}

Value object_str(Args a) {
  check_self(a, types::object, "__str__");
  // The type's __repr__, unchecked: str() reports a bad result as __str__'s.
  Value r = object_type_of(a[0])->lookup(names::__repr__);
  return call_with_self(r, a[0], Args{nullptr, 0, nullptr});
}

Value object_eq(Args a) {
  check_self(a, types::object, "__eq__");
  check_arity(a, "__eq__", 2, 2);
  if (a[0].is(a[1])) return Value::boolean(true);
  return not_implemented();
}

Value object_ne(Args a) {
  check_self(a, types::object, "__ne__");
  check_arity(a, "__ne__", 2, 2);
  // By default __ne__ inverts __eq__ unless that declines.
  Value eq = object_type_of(a[0])->lookup(names::__eq__);
  Value r = call_with_self(eq, a[0], Args{&a[1], 1, nullptr});
  if (is_not_implemented(r)) return r;
  return Value::boolean(!truthy(r));
}

Value object_order(Args a) {
  check_self(a, types::object, "__lt__");
  check_arity(a, "comparison", 2, 2);
  return not_implemented();
}

Value object_hash(Args a) {
  check_self(a, types::object, "__hash__");
  if (!a[0].is_obj()) return Value::integer(hash(a[0]));
  // CPython's _Py_HashPointer: the address rotated by 4 bits.
  auto p = reinterpret_cast<uintptr_t>(a[0].as_obj());
  auto h = static_cast<int64_t>((p >> 4) | (p << (8 * sizeof(p) - 4)));
  return Value::integer(h == -1 ? -2 : h);
}

Value object_format(Args a) {
  check_self(a, types::object, "__format__");
  check_arity(a, "__format__", 2, 2);
  if (!isinstance(a[1], types::str))
    raise(exc::TypeError, "__format__() argument must be str, not " + type_name(a[1]));
  if (a[1].as<Str>()->length > 0)
    raise(exc::TypeError,
          "unsupported format string passed to " + object_type_of(a[0])->name + ".__format__");
  return Value(to_str(a[0]));
}

Value object_get_class(Args a) {
  check_self(a, types::object, "__class__");
  return Value::borrow(object_type_of(a[0]));
}

Value object_set_class(Args a) {
  check_self(a, types::object, "__class__");
  if (!isinstance(a[1], types::type))
    raise(exc::TypeError, "__class__ must be set to a class, not '" + type_name(a[1]) + "' object");
  auto* target = a[1].as<TypeObject>();
  TypeObject* current = object_type_of(a[0]);
  if (!current->heap || !target->heap || current->layout != target->layout)
    raise(exc::TypeError,
          "__class__ assignment only supported for mutable types or ModuleType subclasses");
  a[0].as_obj()->type = target;
  return Value::none();
}

Dict* dict_of(const Value& v) {
  if (v.is_obj() && (v.as_obj()->type->layout == Layout::Instance ||
                     v.as_obj()->type->layout == Layout::Exception))
    return v.as<Instance>()->dict.get();
  return nullptr;
}

Str* attr_name_arg(const Args& a, size_t i) {
  if (a.npos <= i) raise(exc::TypeError, "expected an attribute name");
  if (!isinstance(a[i], types::str))
    raise(exc::TypeError, "attribute name must be string, not '" + type_name(a[i]) + "'");
  return a[i].as<Str>();
}

Value object_getattribute(Args a) {
  check_self(a, types::object, "__getattribute__");
  check_arity(a, "__getattribute__", 2, 2);
  return generic_getattr(a[0], attr_name_arg(a, 1));
}

Value object_setattr(Args a) {
  check_self(a, types::object, "__setattr__");
  check_arity(a, "__setattr__", 3, 3);
  generic_setattr(a[0], attr_name_arg(a, 1), a[2]);
  return Value::none();
}

Value object_delattr(Args a) {
  check_self(a, types::object, "__delattr__");
  check_arity(a, "__delattr__", 2, 2);
  generic_delattr(a[0], attr_name_arg(a, 1));
  return Value::none();
}

Value object_init_subclass(Args a) {
  // A classmethod: args[0] is the new class.
  std::string cls =
      a.npos > 0 && isinstance(a[0], types::type) ? a[0].as<TypeObject>()->name : "object";
  if (a.nkw() > 0) raise(exc::TypeError, cls + ".__init_subclass__() takes no keyword arguments");
  if (a.npos > 1)
    raise(exc::TypeError, cls + ".__init_subclass__() takes no arguments (" +
                              std::to_string(a.npos - 1) + " given)");
  return Value::none();
}

Value object_dir(Args a) {
  check_self(a, types::object, "__dir__");
  Ref<Dict> seen = make_dict();
  if (Dict* d = dict_of(a[0]))
    for (const Dict::Entry& e : d->entries())
      if (!e.key.is_null()) seen->set(e.key, Value::none());
  for (TypeObject* t : object_type_of(a[0])->mro)
    for (const Dict::Entry& e : t->dict->entries())
      if (!e.key.is_null()) seen->set(e.key, Value::none());
  std::vector<Value> keys;
  for (const Dict::Entry& e : seen->entries())
    if (!e.key.is_null()) keys.push_back(e.key);
  return Value(make_list(std::move(keys)));
}

} // namespace

void init_object_type() {
  TypeObject* t = types::object;
  add_new(t, object_new);
  add_method(t, "__init__", object_init);
  object_new_attr() = t->dict->get(names::__new__);
  object_init_attr() = t->dict->get(names::__init__);
  add_method(t, "__repr__", object_repr);
  add_method(t, "__str__", object_str);
  add_method(t, "__eq__", object_eq);
  add_method(t, "__ne__", object_ne);
  for (const char* n : {"__lt__", "__le__", "__gt__", "__ge__"})
    add_method(t, n, object_order);
  add_method(t, "__hash__", object_hash);
  add_method(t, "__format__", object_format);
  add_method(t, "__getattribute__", object_getattribute);
  add_method(t, "__setattr__", object_setattr);
  add_method(t, "__delattr__", object_delattr);
  add_method(t, "__dir__", object_dir);
  add_classmethod(t, "__init_subclass__", object_init_subclass);
  // object.__subclasshook__: no opinion (what abc.ABCMeta asks first).
  add_classmethod(t, "__subclasshook__", [](Args) { return not_implemented(); });
  add_property(t, "__class__", object_get_class, object_set_class);
}

} // namespace refc::lang
