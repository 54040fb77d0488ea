// Function and Cell objects and the Python-visible attributes of functions,
// built-in functions and cells: __name__/__qualname__/__doc__/__module__,
// __defaults__, __kwdefaults__, __code__, __globals__, __closure__, __dict__
// (arbitrary attributes, which functools.wraps sets), __annotations__,
// __get__ (binding to a method) and the reprs "<function f at 0x...>",
// "<built-in function len>", "<method 'append' of 'list' objects>".
#include "reference_compiler/lang/function_object.h"

#include "reference_compiler/lang/abstract.h"
#include "reference_compiler/lang/builtin_types.h"
#include "reference_compiler/lang/code_object.h"
#include "reference_compiler/lang/descriptor_objects.h"
#include "reference_compiler/lang/errors.h"
#include "reference_compiler/lang/interpreter.h"
#include "reference_compiler/lang/module_object.h"
#include "reference_compiler/lang/native_function.h"
#include "reference_compiler/lang/type_initializers.h"

#include <cstdio>

namespace refc::lang {

Cell::Cell() : TrackedObject(types::cell) {}
Cell::Cell(Value v) : TrackedObject(types::cell), value(std::move(v)) {}
void Cell::traverse(ReferenceVisitor& visit) { visit(value); }
void Cell::clear_references() { Value dropped = std::move(value); }

Function::Function(Ref<CodeObject> code_, Ref<Dict> globals_)
    : TrackedObject(types::function), code(std::move(code_)), globals(std::move(globals_)) {
  name = Value::borrow(intern(code->name));
  qualname = Value::borrow(intern(code->qualname.empty() ? code->name : code->qualname));
  doc = code->docstring();
  Value module_name = globals->get(names::__name__);
  module = module_name.is_null() ? Value::none() : module_name;
  // __builtins__ in the globals (a module or its dict), else the interpreter's.
  Value b = globals->get(names::__builtins__);
  if (b.is_obj() && b.as_obj()->type == types::module)
    builtins = b.as<Module>()->dict;
  else if (b.is_obj() && b.as_obj()->type == types::dict)
    builtins = Ref<Dict>::borrow(b.as<Dict>());
  else
    builtins = interp().builtins;
}

void Function::traverse(ReferenceVisitor& visit) {
  visit(globals);
  visit(builtins);
  visit(defaults);
  visit(kwdefaults);
  visit(closure);
  visit(annotations);
  visit(doc);
  visit(dict);
}
void Function::clear_references() {
  Ref<Dict> dropped_globals = std::move(globals), dropped_builtins = std::move(builtins);
  Ref<Tuple> dropped_defaults = std::move(defaults), dropped_closure = std::move(closure);
  Ref<Dict> dropped_kwdefaults = std::move(kwdefaults), dropped_annotations = std::move(annotations);
  Ref<Dict> dropped_dict = std::move(dict);
  Value dropped_doc = std::move(doc);
}

namespace {

std::string address(const void* p) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%p", p);
  return buf;
}

Function* fn_self(const Args& a, const char* name) {
  check_self(a, types::function, name);
  return a[0].as<Function>();
}

Value function_repr(Args a) {
  Function* f = fn_self(a, "__repr__");
  std::string q =
      isinstance(f->qualname, types::str) ? std::string(f->qualname.as<Str>()->view()) : "?";
  return str_value("<function " + q + " at " + address(f) + ">");
}

Value function_get(Args a) {
  fn_self(a, "__get__");
  check_arity(a, "__get__", 2, 3);
  if (a[1].is_none()) return a[0];
  return Value(make<BoundMethod>(a[0], a[1]));
}

Value function_call(Args a) {
  fn_self(a, "__call__");
  return call_function(a[0].as<Function>(), a.drop_first());
}

Value get_name(Args a) { return fn_self(a, "__name__")->name; }
Value set_name(Args a) {
  Function* f = fn_self(a, "__name__");
  if (!isinstance(a[1], types::str))
    raise(exc::TypeError, "__name__ must be set to a string object");
  f->name = a[1];
  return Value::none();
}
Value get_qualname(Args a) { return fn_self(a, "__qualname__")->qualname; }
Value set_qualname(Args a) {
  Function* f = fn_self(a, "__qualname__");
  if (!isinstance(a[1], types::str))
    raise(exc::TypeError, "__qualname__ must be set to a string object");
  f->qualname = a[1];
  return Value::none();
}
Value get_doc(Args a) { return fn_self(a, "__doc__")->doc; }
Value set_doc(Args a) {
  fn_self(a, "__doc__")->doc = a[1];
  return Value::none();
}
Value get_module(Args a) { return fn_self(a, "__module__")->module; }
Value set_module(Args a) {
  fn_self(a, "__module__")->module = a[1];
  return Value::none();
}
Value get_defaults(Args a) {
  Function* f = fn_self(a, "__defaults__");
  return f->defaults ? Value(f->defaults) : Value::none();
}
Value set_defaults(Args a) {
  Function* f = fn_self(a, "__defaults__");
  if (a[1].is_none())
    f->defaults = nullptr;
  else if (isinstance(a[1], types::tuple))
    f->defaults = Ref<Tuple>::borrow(a[1].as<Tuple>());
  else
    raise(exc::TypeError, "__defaults__ must be set to a tuple object");
  return Value::none();
}
Value get_kwdefaults(Args a) {
  Function* f = fn_self(a, "__kwdefaults__");
  return f->kwdefaults ? Value(f->kwdefaults) : Value::none();
}
Value set_kwdefaults(Args a) {
  Function* f = fn_self(a, "__kwdefaults__");
  if (a[1].is_none())
    f->kwdefaults = nullptr;
  else if (isinstance(a[1], types::dict))
    f->kwdefaults = Ref<Dict>::borrow(a[1].as<Dict>());
  else
    raise(exc::TypeError, "__kwdefaults__ must be set to a dict object");
  return Value::none();
}
Value get_code(Args a) { return Value(fn_self(a, "__code__")->code); }
Value set_code(Args a) {
  Function* f = fn_self(a, "__code__");
  if (!isinstance(a[1], types::code))
    raise(exc::TypeError, "__code__ must be set to a code object");
  auto* c = a[1].as<CodeObject>();
  size_t nfree = f->closure ? f->closure->items.size() : 0;
  if (static_cast<size_t>(c->nfrees()) != nfree)
    raise(exc::ValueError, std::string(f->name.as<Str>()->view()) +
                               "() requires a code object with " + std::to_string(nfree) +
                               " free vars, not " + std::to_string(c->nfrees()));
  f->code = Ref<CodeObject>::borrow(c);
  return Value::none();
}
Value get_globals(Args a) { return Value(fn_self(a, "__globals__")->globals); }
Value get_builtins(Args a) {
  Function* f = fn_self(a, "__builtins__");
  return f->builtins ? Value(f->builtins) : Value::none();
}
Value get_closure(Args a) {
  Function* f = fn_self(a, "__closure__");
  return f->closure ? Value(f->closure) : Value::none();
}
Value get_dict(Args a) {
  Function* f = fn_self(a, "__dict__");
  if (!f->dict) f->dict = make_dict();
  return Value(f->dict);
}
Value set_dict(Args a) {
  Function* f = fn_self(a, "__dict__");
  if (!isinstance(a[1], types::dict))
    raise(exc::TypeError, "setting function's dictionary to a non-dict");
  f->dict = Ref<Dict>::borrow(a[1].as<Dict>());
  return Value::none();
}
Value get_annotations(Args a) {
  Function* f = fn_self(a, "__annotations__");
  if (!f->annotations) f->annotations = make_dict();
  return Value(f->annotations);
}
Value set_annotations(Args a) {
  Function* f = fn_self(a, "__annotations__");
  if (a[1].is_none())
    f->annotations = nullptr;
  else if (isinstance(a[1], types::dict))
    f->annotations = Ref<Dict>::borrow(a[1].as<Dict>());
  else
    raise(exc::TypeError, "__annotations__ must be set to a dict object");
  return Value::none();
}

// ---- builtin_function_or_method ---------------------------------------------------

NativeFunction* native_self(const Args& a, const char* name) {
  check_self(a, types::builtin_function, name);
  return a[0].as<NativeFunction>();
}

Value native_repr(Args a) {
  NativeFunction* f = native_self(a, "__repr__");
  if (!f->self.is_null())
    return str_value("<built-in method " + f->name + " of " + type_name(f->self) + " object at " +
                     address(f->self.is_obj() ? f->self.as_obj() : nullptr) + ">");
  if (f->flags & NativeFunction::kMethod) {
    std::string owner = f->qualname.substr(0, f->qualname.rfind('.'));
    return str_value("<method '" + f->name + "' of '" + owner + "' objects>");
  }
  return str_value("<built-in function " + f->name + ">");
}

Value native_call(Args a) {
  native_self(a, "__call__");
  return call(a[0], a.drop_first());
}

Value native_get(Args a) {
  NativeFunction* f = native_self(a, "__get__");
  check_arity(a, "__get__", 2, 3);
  if (a[1].is_none() || !(f->flags & NativeFunction::kMethod)) return a[0];
  return Value(make<BoundMethod>(a[0], a[1]));
}

Value native_name(Args a) { return str_value(native_self(a, "__name__")->name); }
Value native_qualname(Args a) { return str_value(native_self(a, "__qualname__")->qualname); }
Value native_doc(Args a) {
  native_self(a, "__doc__");
  return Value::none();
}
Value native_self_attr(Args a) {
  NativeFunction* f = native_self(a, "__self__");
  return f->self.is_null() ? Value::none() : f->self;
}

// ---- cell ---------------------------------------------------------------------------

Cell* cell_self(const Args& a, const char* name) {
  check_self(a, types::cell, name);
  return a[0].as<Cell>();
}

Value cell_new(Args a) {
  check_self(a, types::type, "__new__");
  check_arity(a.drop_first(), "cell", 0, 1);
  return a.npos > 1 ? Value(make<Cell>(a[1])) : Value(make<Cell>());
}

Value cell_get_contents(Args a) {
  Cell* c = cell_self(a, "cell_contents");
  if (c->value.is_null()) raise(exc::ValueError, "Cell is empty");
  return c->value;
}

Value cell_set_contents(Args a) {
  cell_self(a, "cell_contents")->value = a[1];
  return Value::none();
}

Value cell_repr(Args a) {
  Cell* c = cell_self(a, "__repr__");
  if (c->value.is_null()) return str_value("<cell at " + address(c) + ": empty>");
  return str_value("<cell at " + address(c) + ": " + type_name(c->value) + " object at " +
                   address(c->value.is_obj() ? c->value.as_obj() : nullptr) + ">");
}

} // namespace

