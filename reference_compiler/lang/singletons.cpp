// The NotImplemented and Ellipsis objects, and the three singleton types:
// NoneType, NotImplementedType and ellipsis. Calling one of these types
// returns its one instance, as in CPython.
#include "reference_compiler/lang/singletons.h"

#include "reference_compiler/lang/abstract.h"
#include "reference_compiler/lang/builtin_types.h"
#include "reference_compiler/lang/errors.h"
#include "reference_compiler/lang/native_function.h"
#include "reference_compiler/lang/type_initializers.h"

namespace refc::lang {

void create_singletons() {
  if (singletons::not_implemented) return;
  singletons::not_implemented = new Object(types::not_implemented_type);
  singletons::not_implemented->make_immortal();
  singletons::ellipsis = new Object(types::ellipsis_type);
  singletons::ellipsis->make_immortal();
}

namespace {

// __new__ of a singleton type: no arguments, returns the instance.
void check_no_args(const Args& a, TypeObject* t) {
  if (a.npos > 1 || a.nkw() > 0) raise(exc::TypeError, t->name + " takes no arguments");
}

} // namespace

void init_singleton_types() {
  create_singletons();
  TypeObject* n = types::none_type;
  add_new(n, [](Args a) {
    check_no_args(a, types::none_type);
    return Value::none();
  });
  add_method(n, "__repr__", [](Args a) {
    check_self(a, types::none_type, "__repr__");
    return str_value("None");
  });
  add_method(n, "__bool__", [](Args a) {
    check_self(a, types::none_type, "__bool__");
    return Value::boolean(false);
  });
  add_method(n, "__hash__", [](Args a) {
    check_self(a, types::none_type, "__hash__");
    return Value::integer(none_hash);
  });

  TypeObject* ni = types::not_implemented_type;
  add_new(ni, [](Args a) {
    check_no_args(a, types::not_implemented_type);
    return not_implemented();
  });
  add_method(ni, "__repr__", [](Args a) {
    check_self(a, types::not_implemented_type, "__repr__");
    return str_value("NotImplemented");
  });

  TypeObject* el = types::ellipsis_type;
  add_new(el, [](Args a) {
    check_no_args(a, types::ellipsis_type);
    return ellipsis();
  });
  add_method(el, "__repr__", [](Args a) {
    check_self(a, types::ellipsis_type, "__repr__");
    return str_value("Ellipsis");
  });
}

} // namespace refc::lang
