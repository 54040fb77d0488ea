// The interpreter's start-up and entry points: initialise() (built-in types,
// the builtins module with every built-in type, exception class and helper —
// __build_class__, __import__, super, NotImplemented, Ellipsis — plus the
// plain built-in functions, sys.modules, sys), running the main program on a
// thread with a large stack (so the recursion limit, not the C++ stack,
// bounds recursion), running standard-library modules from source, and the
// top-level handling of uncaught exceptions, SystemExit and syntax errors.
#include "reference_compiler/lang/interpreter.h"

#include "reference_compiler/lang/abstract.h"
#include "reference_compiler/lang/builtin_functions.h"
#include "reference_compiler/lang/builtin_types.h"
#include "reference_compiler/lang/compiler.h"
#include "reference_compiler/lang/cycle_collector.h"
#include "reference_compiler/lang/errors.h"
#include "reference_compiler/lang/import_system.h"
#include "reference_compiler/lang/instance_object.h"
#include "reference_compiler/lang/metaclass.h"
#include "reference_compiler/lang/output.h"
#include "reference_compiler/lang/singletons.h"
#include "reference_compiler/lang/super_object.h"
#include "reference_compiler/lang/syntax_error.h"
#include "reference_compiler/lang/traceback.h"
#include "reference_compiler/lang/tuple_object.h"
#include "reference_compiler/lang/vm.h"

#include <pthread.h>
#include <unistd.h>

#include <cerrno>
#include <cstdint>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <sstream>

