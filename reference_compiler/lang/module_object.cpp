// Module objects and the module type: a module is its globals dict plus a name;
// attribute access reads and writes that dict (abstract.cpp does the lookup),
// and the repr tells built-in modules from ones loaded from a source file.
#include "reference_compiler/lang/module_object.h"

#include "reference_compiler/lang/abstract.h"
#include "reference_compiler/lang/builtin_types.h"
#include "reference_compiler/lang/errors.h"
#include "reference_compiler/lang/native_function.h"
#include "reference_compiler/lang/type_initializers.h"

namespace refc::lang {

Module::Module(std::string name_)
    : Object(types::module), name(std::move(name_)), dict(make_dict()) {
  dict->set(names::__name__, str_value(name));
  dict->set(names::__doc__, Value::none());
}

Ref<Module> make_module(std::string name) { return make<Module>(std::move(name)); }

namespace {

Module* module_self(const Args& a, const char* name) {
  check_self(a, types::module, name);
  return a[0].as<Module>();
}

Value module_new(Args a) {
  check_self(a, types::type, "__new__");
  Args rest = a.drop_first();
  check_arity(rest, "module", 1, 2);
  if (!isinstance(rest[0], types::str))
    raise(exc::TypeError,
          "module.__init__() argument 'name' must be str, not " + type_name(rest[0]));
  Ref<Module> m = make_module(std::string(rest[0].as<Str>()->view()));
  if (rest.npos > 1) m->dict->set(names::__doc__, rest[1]);
  return Value(std::move(m));
}

Value module_repr(Args a) {
  Module* m = module_self(a, "__repr__");
  Value name = m->dict->get(names::__name__);
  std::string shown = isinstance(name, types::str) ? std::string(name.as<Str>()->view()) : m->name;
  Value file = m->dict->get(names::__file__);
  if (isinstance(file, types::str))
    return str_value("<module '" + shown + "' from '" + std::string(file.as<Str>()->view()) + "'>");
  return str_value("<module '" + shown + "' (built-in)>");
}

Value module_dict(Args a) { return Value(module_self(a, "__dict__")->dict); }

} // namespace

void init_module_type() {
  TypeObject* t = types::module;
  add_new(t, module_new);
  add_method(t, "__repr__", module_repr);
  add_getter(t, "__dict__", module_dict);
}

} // namespace refc::lang
