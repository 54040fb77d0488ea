// The built-in exception hierarchy's behaviour (exceptions.def creates the
// classes): BaseException's args/str/repr and chaining attributes, and the
// extra state of StopIteration (value), SystemExit (code), OSError (errno,
// strerror, filename), AttributeError/NameError (name, obj), ImportError
// (name, path, msg), SyntaxError (msg, filename, lineno, ...) and KeyError's
// repr-style str. BaseException.__new__ stores the constructor arguments, so
// a subclass whose __init__ never calls super().__init__ still has its args.
#include "reference_compiler/lang/abstract.h"
#include "reference_compiler/lang/builtin_types.h"
#include "reference_compiler/lang/dict_object.h"
#include "reference_compiler/lang/errors.h"
#include "reference_compiler/lang/instance_object.h"
#include "reference_compiler/lang/list_object.h"
#include "reference_compiler/lang/native_function.h"
#include "reference_compiler/lang/type_initializers.h"

#include <cerrno>

namespace refc::lang {

namespace {

ExceptionObject* exc_self(const Args& a, const char* name, TypeObject* t = nullptr) {
  check_self(a, t ? t : exc::BaseException, name);
  return a[0].as<ExceptionObject>();
}

Ref<Tuple> positional_tuple(const Args& a, size_t from) {
  std::vector<Value> items(a.values + from, a.values + a.npos);
  return make_tuple(std::move(items));
}

Str* key(const char* name) { return intern(name); }

void set_field(ExceptionObject* e, const char* name, Value v) {
  e->dict->set(key(name), std::move(v));
}

Value get_field(ExceptionObject* e, const char* name) {
  Value v = e->dict->get(key(name));
  return v.is_null() ? Value::none() : v;
}

// ---- BaseException --------------------------------------------------------------------

Value base_new(Args a) {
  if (a.npos < 1 || !isinstance(a[0], types::type) ||
      !a[0].as<TypeObject>()->is_subtype(exc::BaseException))
    raise(exc::TypeError, "BaseException.__new__(X): X is not a subtype of BaseException");
  auto* cls = a[0].as<TypeObject>();
  Ref<ExceptionObject> e = make<ExceptionObject>(cls);
  e->args = positional_tuple(a, 1);
  return Value(std::move(e));
}

Value base_init(Args a) {
  ExceptionObject* e = exc_self(a, "__init__");
  if (a.nkw() > 0) raise(exc::TypeError, type_name(a[0]) + "() takes no keyword arguments");
  e->args = positional_tuple(a, 1);
  return Value::none();
}

Value base_str(Args a) {
  ExceptionObject* e = exc_self(a, "__str__");
  const auto& args = e->args->items;
  if (args.empty()) return str_value("");
  if (args.size() == 1) return Value(to_str(args[0]));
  return Value(to_str(Value(e->args)));
}

Value base_repr(Args a) {
  ExceptionObject* e = exc_self(a, "__repr__");
  const std::string& name = type_name(a[0]);
  const auto& args = e->args->items;
  if (args.size() == 1) return str_value(name + "(" + std::string(repr(args[0])->view()) + ")");
  return str_value(name + std::string(repr(Value(e->args))->view()));
}

Value base_get_args(Args a) { return Value(exc_self(a, "args")->args); }

Value base_set_args(Args a) {
  ExceptionObject* e = exc_self(a, "args");
  if (isinstance(a[1], types::tuple)) {
    e->args = Ref<Tuple>::borrow(a[1].as<Tuple>());
  } else {
    std::vector<Value> items;
    Value it = get_iter(a[1]);
    for (Value x = iter_next(it); !x.is_null(); x = iter_next(it))
      items.push_back(x);
    e->args = make_tuple(std::move(items));
  }
  return Value::none();
}

Value base_with_traceback(Args a) {
  ExceptionObject* e = exc_self(a, "with_traceback");
  check_arity(a, "with_traceback", 2, 2);
  if (!a[1].is_none()) raise(exc::TypeError, "__traceback__ must be a traceback or None");
  e->traceback.clear();
  return a[0];
}

Value base_get_traceback(Args a) {
  exc_self(a, "__traceback__");
  return Value::none();
}

Value base_set_traceback(Args a) {
  ExceptionObject* e = exc_self(a, "__traceback__");
  if (!a[1].is_none()) raise(exc::TypeError, "__traceback__ must be a traceback or None");
  e->traceback.clear();
  return Value::none();
}

bool is_exception_or_none(const Value& v) {
  return v.is_none() || v.type()->layout == Layout::Exception;
}

Value base_get_cause(Args a) {
  ExceptionObject* e = exc_self(a, "__cause__");
  return e->cause.is_null() ? Value::none() : e->cause;
}

Value base_set_cause(Args a) {
  ExceptionObject* e = exc_self(a, "__cause__");
  if (!is_exception_or_none(a[1]))
    raise(exc::TypeError, "exception cause must be None or derive from BaseException");
  e->cause = a[1];
  e->suppress_context = true;
  return Value::none();
}

Value base_get_context(Args a) {
  ExceptionObject* e = exc_self(a, "__context__");
  return e->context.is_null() ? Value::none() : e->context;
}

Value base_set_context(Args a) {
  ExceptionObject* e = exc_self(a, "__context__");
  if (!is_exception_or_none(a[1]))
    raise(exc::TypeError, "exception context must be None or derive from BaseException");
  e->context = a[1];
  return Value::none();
}

Value base_get_suppress(Args a) {
  return Value::boolean(exc_self(a, "__suppress_context__")->suppress_context);
}

Value base_set_suppress(Args a) {
  exc_self(a, "__suppress_context__")->suppress_context = truthy(a[1]);
  return Value::none();
}

Value base_add_note(Args a) {
  ExceptionObject* e = exc_self(a, "add_note");
  check_arity(a, "add_note", 2, 2);
  if (!isinstance(a[1], types::str))
    raise(exc::TypeError, "note must be a str, not '" + type_name(a[1]) + "'");
  Str* notes_key = key("__notes__");
  Value notes = e->dict->get(notes_key);
  if (notes.is_null()) {
    notes = Value(make_list());
    e->dict->set(notes_key, notes);
  }
  if (!isinstance(notes, types::list))
    raise(exc::TypeError, "Cannot add note: __notes__ is not a list");
  notes.as<List>()->items.push_back(a[1]);
  return Value::none();
}

// ---- subclasses with extra state ---------------------------------------------------

// The keyword arguments an exception's __init__ accepts beside its positional
// args; anything else is CPython's "'x' is an invalid keyword argument for T()".
void take_keywords(const Args& a, ExceptionObject* e, std::initializer_list<const char*> allowed) {
  for (size_t i = 0; i < a.nkw(); ++i) {
    std::string_view n = a.kwname(i)->view();
    bool ok = false;
    for (const char* k : allowed)
      ok = ok || n == k;
    if (!ok)
      raise(exc::TypeError, "'" + std::string(n) + "' is an invalid keyword argument for " +
                                type_name(a[0]) + "()");
    set_field(e, std::string(n).c_str(), a.kwvalue(i));
  }
}

Value stop_iteration_init(Args a) {
  ExceptionObject* e = exc_self(a, "__init__", exc::StopIteration);
  if (a.nkw() > 0) raise(exc::TypeError, type_name(a[0]) + "() takes no keyword arguments");
  e->args = positional_tuple(a, 1);
  set_field(e, "value", a.npos > 1 ? a[1] : Value::none());
  return Value::none();
}

Value system_exit_init(Args a) {
  ExceptionObject* e = exc_self(a, "__init__", exc::SystemExit);
  if (a.nkw() > 0) raise(exc::TypeError, type_name(a[0]) + "() takes no keyword arguments");
  e->args = positional_tuple(a, 1);
  Value code = a.npos == 1 ? Value::none() : a.npos == 2 ? a[1] : Value(e->args);
  set_field(e, "code", code);
  return Value::none();
}

Value key_error_str(Args a) {
  ExceptionObject* e = exc_self(a, "__str__", exc::KeyError);
  if (e->args->items.size() == 1) return Value(repr(e->args->items[0]));
  return base_str(a);
}

// OSError(errno, strerror[, filename]): the attributes, and args reduced to
// (errno, strerror) as CPython does.
void os_error_fill(ExceptionObject* e, const Args& a) {
  size_t n = a.npos - 1;
  if (n >= 2 && n <= 5) {
    set_field(e, "errno", a[1]);
    set_field(e, "strerror", a[2]);
    if (n >= 3) {
      set_field(e, "filename", a[3]);
      e->args = make_tuple({a[1], a[2]});
    }
  }
}

Value os_error_new(Args a) {
  if (a.npos < 1 || !isinstance(a[0], types::type))
    raise(exc::TypeError, "OSError.__new__(X): X is not a type object");
  auto* cls = a[0].as<TypeObject>();
  // OSError(ENOENT, ...) is a FileNotFoundError, as in CPython.
  if (cls == exc::OSError && a.npos >= 3 && a[1].is_int()) {
    if (a[1].as_int() == ENOENT) cls = exc::FileNotFoundError;
    if (a[1].as_int() == EEXIST) cls = exc::FileExistsError;
  }
  Ref<ExceptionObject> e = make<ExceptionObject>(cls);
  e->args = positional_tuple(a, 1);
  os_error_fill(e.get(), a);
  return Value(std::move(e));
}

Value os_error_init(Args a) {
  ExceptionObject* e = exc_self(a, "__init__", exc::OSError);
  if (a.nkw() > 0) raise(exc::TypeError, type_name(a[0]) + "() takes no keyword arguments");
  e->args = positional_tuple(a, 1);
  os_error_fill(e, a);
  return Value::none();
}

Value os_error_str(Args a) {
  ExceptionObject* e = exc_self(a, "__str__", exc::OSError);
  Value err = get_field(e, "errno"), msg = get_field(e, "strerror"),
        file = get_field(e, "filename");
  if (!file.is_none())
    return str_value("[Errno " + std::string(to_str(err)->view()) + "] " +
                     std::string(to_str(msg)->view()) + ": " + std::string(repr(file)->view()));
  if (!err.is_none() && !msg.is_none())
    return str_value("[Errno " + std::string(to_str(err)->view()) + "] " +
                     std::string(to_str(msg)->view()));
  return base_str(a);
}

Value attribute_error_init(Args a) {
  ExceptionObject* e = exc_self(a, "__init__", exc::AttributeError);
  e->args = positional_tuple(a, 1);
  take_keywords(a, e, {"name", "obj"});
  return Value::none();
}

Value name_error_init(Args a) {
  ExceptionObject* e = exc_self(a, "__init__", exc::NameError);
  e->args = positional_tuple(a, 1);
  take_keywords(a, e, {"name"});
  return Value::none();
}

Value import_error_init(Args a) {
  ExceptionObject* e = exc_self(a, "__init__", exc::ImportError);
  e->args = positional_tuple(a, 1);
  take_keywords(a, e, {"name", "path"});
  if (a.npos == 2) set_field(e, "msg", a[1]);
  return Value::none();
}

Value import_error_str(Args a) {
  ExceptionObject* e = exc_self(a, "__str__", exc::ImportError);
  Value msg = get_field(e, "msg");
  if (!msg.is_none()) return Value(to_str(msg));
  return base_str(a);
}

Value syntax_error_init(Args a) {
  ExceptionObject* e = exc_self(a, "__init__", exc::SyntaxError);
  if (a.nkw() > 0) raise(exc::TypeError, type_name(a[0]) + "() takes no keyword arguments");
  e->args = positional_tuple(a, 1);
  if (a.npos > 1) set_field(e, "msg", a[1]);
  if (a.npos == 3) {
    if (!isinstance(a[2], types::tuple)) raise(exc::TypeError, "SyntaxError: info must be a tuple");
    const auto& info = a[2].as<Tuple>()->items;
    if (info.size() < 4 || info.size() > 6) raise(exc::IndexError, "tuple index out of range");
    static const char* const kFields[] = {"filename", "lineno",     "offset",
                                          "text",     "end_lineno", "end_offset"};
    for (size_t i = 0; i < info.size(); ++i)
      set_field(e, kFields[i], info[i]);
  }
  return Value::none();
}

Value syntax_error_str(Args a) {
  ExceptionObject* e = exc_self(a, "__str__", exc::SyntaxError);
  Value msg = get_field(e, "msg");
  std::string text = std::string(to_str(msg)->view());
  Value file = get_field(e, "filename");
  Value line = get_field(e, "lineno");
  bool have_file = isinstance(file, types::str);
  bool have_line = line.is_intlike();
  std::string base;
  if (have_file) {
    std::string_view f = file.as<Str>()->view();
    size_t slash = f.rfind('/');
    base = std::string(slash == std::string_view::npos ? f : f.substr(slash + 1));
  }
  if (have_file && have_line)
    return str_value(text + " (" + base + ", line " + std::to_string(line.as_int()) + ")");
  if (have_file) return str_value(text + " (" + base + ")");
  if (have_line) return str_value(text + " (line " + std::to_string(line.as_int()) + ")");
  return str_value(text);
}

Value base_get_dict(Args a) { return Value(exc_self(a, "__dict__")->dict); }

Value base_set_dict(Args a) {
  ExceptionObject* e = exc_self(a, "__dict__");
  if (!isinstance(a[1], types::dict))
    raise(exc::TypeError, "__dict__ must be set to a dictionary, not a '" + type_name(a[1]) + "'");
  e->dict = Ref<Dict>::borrow(a[1].as<Dict>());
  return Value::none();
}

void class_attrs(TypeObject* t, std::initializer_list<const char*> names_) {
  for (const char* n : names_)
    t->set_attr(key(n), Value::none());
}

} // namespace

void init_exception_types() {
  TypeObject* b = exc::BaseException;
  add_new(b, base_new);
  add_method(b, "__init__", base_init);
  add_method(b, "__str__", base_str);
  add_method(b, "__repr__", base_repr);
  add_method(b, "with_traceback", base_with_traceback);
  add_method(b, "add_note", base_add_note);
  add_property(b, "args", base_get_args, base_set_args);
  add_property(b, "__traceback__", base_get_traceback, base_set_traceback);
  add_property(b, "__cause__", base_get_cause, base_set_cause);
  add_property(b, "__context__", base_get_context, base_set_context);
  add_property(b, "__suppress_context__", base_get_suppress, base_set_suppress);
  add_property(b, "__dict__", base_get_dict, base_set_dict);

  add_method(exc::StopIteration, "__init__", stop_iteration_init);
  class_attrs(exc::StopIteration, {"value"});
  add_method(exc::SystemExit, "__init__", system_exit_init);
  class_attrs(exc::SystemExit, {"code"});
  add_method(exc::KeyError, "__str__", key_error_str);

  add_new(exc::OSError, os_error_new);
  add_method(exc::OSError, "__init__", os_error_init);
  add_method(exc::OSError, "__str__", os_error_str);
  class_attrs(exc::OSError, {"errno", "strerror", "filename"});

  add_method(exc::AttributeError, "__init__", attribute_error_init);
  class_attrs(exc::AttributeError, {"name", "obj"});
  add_method(exc::NameError, "__init__", name_error_init);
  class_attrs(exc::NameError, {"name"});
  add_method(exc::ImportError, "__init__", import_error_init);
  add_method(exc::ImportError, "__str__", import_error_str);
  class_attrs(exc::ImportError, {"name", "path", "msg"});
  add_method(exc::SyntaxError, "__init__", syntax_error_init);
  add_method(exc::SyntaxError, "__str__", syntax_error_str);
  class_attrs(exc::SyntaxError, {"msg", "filename", "lineno", "offset", "text", "end_lineno",
                                 "end_offset", "print_file_and_line"});
}

} // namespace refc::lang