namespace refc::lang {

namespace {

Interpreter g_interp;
bool g_initialised = false;
Ref<Module> g_builtins_module;

// PEP 560's update_bases: each base that is not a class and has
// __mro_entries__ is replaced by the classes that method returns (given the
// original bases), as typing.Generic[T] and typing.NamedTuple are.
// Returns whether any base was replaced.
bool resolve_mro_entries(const Value& orig_bases, std::vector<Value>& bases) {
  static Str* mro_entries = intern("__mro_entries__");
  bool changed = false;
  std::vector<Value> resolved;
  for (const Value& base : bases) {
    bool is_class = base.is_obj() && base.as_obj()->type->layout == Layout::Type;
    Value method = is_class ? Value() : getattr_or_null(base, mro_entries);
    if (method.is_null()) {
      resolved.push_back(base);
      continue;
    }
    Value entries = call(method, {orig_bases});
    if (!isinstance(entries, types::tuple))
      raise(exc::TypeError, "__mro_entries__ must return a tuple");
    for (const Value& e : entries.as<Tuple>()->items) resolved.push_back(e);
    changed = true;
  }
  if (changed) bases = std::move(resolved);
  return changed;
}

// __build_class__(func, name, *bases, metaclass=..., **kwds): picks the
// metaclass (the explicit one or the most derived type of the bases), asks it
// for the namespace (__prepare__), runs the class body in it, then calls
// metaclass(name, bases, ns, **kwds).
Value build_class(Args a) {
  if (a.npos < 2) raise(exc::TypeError, "__build_class__: not enough arguments");
  if (!(a[0].is_obj() && a[0].as_obj()->type == types::function))
    raise(exc::TypeError, "__build_class__: func must be a function");
  if (!isinstance(a[1], types::str)) raise(exc::TypeError, "__build_class__: name is not a string");
  std::vector<Value> bases(a.values + 2, a.values + a.npos);
  Value orig_bases(make_tuple(bases));
  bool bases_replaced = resolve_mro_entries(orig_bases, bases);
  Value meta;
  std::vector<Value> kw_values;
  std::vector<Value> kw_names;
  for (size_t i = 0; i < a.nkw(); ++i) {
    if (a.kwname(i)->view() == "metaclass") {
      meta = a.kwvalue(i);
      continue;
    }
    kw_names.push_back(Value::borrow(a.kwname(i)));
    kw_values.push_back(a.kwvalue(i));
  }
  if (meta.is_null()) meta = Value::borrow(bases.empty() ? types::type : bases[0].type());
  if (meta.is_obj() && meta.type()->layout == Layout::Type)
    meta = Value::borrow(calculate_metaclass(meta.as<TypeObject>(), bases));
  Value bases_tuple = Value(make_tuple(bases));
  Ref<Tuple> kwnames = kw_names.empty() ? Ref<Tuple>() : make_tuple(std::move(kw_names));
  const bool plain_type = meta.is_obj() && meta.as_obj() == types::type;
  Ref<Dict> ns;
  if (plain_type) {
    ns = make_dict();
  } else {
    static Str* prepare = intern("__prepare__");
    Value prepare_fn = getattr_or_null(meta, prepare);
    if (prepare_fn.is_null()) {
      ns = make_dict();
    } else {
      std::vector<Value> pargs{a[1], bases_tuple};
      pargs.insert(pargs.end(), kw_values.begin(), kw_values.end());
      Value prepared = call(prepare_fn, Args{pargs.data(), 2, kwnames.get()});
      if (!isinstance(prepared, types::dict) && !lookup_special(prepared, names::__getitem__).is_null())
        raise(exc::NotImplementedError,
              "a class namespace that is not a dict (from __prepare__) is not supported");
      if (!isinstance(prepared, types::dict)) {
        std::string who = meta.type()->layout == Layout::Type ? meta.as<TypeObject>()->name
                                                              : "<metaclass>";
        raise(exc::TypeError, who + ".__prepare__() must return a mapping, not " +
                                  type_name(prepared));
      }
      ns = Ref<Dict>::borrow(prepared.as<Dict>());
    }
  }
  run_class_body(a[0].as<Function>(), ns.get());
  static Str* orig_bases_key = intern("__orig_bases__");
  if (bases_replaced) ns->set(orig_bases_key, orig_bases);
  std::vector<Value> argv{a[1], bases_tuple, Value(ns)};
  argv.insert(argv.end(), kw_values.begin(), kw_values.end());
  Args class_args{argv.data(), 3, kwnames.get()};
  if (plain_type) return type_new(class_args);
  return call(meta, class_args);
}

// __import__(name, globals=None, locals=None, fromlist=(), level=0)
Value builtin_import(Args a) {
  Value name, fromlist = Value::none(), level = Value::integer(0);
  if (a.npos >= 1) name = a[0];
  if (a.npos >= 4) fromlist = a[3];
  if (a.npos >= 5) level = a[4];
  for (size_t i = 0; i < a.nkw(); ++i) {
    std::string_view k = a.kwname(i)->view();
    if (k == "name") name = a.kwvalue(i);
    else if (k == "fromlist") fromlist = a.kwvalue(i);
    else if (k == "level") level = a.kwvalue(i);
    else if (k != "globals" && k != "locals")
      raise(exc::TypeError, "__import__() got an unexpected keyword argument '" + std::string(k) + "'");
  }
  if (name.is_null()) raise(exc::TypeError, "__import__() missing required argument 'name' (pos 1)");
  if (!isinstance(name, types::str))
    raise(exc::TypeError, "__import__() argument 1 must be str, not " + type_name(name));
  return import_name(name.as<Str>(), fromlist, level.is_intlike() ? level.as_int() : 0);
}

void set_builtin(Dict* b, const char* name, Value v) { b->set(intern(name), std::move(v)); }

// The built-in types CPython's builtins module exposes by name.
void add_builtin_types(Dict* b) {
  for (TypeObject* t : {types::object, types::type, types::int_, types::bool_, types::float_,
                        types::str, types::bytes, types::bytearray, types::tuple, types::list,
                        types::dict, types::set, types::frozenset, types::range, types::slice,
                        types::staticmethod, types::classmethod, types::property})
    b->set(intern(t->name), Value::borrow(t));
#define REFC_EXCEPTION(name, base) b->set(intern(#name), Value::borrow(exc::name));
#include "reference_compiler/lang/exceptions.def"
#undef REFC_EXCEPTION
  b->set(intern("super"), Value::borrow(super_type()));
}

std::string absolute_path(const std::string& path) {
  std::error_code ec;
  auto p = std::filesystem::absolute(path, ec);
  return ec ? path : p.lexically_normal().string();
}

void write_stderr(const std::string& s) {
  flush_stdout();
  write_all_to_stderr(s);
}

// The exit status for an uncaught SystemExit (printing a non-int code).
int system_exit_status(const Value& exc) {
  static Str* code_key = intern("code");
  Value code;
  try {
    code = getattr_or_null(exc, code_key);
  } catch (PyError&) {
  }
  if (code.is_null() || code.is_none()) return 0;
  if (code.is_intlike()) return static_cast<int>(code.as_int());
  try {
    write_stderr(std::string(to_str(code)->view()) + "\n");
  } catch (PyError&) {
  }
  return 1;
}

int run_main(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) {
    write_stderr("refc: can't open file '" + absolute_path(path) + "': [Errno " +
                 std::to_string(errno) + "] " + std::strerror(errno) + "\n");
    return 2;
  }
  std::stringstream buf;
  buf << in.rdbuf();
  std::string source = buf.str();
  std::string filename = absolute_path(path);
  register_source(filename, source);

