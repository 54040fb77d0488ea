// The tensor layer's SymNode implemented over an Expr of a ShapeEnv: what a
// symbolic SymInt, SymFloat or SymBool holds while a trace runs.
#pragma once

#include "reference_compiler/symbolic/expr.h"
#include "reference_compiler/tensor/sym_node.h"

#include <memory>

namespace refc::symbolic {

class ShapeEnv;

tensor::SymNode make_sym_node(std::shared_ptr<ShapeEnv> env, Expr expr, tensor::SymKind kind);
// The expression and env of a node made here (null env for nodes of other kinds).
const Expr* expr_of(const tensor::SymNodeImpl& node);
ShapeEnv* env_of(const tensor::SymNodeImpl& node);

} // namespace refc::symbolic
