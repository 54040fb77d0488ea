// torch.<name>, Tensor.<name> and torch.ops.aten.* callables over the op
// registry (torch.ops.higher_order and the custom operators' namespaces are torch/_ops.py's). A function or method is a native whose bound `self` is an
// OverloadSet, so one C++ entry point serves every name.
#include "reference_compiler/torch/op_callables.h"


#include "reference_compiler/lang/abstract.h"
#include "reference_compiler/lang/builtin_types.h"
#include "reference_compiler/lang/errors.h"
#include "reference_compiler/lang/interpreter.h"
#include "reference_compiler/lang/module_builder.h"
#include "reference_compiler/lang/singletons.h"
#include "reference_compiler/lang/str_object.h"
#include "reference_compiler/lang/list_object.h"
#include "reference_compiler/ops/dispatch.h"
#include "reference_compiler/tensor/tensor_types.h"
#include "reference_compiler/torch/op_binding.h"
#include "reference_compiler/torch/python_objects.h"

#include <map>

namespace refc::torch {

using lang::Args;
using lang::Value;
using ops::OpDef;

namespace {

struct OverloadSet : lang::Object {
  OverloadSet(lang::TypeObject* t, std::string name, std::vector<const OpDef*> ops)
      : lang::Object(t), name(std::move(name)), ops(std::move(ops)) {}
  std::string name;
  std::vector<const OpDef*> ops;
};

lang::TypeObject* overload_set_type() {
  static lang::TypeObject* t = lang::make_module_type("_OverloadSet", "torch._C", lang::Layout::Other);
  return t;
}

Value call_function(Args a) {
  auto* set = a[0].as<OverloadSet>();
  return call_overloads(set->ops, CallStyle::Function, nullptr, a.drop_first(), set->name);
}

Value call_method(Args a) {
  auto* set = a[0].as<OverloadSet>();
  Args rest = a.drop_first();
  if (rest.npos == 0 || !tensor::is_tensor(rest[0]))
    lang::raise(lang::exc::TypeError, "descriptor '" + set->name + "' requires a 'torch._C.TensorBase' object");
  Value self = rest[0];
  return call_overloads(set->ops, CallStyle::Method, &self, rest.drop_first(), set->name);
}

// name -> overloads with the given variant, in declaration order.
std::map<std::string, std::vector<const OpDef*>> grouped(uint8_t variant) {
  std::map<std::string, std::vector<const OpDef*>> groups;
  for (const auto& op : ops::registry().all())
    if (op->variants & variant) groups[op->python_name].push_back(op.get());
  return groups;
}

Value make_callable(const std::string& name, std::vector<const OpDef*> ops, lang::NativeFn fn,
                    const std::string& qualname) {
  auto f = lang::make_native(name, fn, qualname);
  f->self = Value(lang::make<OverloadSet>(overload_set_type(), name, std::move(ops)));
  return Value(f);
}

// ---- torch.ops.aten ----------------------------------------------------------------

// torch.ops.aten.add (an OpOverloadPacket) and torch.ops.aten.add.Tensor (an OpOverload).
struct OpOverload : lang::Object {
  OpOverload(lang::TypeObject* t, const OpDef* op) : lang::Object(t), op(op) {}
  const OpDef* op;
};
struct OpPacket : lang::Object {
  OpPacket(lang::TypeObject* t, std::string name) : lang::Object(t), name(std::move(name)) {}
  std::string name;
};
struct AtenNamespace : lang::Object {
  using lang::Object::Object;
};
struct OpsNamespace : lang::Object {
  using lang::Object::Object;
};

lang::TypeObject* g_overload_type = nullptr;
lang::TypeObject* g_packet_type = nullptr;
lang::TypeObject* g_aten_type = nullptr;
lang::TypeObject* g_ops_type = nullptr;

Value overload_call(Args a) {
  const OpDef* op = a[0].as<OpOverload>()->op;
  const OpDef* const ops[] = {op};
  return call_overloads(ops, CallStyle::Aten, nullptr, a.drop_first(), op->schema.name);
}
Value overload_repr(Args a) {
  return lang::str_value(aten_name(*a[0].as<OpOverload>()->op));
}
// Each attribute access makes a new object, so overloads compare and hash
// by op (decomposition tables are dicts keyed by them).
Value overload_eq(Args a) {
  if (!a[1].is_obj() || a[1].as_obj()->type != g_overload_type) return lang::not_implemented();
  return Value::boolean(a[0].as<OpOverload>()->op == a[1].as<OpOverload>()->op);
}
Value overload_hash(Args a) {
  return Value::integer(static_cast<int64_t>(std::hash<std::string>{}(a[0].as<OpOverload>()->op->qualified_name) >> 1));
}
Value overload_schema(Args a) {
  return lang::str_value("aten::" + a[0].as<OpOverload>()->op->schema.str());
}

Value packet_getattr(Args a) {
  const std::string& name = a[0].as<OpPacket>()->name;
  std::string_view attr = a[1].as<lang::Str>()->view();
  std::string qualified = attr == "default" ? name : name + "." + std::string(attr);
  const OpDef* op = ops::registry().find(qualified);
  if (!op)
    lang::raise(lang::exc::AttributeError, "The underlying op of 'aten." + name + "' has no overload name '" +
                                               std::string(attr) + "'");
  return Value(lang::make<OpOverload>(g_overload_type, op));
}
Value packet_call(Args a) {
  const std::string& name = a[0].as<OpPacket>()->name;
  std::vector<const OpDef*> ops = ops::registry().overloads(name);
  return call_overloads(ops, CallStyle::Aten, nullptr, a.drop_first(), name);
}
Value packet_repr(Args a) { return lang::str_value("aten." + a[0].as<OpPacket>()->name); }
Value packet_overloads(Args a) {
  std::vector<Value> names;
  for (const OpDef* op : ops::registry().overloads(a[0].as<OpPacket>()->name))
    names.push_back(lang::str_value(op->schema.overload_name()));
  return Value(lang::make_list(std::move(names)));
}

Value aten_getattr(Args a) {
  std::string name(a[1].as<lang::Str>()->view());
  if (ops::registry().overloads(name).empty())
    lang::raise(lang::exc::AttributeError, "'_OpNamespace' 'aten' object has no attribute '" + name + "'");
  return Value(lang::make<OpPacket>(g_packet_type, name));
}

Value ops_getattr(Args a) {
  std::string_view name = a[1].as<lang::Str>()->view();
  // torch.ops.higher_order: the operators taking functions, written in Python (torch/_higher_order_ops/).
  if (name == "higher_order")
    return lang::getattr(Value(lang::import_module("torch._higher_order_ops")), lang::intern("higher_order"));
  if (name == "aten") return Value(lang::make<AtenNamespace>(g_aten_type));
  // Any other namespace holds the operators torch.library defines (torch/_ops.py's _OpNamespace).
  if (name.starts_with("__")) lang::raise(lang::exc::AttributeError, "'_Ops' object has no attribute '" + std::string(name) + "'");
  return lang::call(lang::getattr(Value(lang::import_module("torch._ops")), lang::intern("_namespace")),
                    {lang::str_value(std::string(name))});
}

} // namespace

void add_op_functions(lang::Module* module) {
  for (auto& [name, ops] : grouped(ops::kFunction))
    module->dict->set(lang::intern(name), make_callable(name, std::move(ops), call_function, name));
}

void add_op_methods(lang::TypeObject* tensor_type) {
  for (auto& [name, ops] : grouped(ops::kMethod)) {
    Value f = make_callable(name, std::move(ops), call_method, "Tensor." + name);
    f.as<lang::NativeFunction>()->flags |= lang::NativeFunction::kMethod;
    tensor_type->set_attr(lang::intern(name), f);
  }
}

Value make_ops_namespace() {
  if (!g_ops_type) {
    g_overload_type = lang::make_module_type("OpOverload", "torch._ops", lang::Layout::Other);
    lang::add_method(g_overload_type, "__call__", overload_call);
    lang::add_method(g_overload_type, "__repr__", overload_repr);
    lang::add_method(g_overload_type, "__eq__", overload_eq);
    lang::add_method(g_overload_type, "__hash__", overload_hash);
    lang::add_getter(g_overload_type, "_schema", overload_schema);
    g_packet_type = lang::make_module_type("OpOverloadPacket", "torch._ops", lang::Layout::Other);
    lang::add_method(g_packet_type, "__getattr__", packet_getattr);
    lang::add_method(g_packet_type, "__call__", packet_call);
    lang::add_method(g_packet_type, "__repr__", packet_repr);
    lang::add_method(g_packet_type, "overloads", packet_overloads);
    g_aten_type = lang::make_module_type("_OpNamespace", "torch._ops", lang::Layout::Other);
    lang::add_method(g_aten_type, "__getattr__", aten_getattr);
    g_ops_type = lang::make_module_type("_Ops", "torch._ops", lang::Layout::Other);
    lang::add_method(g_ops_type, "__getattr__", ops_getattr);
  }
  return Value(lang::make<OpsNamespace>(g_ops_type));
}

Value aten_overload(const OpDef& op) {
  if (!g_overload_type) make_ops_namespace();
  return Value(lang::make<OpOverload>(g_overload_type, &op));
}

std::string aten_name(const OpDef& op) { return "aten." + op.schema.name + "." + op.schema.overload_name(); }
std::string aten_target(const OpDef& op) { return "torch.ops." + aten_name(op); }

const OpDef* aten_op_of(const Value& callable) {
  if (!g_overload_type || !callable.is_obj() || callable.as_obj()->type != g_overload_type) return nullptr;
  return callable.as<OpOverload>()->op;
}

} // namespace refc::torch