void init_function_types() {
  TypeObject* f = types::function;
  add_method(f, "__repr__", function_repr);
  add_method(f, "__get__", function_get);
  add_method(f, "__call__", function_call);
  add_property(f, "__name__", get_name, set_name);
  add_property(f, "__qualname__", get_qualname, set_qualname);
  add_property(f, "__doc__", get_doc, set_doc);
  add_property(f, "__module__", get_module, set_module);
  add_property(f, "__defaults__", get_defaults, set_defaults);
  add_property(f, "__kwdefaults__", get_kwdefaults, set_kwdefaults);
  add_property(f, "__code__", get_code, set_code);
  add_getter(f, "__globals__", get_globals);
  add_getter(f, "__builtins__", get_builtins);
  add_getter(f, "__closure__", get_closure);
  add_property(f, "__dict__", get_dict, set_dict);
  add_property(f, "__annotations__", get_annotations, set_annotations);

  TypeObject* n = types::builtin_function;
  add_method(n, "__repr__", native_repr);
  add_method(n, "__call__", native_call);
  add_method(n, "__get__", native_get);
  add_getter(n, "__name__", native_name);
  add_getter(n, "__qualname__", native_qualname);
  add_getter(n, "__doc__", native_doc);
  add_getter(n, "__self__", native_self_attr);
}

void init_cell_type() {
  TypeObject* c = types::cell;
  add_new(c, cell_new);
  add_method(c, "__repr__", cell_repr);
  add_property(c, "cell_contents", cell_get_contents, cell_set_contents);
}

} // namespace refc::lang
