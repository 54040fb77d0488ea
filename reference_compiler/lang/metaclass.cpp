// The metaclass protocol (see metaclass.h): metaclass calculation, calls and
// isinstance/issubclass checks of classes whose metaclass overrides type's
// methods, and the abstract-class flag behind object.__new__'s refusal.
#include "reference_compiler/lang/metaclass.h"

#include "reference_compiler/lang/abstract.h"
#include "reference_compiler/lang/builtin_types.h"
#include "reference_compiler/lang/dict_object.h"
#include "reference_compiler/lang/errors.h"
#include "reference_compiler/lang/list_sort.h"
#include "reference_compiler/lang/recursion_guard.h"

namespace refc::lang {

namespace {

// type's own attribute `name` (as stored in its dict, for identity checks).
Value type_slot(Str* name) { return types::type->dict->get(name); }

Str* instancecheck_name() {
  static Str* s = intern("__instancecheck__");
  return s;
}
Str* subclasscheck_name() {
  static Str* s = intern("__subclasscheck__");
  return s;
}
Str* abstractmethods_name() {
  static Str* s = intern("__abstractmethods__");
  return s;
}

// Calls the metaclass hook `hook` of cls with one argument; its truth value.
// `where` ends the RecursionError message, as CPython's does.
bool call_check_hook(const Value& hook, TypeObject* cls, const Value& arg, const char* where) {
  RecursionGuard guard(where);
  Value argv[1] = {arg};
  return truthy(call_with_self(hook, Value::borrow(cls), Args{argv, 1, nullptr}));
}

} // namespace

TypeObject* calculate_metaclass(TypeObject* meta, const std::vector<Value>& bases) {
  TypeObject* winner = meta;
  for (const Value& base : bases) {
    TypeObject* base_meta = base.type();
    if (winner->is_subtype(base_meta)) continue;
    if (base_meta->is_subtype(winner)) {
      winner = base_meta;
      continue;
    }
    raise(exc::TypeError, "metaclass conflict: the metaclass of a derived class must be a "
                          "(non-strict) subclass of the metaclasses of all its bases");
  }
  return winner;
}

Value call_class_with_metaclass(TypeObject* cls, Args args) {
  static const Value type_call_slot = type_slot(names::__call__);
  Value hook = cls->type->lookup(names::__call__);
  if (hook.is(type_call_slot)) return type_call(cls, args);
  RecursionGuard guard(" while calling a Python object");
  return call_with_self(hook, Value::borrow(cls), args);
}

bool metaclass_instancecheck(const Value& v, TypeObject* cls) {
  if (v.type() == cls) return true;
  static const Value type_hook = type_slot(instancecheck_name());
  Value hook = cls->type->lookup(instancecheck_name());
  if (hook.is_null() || hook.is(type_hook)) return isinstance(v, cls);
  return call_check_hook(hook, cls, v, " in __instancecheck__");
}

bool metaclass_subclasscheck(const Value& sub, TypeObject* cls) {
  static const Value type_hook = type_slot(subclasscheck_name());
  Value hook = cls->type->lookup(subclasscheck_name());
  if (hook.is_null() || hook.is(type_hook)) {
    if (!(sub.is_obj() && sub.type()->layout == Layout::Type))
      raise(exc::TypeError, "issubclass() arg 1 must be a class");
    return sub.as<TypeObject>()->is_subtype(cls);
  }
  return call_check_hook(hook, cls, sub, " in __subclasscheck__");
}

void raise_abstract_instantiation(TypeObject* cls) {
  Value methods = cls->lookup(abstractmethods_name());
  std::vector<Value> names;
  if (!methods.is_null()) {
    Value it = get_iter(methods);
    for (Value item = iter_next(it); !item.is_null(); item = iter_next(it))
      names.push_back(item);
  }
  sort_values(names, Value(), false);
  std::string joined;
  for (const Value& n : names) {
    if (!joined.empty()) joined += ", ";
    joined += std::string(to_str(n)->view());
  }
  raise(exc::TypeError, "Can't instantiate abstract class " + cls->name + " with abstract method" +
                            (names.size() > 1 ? "s " : " ") + joined);
}

void note_class_attribute_store(TypeObject* cls, Str* name, const Value& value) {
  if (name != abstractmethods_name() && !str_equal(name, abstractmethods_name())) return;
  if (!value.is_null() && truthy(value))
    cls->flags |= kTypeIsAbstract;
  else
    cls->flags &= ~kTypeIsAbstract;
}

} // namespace refc::lang
