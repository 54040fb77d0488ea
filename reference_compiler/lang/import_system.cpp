// Imports: import_module (sys.modules, else the built-in module registry),
// dotted names, `from m import x` (attribute, then submodule), `import *`,
// with CPython's ModuleNotFoundError / ImportError messages.
#include "reference_compiler/lang/import_system.h"

#include "reference_compiler/lang/abstract.h"
#include "reference_compiler/lang/builtin_types.h"
#include "reference_compiler/lang/errors.h"
#include "reference_compiler/lang/instance_object.h"
#include "reference_compiler/lang/interpreter.h"
#include "reference_compiler/lang/iterators.h"
#include "reference_compiler/lang/list_object.h"
#include "reference_compiler/lang/module_object.h"
#include "reference_compiler/lang/module_registry.h"
#include "reference_compiler/lang/tuple_object.h"

namespace refc::lang {

namespace {

[[noreturn]] void raise_import(TypeObject* type, std::string msg, const std::string& name) {
  Value e = new_exception(type, std::move(msg));
  static Str* name_key = intern("name");
  if (e.is_obj() && e.as<Instance>()->dict) e.as<Instance>()->dict->set(name_key, str_value(name));
  throw PyError{std::move(e)};
}

std::string module_name(const Value& m) {
  if (m.is_obj() && m.as_obj()->type == types::module) {
    Value n = m.as<Module>()->dict->get(names::__name__);
    if (isinstance(n, types::str)) return std::string(n.as<Str>()->view());
    return m.as<Module>()->name;
  }
  Value n = getattr_or_null(m, names::__name__);
  if (isinstance(n, types::str)) return std::string(n.as<Str>()->view());
  return "<unknown module name>";
}

// sys.modules[name], else a new built-in module, else Null.
Value find_module(const std::string& name) {
  Dict* modules = interp().modules.get();
  Value m = modules->get(str_value(name));
  if (!m.is_null()) {
    if (m.is_none()) raise_import(exc::ModuleNotFoundError, "import of " + name + " halted; None in sys.modules", name);
    return m;
  }
  Ref<Module> created = create_builtin_module(name);
  if (!created) return Value();
  Value mv(created);
  // A Python-source module registered itself while running; keep that object.
  Value registered = modules->get(str_value(name));
  if (registered.is_null()) {
    modules->set(str_value(name), mv);
    return mv;
  }
  return registered;
}

} // namespace

Ref<Module> import_module(const std::string& name) {
  Value m = import_name(intern(name), Value::none(), 0);
  // `import a.b` returns a; import_module wants a.b itself.
  Value full = interp().modules->get(str_value(name));
  if (!full.is_null()) m = full;
  if (!(m.is_obj() && m.as_obj()->type == types::module))
    raise(exc::ImportError, "import of " + name + " did not produce a module");
  return Ref<Module>::borrow(m.as<Module>());
}

Value import_name(Str* name_str, const Value& fromlist, int64_t level) {
  std::string name(name_str->view());
  if (level > 0) raise(exc::ImportError, "attempted relative import with no known parent package");
  if (name.empty()) raise(exc::ValueError, "Empty module name");
  size_t dot = name.find('.');
  std::string first = name.substr(0, dot);
  Value top = find_module(first);
  if (top.is_null()) raise_import(exc::ModuleNotFoundError, "No module named '" + first + "'", first);
  Value cur = top;
  std::string full = first;
  while (dot != std::string::npos) {
    size_t next = name.find('.', dot + 1);
    std::string part = name.substr(dot + 1, next == std::string::npos ? std::string::npos : next - dot - 1);
    std::string parent = full;
    full += "." + part;
    Value sub = find_module(full);
    if (sub.is_null()) {
      Value attr = getattr_or_null(cur, intern(part));
      if (attr.is_obj() && attr.as_obj()->type == types::module) {
        sub = attr;
        interp().modules->set(str_value(full), sub);
      }
    }
    if (sub.is_null())
      raise_import(exc::ModuleNotFoundError,
                   "No module named '" + full + "'; '" + parent + "' is not a package", full);
    if (cur.is_obj() && cur.as_obj()->type == types::module &&
        cur.as<Module>()->dict->get(intern(part)).is_null())
      cur.as<Module>()->dict->set(intern(part), sub);
    cur = sub;
    dot = next;
  }
  bool has_fromlist = !fromlist.is_none() && !fromlist.is_null() && truthy(fromlist);
  return has_fromlist ? cur : top;
}

Value import_from(const Value& module, Str* name) {
  Value v = getattr_or_null(module, name);
  if (!v.is_null()) return v;
  // A submodule not imported yet is imported now (CPython's _handle_fromlist).
  std::string mod = module_name(module);
  Value sub = find_module(mod + "." + std::string(name->view()));
  if (!sub.is_null()) {
    if (module.is_obj() && module.as_obj()->type == types::module && module.as<Module>()->dict->get(name).is_null())
      module.as<Module>()->dict->set(name, sub);
    return sub;
  }
  raise_import(exc::ImportError,
               "cannot import name '" + std::string(name->view()) + "' from '" + mod +
                   "' (unknown location)",
               mod);
}

void import_star(const Value& module, Dict* locals) {
  static Str* all_key = intern("__all__");
  Value all = getattr_or_null(module, all_key);
  if (!all.is_null()) {
    for (const Value& n : collect_items(all)) {
      if (!isinstance(n, types::str))
        raise(exc::TypeError, "Item in " + module_name(module) + ".__all__ must be str, not " +
                                  type_name(n));
      locals->set(n, getattr(module, n.as<Str>()));
    }
    return;
  }
  if (!(module.is_obj() && module.as_obj()->type == types::module)) {
    raise(exc::ImportError, "from-import-* object has no __dict__ and no __all__");
  }
  std::vector<std::pair<Value, Value>> items;
  for (const Dict::Entry& e : module.as<Module>()->dict->entries()) {
    if (!e.key.is_obj() || e.key.as_obj()->type != types::str) continue;
    if (e.key.as<Str>()->view().substr(0, 1) == "_") continue;
    items.emplace_back(e.key, e.value);
  }
  for (auto& [k, v] : items) locals->set(k, v);
}

} // namespace refc::lang