  Ref<CodeObject> code;
  try {
    code = compile_source(source, filename);
  } catch (SyntaxErrorInfo& e) {
    write_stderr(format_syntax_error(e));
    return 1;
  }

  Interpreter& in_ = interp();
  auto main = make_module("__main__");
  Dict* g = main->dict.get();
  g->set(names::__file__, str_value(filename));
  g->set(names::__builtins__, Value(g_builtins_module));
  in_.modules->set(str_value("__main__"), Value(main));
  int status = 0;
  try {
    run_code(code.get(), g, g);
  } catch (PyError& e) {
    if (isinstance(e.exc, exc::SystemExit)) {
      status = system_exit_status(e.exc);
    } else {
      print_exception(e.exc);
      status = 1;
    }
  }
  // As CPython at exit: the cycles the program left are freed too.
  cycle_collector::collect();
  flush_stdout();
  return status;
}

void* program_thread(void* p) {
  auto* body = static_cast<const std::function<int()>*>(p);
  return reinterpret_cast<void*>(static_cast<intptr_t>((*body)()));
}

} // namespace

[[noreturn]] void raise_syntax_error(const SyntaxErrorInfo& info) {
  TypeObject* t = info.kind == "IndentationError" ? exc::IndentationError
                  : info.kind == "TabError"       ? exc::TabError
                                                  : exc::SyntaxError;
  Value loc(make_tuple({str_value(info.filename), Value::integer(info.lineno),
                        Value::integer(info.offset), str_value(info.text),
                        Value::integer(info.end_lineno), Value::integer(info.end_offset)}));
  Value e = call(Value::borrow(t), {str_value(info.msg), loc});
  throw PyError{std::move(e)};
}

Interpreter& interp() { return g_interp; }

void initialise(std::vector<std::string> argv) {
  if (!argv.empty() || !g_initialised) g_interp.argv = std::move(argv);
  if (g_initialised) return;
  g_initialised = true;
  init_builtin_types();
  init_super_type();

  g_builtins_module = make_module("builtins");
  Dict* b = g_builtins_module->dict.get();
  g_interp.builtins = g_builtins_module->dict;
  add_builtin_types(b);
  set_builtin(b, "__build_class__", Value(make_native("__build_class__", build_class)));
  set_builtin(b, "__import__", Value(make_native("__import__", builtin_import)));
  set_builtin(b, "None", Value::none());
  set_builtin(b, "True", Value::boolean(true));
  set_builtin(b, "False", Value::boolean(false));
  set_builtin(b, "NotImplemented", not_implemented());
  set_builtin(b, "Ellipsis", ellipsis());
  set_builtin(b, "__debug__", Value::boolean(true));
  init_builtin_functions(b);

  g_interp.modules = make_dict();
  g_interp.modules->set(str_value("builtins"), Value(g_builtins_module));
  import_module("sys");
}

int run_on_program_stack(const std::function<int()>& body) {
  // A 512 MiB stack: deep (but limited) Python recursion through native code
  // must hit RecursionError, never the end of the C++ stack, even in
  // sanitizer builds.
  pthread_attr_t attr;
  pthread_attr_init(&attr);
  pthread_attr_setstacksize(&attr, size_t(512) << 20);
  pthread_t thread;
  const int created = pthread_create(&thread, &attr, program_thread, const_cast<std::function<int()>*>(&body));
  pthread_attr_destroy(&attr);
  if (created != 0) return body();
  void* status = nullptr;
  pthread_join(thread, &status);
  return static_cast<int>(reinterpret_cast<intptr_t>(status));
}

int run_main_file(const std::string& path) {
  return run_on_program_stack([&path] { return run_main(path); });
}

Ref<Module> run_module_source(const std::string& name, const std::string& filename,
                              std::string_view source) {
  if (!filename.empty() && filename[0] != '<') register_source(filename, std::string(source));
  Ref<CodeObject> code;
  try {
    code = compile_source(source, filename);
  } catch (SyntaxErrorInfo& e) {
    raise_syntax_error(e);
  }
  auto m = make_module(name);
  Dict* g = m->dict.get();
  g->set(names::__builtins__, Value(g_builtins_module));
  if (!filename.empty() && filename[0] != '<') g->set(names::__file__, str_value(filename));
  Dict* modules = interp().modules.get();
  modules->set(str_value(name), Value(m));
  try {
    run_code(code.get(), g, g);
  } catch (...) {
    modules->pop(str_value(name));
    throw;
  }
  return m;
}

} // namespace refc::lang
