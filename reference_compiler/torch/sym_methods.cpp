// The dunder methods of torch.SymInt / SymFloat / SymBool over the tensor
// layer's SymNode interface.
#include "reference_compiler/torch/sym_methods.h"

#include "reference_compiler/lang/builtin_types.h"
#include "reference_compiler/lang/errors.h"
#include "reference_compiler/lang/native_function.h"
#include "reference_compiler/lang/singletons.h"
#include "reference_compiler/lang/str_object.h"
#include "reference_compiler/tensor/sym_int.h"

#include <optional>

namespace refc::torch {

namespace {

using lang::Args;
using lang::Value;
using tensor::SymKind;
using tensor::SymNode;
using tensor::SymNodeImpl;
using tensor::SymOp;

SymNodeImpl& self_node(const Args& a) { return *tensor::as_sym_node(a[0]); }

// The other operand as a node of self's env; nullopt for what is not a number.
std::optional<SymNode> operand(const Value& v, const SymNodeImpl& like) {
  if (SymNodeImpl* n = tensor::as_sym_node(v)) return SymNode::borrow(n);
  if (v.is_bool()) return like.constant_int(v.as_bool() ? 1 : 0);
  if (v.is_int()) return like.constant_int(v.as_int());
  if (v.is_float()) return like.constant_float(v.as_float());
  return std::nullopt;
}

// A result the ShapeEnv knows to be a constant is a plain Python number.
Value result(SymNode n) {
  switch (n->kind) {
  case SymKind::Int:
    if (auto v = n->maybe_int()) return Value::integer(*v);
    break;
  case SymKind::Bool:
    if (auto v = n->maybe_bool()) return Value::boolean(*v);
    break;
  case SymKind::Float: break;
  }
  return Value(std::move(n));
}

template <SymOp Op, bool Reflected> Value binary(Args a) {
  lang::check_arity(a, "sym binary op", 2, 2);
  SymNodeImpl& self = self_node(a);
  std::optional<SymNode> other = operand(a[1], self);
  if (!other) return lang::not_implemented();
  return Reflected ? result((*other)->binary(Op, self)) : result(self.binary(Op, **other));
}

template <tensor::SymUnaryOp Op> Value unary(Args a) {
  lang::check_arity(a, "sym unary op", 1, 1);
  return result(self_node(a).unary(Op));
}

Value sym_bool(Args a) {
  SymNodeImpl& n = self_node(a);
  if (n.kind == SymKind::Bool) return Value::boolean(n.guard_bool());
  if (n.kind == SymKind::Int) return Value::boolean(n.guard_int() != 0);
  return Value::boolean(n.guard_float() != 0.0);
}

Value sym_int(Args a) {
  SymNodeImpl& n = self_node(a);
  if (n.kind == SymKind::Float) return Value::integer(static_cast<int64_t>(n.guard_float()));
  if (n.kind == SymKind::Bool) return Value::integer(n.guard_bool() ? 1 : 0);
  return Value::integer(n.guard_int());
}

Value sym_float(Args a) {
  SymNodeImpl& n = self_node(a);
  if (n.kind == SymKind::Float) return Value::floating(n.guard_float());
  return Value::floating(static_cast<double>(n.kind == SymKind::Bool ? n.guard_bool() : n.guard_int()));
}

Value sym_str(Args a) { return lang::str_value(self_node(a).str()); }

Value sym_hash(Args a) {
  SymNodeImpl& n = self_node(a);
  if (n.kind == SymKind::Float) lang::raise(lang::exc::TypeError, "unhashable type: non-nested SymNode");
  return Value::integer(n.kind == SymKind::Bool ? n.guard_bool() : n.guard_int());
}

void add_arithmetic(lang::TypeObject* t) {
  lang::add_method(t, "__add__", binary<SymOp::Add, false>);
  lang::add_method(t, "__radd__", binary<SymOp::Add, true>);
  lang::add_method(t, "__sub__", binary<SymOp::Sub, false>);
  lang::add_method(t, "__rsub__", binary<SymOp::Sub, true>);
  lang::add_method(t, "__mul__", binary<SymOp::Mul, false>);
  lang::add_method(t, "__rmul__", binary<SymOp::Mul, true>);
  lang::add_method(t, "__floordiv__", binary<SymOp::FloorDiv, false>);
  lang::add_method(t, "__rfloordiv__", binary<SymOp::FloorDiv, true>);
  lang::add_method(t, "__mod__", binary<SymOp::Mod, false>);
  lang::add_method(t, "__rmod__", binary<SymOp::Mod, true>);
  lang::add_method(t, "__truediv__", binary<SymOp::TrueDiv, false>);
  lang::add_method(t, "__rtruediv__", binary<SymOp::TrueDiv, true>);
  lang::add_method(t, "__pow__", binary<SymOp::Pow, false>);
  lang::add_method(t, "__neg__", unary<tensor::SymUnaryOp::Neg>);
  lang::add_method(t, "__eq__", binary<SymOp::Eq, false>);
  lang::add_method(t, "__ne__", binary<SymOp::Ne, false>);
  lang::add_method(t, "__lt__", binary<SymOp::Lt, false>);
  lang::add_method(t, "__le__", binary<SymOp::Le, false>);
  lang::add_method(t, "__gt__", binary<SymOp::Gt, false>);
  lang::add_method(t, "__ge__", binary<SymOp::Ge, false>);
  lang::add_method(t, "__sym_max__", binary<SymOp::Max, false>);
  lang::add_method(t, "__sym_min__", binary<SymOp::Min, false>);
}

} // namespace

void init_sym_methods() {
  for (lang::TypeObject* t : {tensor::sym_int_type(), tensor::sym_float_type(), tensor::sym_bool_type()}) {
    lang::add_method(t, "__bool__", sym_bool);
    lang::add_method(t, "__int__", sym_int);
    lang::add_method(t, "__float__", sym_float);
    lang::add_method(t, "__repr__", sym_str);
    lang::add_method(t, "__str__", sym_str);
    lang::add_method(t, "__hash__", sym_hash);
  }
  add_arithmetic(tensor::sym_int_type());
  add_arithmetic(tensor::sym_float_type());
  lang::add_method(tensor::sym_int_type(), "__index__", sym_int);
  lang::add_method(tensor::sym_bool_type(), "__and__", binary<SymOp::And, false>);
  lang::add_method(tensor::sym_bool_type(), "__or__", binary<SymOp::Or, false>);
  lang::add_method(tensor::sym_bool_type(), "__invert__", unary<tensor::SymUnaryOp::Not>);
}

} // namespace refc::torch
