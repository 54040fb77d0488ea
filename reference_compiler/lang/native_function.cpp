// NativeFunction construction, the argument checks natives share (with
// CPython's wording), and the helpers that register built-in methods,
// properties, classmethods and staticmethods in a type's dict.
#include "reference_compiler/lang/native_function.h"

#include "reference_compiler/lang/abstract.h"
#include "reference_compiler/lang/builtin_types.h"
#include "reference_compiler/lang/descriptor_objects.h"
#include "reference_compiler/lang/dict_object.h"
#include "reference_compiler/lang/errors.h"

namespace refc::lang {

NativeFunction::NativeFunction(std::string name_, NativeFn fn_, std::string qualname_)
    : Object(types::builtin_function), name(std::move(name_)),
      qualname(qualname_.empty() ? name : std::move(qualname_)), fn(fn_) {}

Ref<NativeFunction> make_native(std::string name, NativeFn fn, std::string qualname) {
  return make<NativeFunction>(std::move(name), fn, std::move(qualname));
}

Value Args::keyword(std::string_view name) const {
  for (size_t i = 0, n = nkw(); i < n; ++i)
    if (kwname(i)->view() == name) return kwvalue(i);
  return Value();
}

void reject_keywords(const Args& a, std::string_view fname) {
  if (a.nkw() > 0) raise(exc::TypeError, std::string(fname) + "() takes no keyword arguments");
}

void check_arity(const Args& a, std::string_view fname, size_t min, size_t max) {
  // CPython's _PyArg_CheckPositional wording.
  auto fail = [&](const char* bound, size_t n) {
    raise(exc::TypeError, std::string(fname) + " expected " + (min == max ? "" : bound) +
                              std::to_string(n) + " argument" + (n == 1 ? "" : "s") + ", got " +
                              std::to_string(a.npos));
  };
  if (a.npos < min) fail("at least ", min);
  if (a.npos > max) fail("at most ", max);
}

void check_self(const Args& a, const TypeObject* t, std::string_view method) {
  if (a.npos > 0 && a[0].type()->is_subtype(t)) return;
  // Dunders are slot wrappers in CPython, other methods method descriptors;
  // the two word their complaints differently.
  bool dunder = method.size() > 4 && method.starts_with("__") && method.ends_with("__");
  std::string m(method);
  if (a.npos == 0) {
    if (dunder)
      raise(exc::TypeError, "descriptor '" + m + "' of '" + t->name + "' object needs an argument");
    raise(exc::TypeError, "unbound method " + t->name + "." + m + "() needs an argument");
  }
  if (dunder)
    raise(exc::TypeError, "descriptor '" + m + "' requires a '" + t->name +
                              "' object but received a '" + type_name(a[0]) + "'");
  raise(exc::TypeError, "descriptor '" + m + "' for '" + t->name +
                            "' objects doesn't apply to a '" + type_name(a[0]) + "' object");
}

namespace {

Ref<NativeFunction> method_native(TypeObject* t, std::string_view name, NativeFn fn) {
  Ref<NativeFunction> f = make_native(std::string(name), fn, t->name + "." + std::string(name));
  f->flags |= NativeFunction::kMethod;
  return f;
}

} // namespace

void add_method(TypeObject* t, std::string_view name, NativeFn fn) {
  Value f(method_native(t, name, fn));
  if (name == "__new__") f = Value(make<StaticMethod>(std::move(f)));
  t->set_attr(intern(name), std::move(f));
}

void add_property(TypeObject* t, std::string_view name, NativeFn getter, NativeFn setter) {
  Value fget(method_native(t, name, getter));
  Value fset = setter ? Value(method_native(t, name, setter)) : Value::none();
  Ref<Property> p = make<Property>(fget, fset, Value::none(), Value::none());
  p->flags |= Property::kGetSet;
  t->set_attr(intern(name), Value(std::move(p)));
}

void add_getter(TypeObject* t, std::string_view name, NativeFn getter) {
  add_property(t, name, getter, nullptr);
}

void add_classmethod(TypeObject* t, std::string_view name, NativeFn fn) {
  t->set_attr(intern(name), Value(make<ClassMethod>(Value(method_native(t, name, fn)))));
}

void add_staticmethod(TypeObject* t, std::string_view name, NativeFn fn) {
  t->set_attr(intern(name), Value(make<StaticMethod>(Value(method_native(t, name, fn)))));
}

} // namespace refc::lang
