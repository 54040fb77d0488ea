// Variable trackers: constructors, constant folding views, and their reprs.
#include "reference_compiler/dynamo/variables.h"

#include "reference_compiler/lang/abstract.h"
#include "reference_compiler/lang/big_int.h"
#include "reference_compiler/lang/builtin_types.h"
#include "reference_compiler/lang/errors.h"
#include "reference_compiler/lang/list_object.h"
#include "reference_compiler/lang/tuple_object.h"
#include "reference_compiler/lang/type_object.h"
#include "reference_compiler/tensor/tensor_types.h"
#include "reference_compiler/torch/python_objects.h"

namespace refc::dynamo {

using lang::Value;

namespace {

VarPtr make(Variable::Kind k, SourcePtr source = nullptr) {
  auto v = std::make_shared<Variable>(k);
  v->source = std::move(source);
  return v;
}

// The kinds whose whole state is a value, a graph node or items.
VarPtr with_value(Variable::Kind k, Value value, SourcePtr source = nullptr) {
  VarPtr r = make(k, std::move(source));
  r->value = std::move(value);
  return r;
}

VarPtr with_node(Variable::Kind k, graph::Node* node, SourcePtr source) {
  VarPtr r = make(k, std::move(source));
  r->node = node;
  return r;
}

VarPtr with_items(Variable::Kind k, std::vector<VarPtr> items, SourcePtr source = nullptr) {
  VarPtr r = make(k, std::move(source));
  r->items = std::move(items);
  return r;
}

} // namespace

bool is_constant_value(const Value& v) {
  if (!v.is_obj()) return !v.is_null(); // None, bool, int, float
  if (lang::is_big_int(v)) return true;
  const lang::TypeObject* t = v.as_obj()->type;
  switch (t->layout) {
  case lang::Layout::Str:
  case lang::Layout::Ellipsis:
  case lang::Layout::NotImplemented:
  case lang::Layout::Range:
  case lang::Layout::Slice: return true;
  case lang::Layout::Tuple:
    if (t != lang::types::tuple && t != torch::size_type()) return false;
    for (const Value& item : v.as<lang::Tuple>()->items)
      if (!is_constant_value(item)) return false;
    return true;
  default: return t == tensor::dtype_type() || t == tensor::device_type() || torch::is_layout(v);
  }
}

bool Variable::is_python_constant() const {
  switch (kind) {
  case Kind::Constant: return true;
  case Kind::Tuple:
  case Kind::List:
    for (const VarPtr& item : items)
      if (!item->is_python_constant()) return false;
    return true;
  default: return false;
  }
}

Value Variable::as_python_constant() const {
  if (kind == Kind::Constant) return value;
  std::vector<Value> values;
  for (const VarPtr& item : items) values.push_back(item->as_python_constant());
  return kind == Kind::List ? Value(lang::make_list(std::move(values))) : Value(lang::make_tuple(std::move(values)));
}

tensor::Tensor Variable::example() const { return tensor::Tensor::from_value(node->example_value); }

std::string Variable::repr() const {
  switch (kind) {
  case Kind::Null: return "NullVariable()";
  case Kind::Constant:
    return "ConstantVariable(" + lang::type_name(value) + ": " + std::string(lang::repr(value)->view()) + ")";
  case Kind::Tensor: return "TensorVariable()";
  case Kind::List: return "ListVariable(length=" + std::to_string(items.size()) + ")";
  case Kind::Tuple: return "TupleVariable(length=" + std::to_string(items.size()) + ")";
  case Kind::Dict: return "ConstDictVariable()";
  case Kind::Object: {
    const lang::Layout layout = value.is_obj() ? value.as_obj()->type->layout : lang::Layout::Other;
    if (layout == lang::Layout::Module) return "PythonModuleVariable(" + std::string(lang::repr(value)->view()) + ")";
    if (layout == lang::Layout::Function) return "UserFunctionVariable()";
    if (layout == lang::Layout::NativeFunction) return "BuiltinVariable(" + std::string(lang::repr(value)->view()) + ")";
    if (layout == lang::Layout::Type) return "UserDefinedClassVariable(" + std::string(lang::repr(value)->view()) + ")";
    return "UserDefinedObjectVariable(" + lang::type_name(value) + ")";
  }
  case Kind::NestedFunction: return "NestedUserFunctionVariable()";
  case Kind::Method: return value.is_null() ? "GetAttrVariable(TensorVariable(), " + name + ")" : "UserMethodVariable()";
  case Kind::Iterator: return "ListIteratorVariable(length=" + std::to_string(items.size()) + ", index=" + std::to_string(index) + ")";
  case Kind::Cell: return "CellVariable()";
  case Kind::GradMode: return "GradModeVariable()";
  case Kind::NewObject: return "UserDefinedObjectVariable(" + value.as<lang::TypeObject>()->name + ")";
  case Kind::Lazy: return "LazyVariableTracker()";
  case Kind::LazyComputed: return "ComputedLazyConstantVariable(value=" + std::string(lang::repr(value)->view()) + ")";
  case Kind::SymNode: return "SymNodeVariable()";
  case Kind::Slice: return "SliceVariable()";
  }
  return "VariableTracker()";
}

std::string Variable::tracker_class() const {
  // Dynamo's module for each tracker class repr() names.
  static const std::pair<const char*, const char*> kModules[] = {
      {"ConstantVariable", "constant"},       {"TensorVariable", "tensor"},
      {"ListVariable", "lists"},              {"TupleVariable", "lists"},
      {"ListIteratorVariable", "lists"},      {"ConstDictVariable", "dicts"},
      {"UserFunctionVariable", "functions"},  {"NestedUserFunctionVariable", "functions"},
      {"UserMethodVariable", "functions"},    {"BuiltinVariable", "builtin"},
      {"UserDefinedClassVariable", "user_defined"}, {"UserDefinedObjectVariable", "user_defined"},
      {"GradModeVariable", "ctx_manager"},    {"SymNodeVariable", "tensor"},
      {"SliceVariable", "lists"},
  };
  const std::string r = repr();
  const std::string name = r.substr(0, r.find('('));
  std::string module = "misc";
  for (const auto& [cls, mod] : kModules)
    if (name == cls) module = mod;
  return "<class 'torch._dynamo.variables." + module + "." + name + "'>";
}

std::string Variable::python_type_name() const {
  switch (kind) {
  case Kind::Tensor: return "Tensor";
  case Kind::List: return "list";
  case Kind::Tuple: return "tuple";
  case Kind::Dict: return "dict";
  case Kind::Constant:
  case Kind::Object: return lang::type_name(value);
  case Kind::NestedFunction: return "function";
  case Kind::Method: return "method";
  case Kind::Iterator: return "list_iterator";
  case Kind::Cell: return "cell";
  case Kind::GradMode: return name;
  case Kind::NewObject: return value.as<lang::TypeObject>()->name;
  case Kind::Null: return "NoneType";
  case Kind::Lazy:
  case Kind::LazyComputed: return lang::type_name(value);
  case Kind::SymNode: return lang::type_name(node->example_value);
  case Kind::Slice: return "slice";
  }
  return "object";
}

VarPtr Variable::null() { return make(Kind::Null); }

VarPtr Variable::constant(Value v, SourcePtr source) {
  return with_value(Kind::Constant, std::move(v), std::move(source));
}

VarPtr Variable::lazy(Value v, SourcePtr source) { return with_value(Kind::Lazy, std::move(v), std::move(source)); }

VarPtr Variable::lazy_computed(int op, VarPtr a, VarPtr b, Value result) {
  VarPtr r = make(Kind::LazyComputed, nullptr);
  r->index = op;
  r->items = {std::move(a), std::move(b)};
  r->value = std::move(result);
  return r;
}

bool Variable::is_lazy_constant() const {
  if (kind == Kind::LazyComputed) return !self;
  if (kind != Kind::Lazy) return false;
  const lang::TypeObject* t = value.type();
  return t == lang::types::int_ || t == lang::types::float_ || t == lang::types::bool_ || t == lang::types::str;
}

VarPtr Variable::tensor(graph::Node* node, SourcePtr source) {
  return with_node(Kind::Tensor, node, std::move(source));
}

VarPtr Variable::sym(graph::Node* node, SourcePtr source) { return with_node(Kind::SymNode, node, std::move(source)); }

VarPtr Variable::list(std::vector<VarPtr> items, SourcePtr source) {
  return with_items(Kind::List, std::move(items), std::move(source));
}

VarPtr Variable::tuple(std::vector<VarPtr> items, SourcePtr source) {
  return with_items(Kind::Tuple, std::move(items), std::move(source));
}

VarPtr Variable::slice(std::vector<VarPtr> parts) {
  parts.resize(3, Variable::none());
  return with_items(Kind::Slice, std::move(parts));
}

VarPtr Variable::dict(std::vector<Value> keys, std::vector<VarPtr> items, SourcePtr source) {
  VarPtr r = with_items(Kind::Dict, std::move(items), std::move(source));
  r->keys = std::move(keys);
  return r;
}

VarPtr Variable::object(Value v, SourcePtr source) { return with_value(Kind::Object, std::move(v), std::move(source)); }

VarPtr Variable::method(VarPtr self, Value function) {
  VarPtr r = make(Kind::Method);
  r->self = std::move(self);
  r->value = std::move(function);
  return r;
}

VarPtr Variable::tensor_method(VarPtr self, std::string name) {
  VarPtr r = make(Kind::Method);
  r->self = std::move(self);
  r->name = std::move(name);
  return r;
}

VarPtr Variable::iterator(std::vector<VarPtr> items) { return with_items(Kind::Iterator, std::move(items)); }

VarPtr Variable::cell(VarPtr contents, int slot) {
  VarPtr r = make(Kind::Cell);
  r->self = std::move(contents);
  r->index = slot;
  return r;
}

VarPtr Variable::new_object(Value cls) { return with_value(Kind::NewObject, std::move(cls)); }

VarPtr Variable::grad_mode(std::string name, int mode, Value maker) {
  VarPtr r = make(Kind::GradMode);
  r->value = std::move(maker);
  r->name = std::move(name);
  r->index = mode;
  return r;
}

} // namespace refc::dynamo
