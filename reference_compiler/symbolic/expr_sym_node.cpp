// SymNode over an Expr: arithmetic builds expressions (never guards);
// asking for a concrete value goes to the ShapeEnv, which guards.
#include "reference_compiler/symbolic/expr_sym_node.h"

#include "reference_compiler/symbolic/shape_env.h"

#include <stdexcept>

namespace refc::symbolic {

namespace {

using tensor::SymKind;
using tensor::SymOp;

class ExprNode final : public tensor::SymNodeImpl {
public:
  ExprNode(std::shared_ptr<ShapeEnv> env, Expr expr, SymKind kind)
      : tensor::SymNodeImpl(tensor::sym_type(kind), kind), env(std::move(env)), expr(std::move(expr)) {}

  std::shared_ptr<ShapeEnv> env;
  Expr expr;

  tensor::SymNode binary(SymOp op, const tensor::SymNodeImpl& other) const override {
    const Expr* o = expr_of(other);
    if (!o) throw std::logic_error("SymNode: operand from another kind of node");
    const bool floating = kind == SymKind::Float || other.kind == SymKind::Float;
    // Python's promotion (sym_node.py: promote2): an int operand of a float
    // operation becomes a float (zf0 * 2 is 2.0*zf0, s0 * 0.5 is 0.5*ToFloat(s0)).
    const bool promote = floating && op != SymOp::And && op != SymOp::Or;
    const Expr a = promote && kind != SymKind::Float ? to_float(expr) : expr;
    const Expr b = promote && other.kind != SymKind::Float ? to_float(*o) : *o;
    const SymKind arith = floating ? SymKind::Float : SymKind::Int;
    switch (op) {
    case SymOp::Add: return make(a + b, arith);
    case SymOp::Sub: return make(a - b, arith);
    case SymOp::Mul: return make(a * b, arith);
    case SymOp::FloorDiv: return make(floordiv(a, b), arith);
    case SymOp::Mod: return make(mod(a, b), arith);
    case SymOp::TrueDiv: return make(truediv(a, b), SymKind::Float);
    case SymOp::Pow: return make(pow_by_natural(a, b), arith);
    case SymOp::Max: return make(max(a, b), arith);
    case SymOp::Min: return make(min(a, b), arith);
    case SymOp::Eq: return make(eq(a, b), SymKind::Bool);
    case SymOp::Ne: return make(ne(a, b), SymKind::Bool);
    case SymOp::Lt: return make(lt(a, b), SymKind::Bool);
    case SymOp::Le: return make(le(a, b), SymKind::Bool);
    case SymOp::Gt: return make(gt(a, b), SymKind::Bool);
    case SymOp::Ge: return make(ge(a, b), SymKind::Bool);
    case SymOp::And: return make(logical_and(a, b), SymKind::Bool);
    case SymOp::Or: return make(logical_or(a, b), SymKind::Bool);
    }
    throw std::logic_error("SymNode: unknown operation");
  }

  tensor::SymNode unary(tensor::SymUnaryOp op) const override {
    switch (op) {
    case tensor::SymUnaryOp::Neg: return make(-expr, kind);
    case tensor::SymUnaryOp::Not: return make(logical_not(expr), SymKind::Bool);
    case tensor::SymUnaryOp::ToFloat: return make(to_float(expr), SymKind::Float);
    case tensor::SymUnaryOp::Floor: return make(floordiv(expr, Expr(1)), SymKind::Int);
    case tensor::SymUnaryOp::Ceil: return make(ceildiv(expr, Expr(1)), SymKind::Int);
    }
    throw std::logic_error("SymNode: unknown operation");
  }

  tensor::SymNode constant_int(int64_t v) const override { return make(Expr(v), SymKind::Int); }
  tensor::SymNode constant_float(double v) const override { return make(Expr::real(v), SymKind::Float); }

  std::optional<int64_t> maybe_int() const override { return env->static_int(expr); }
  std::optional<bool> maybe_bool() const override { return env->static_bool(expr); }
  int64_t int_hint() const override { return env->int_hint(expr).value_or(0); }
  double float_hint() const override { return env->float_hint(expr).value_or(0.0); }
  bool bool_hint() const override { return env->int_hint(expr).value_or(0) != 0; }

  int64_t guard_int() override { return env->guard_int(expr); }
  double guard_float() override { return env->guard_float(expr); }
  bool guard_bool() override { return env->guard_bool(expr); }
  bool guard_size_oblivious() override { return env->guard_bool(expr, true); }
  bool guard_or(bool fallback) override { return env->guard_or(expr, fallback); }

  // As it stands now: a specialized symbol prints as its value.
  std::string str() const override { return env->apply_replacements(expr).str(); }

private:
  tensor::SymNode make(Expr e, SymKind k) const { return make_sym_node(env, std::move(e), k); }
};

} // namespace

tensor::SymNode make_sym_node(std::shared_ptr<ShapeEnv> env, Expr expr, SymKind kind) {
  return tensor::SymNode::steal(new ExprNode(std::move(env), std::move(expr), kind));
}

const Expr* expr_of(const tensor::SymNodeImpl& node) {
  const auto* n = dynamic_cast<const ExprNode*>(&node);
  return n ? &n->expr : nullptr;
}

ShapeEnv* env_of(const tensor::SymNodeImpl& node) {
  const auto* n = dynamic_cast<const ExprNode*>(&node);
  return n ? n->env.get() : nullptr;
}

} // namespace refc::symbolic
