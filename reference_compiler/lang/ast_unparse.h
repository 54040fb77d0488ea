// The annotation unparser: an expression's source text as CPython 3.11's
// compiler writes it back (Python/ast_unparse.c) when `from __future__
// import annotations` makes annotations strings: minimal parentheses from
// operator precedence, ", " between items, constants by their repr.
#pragma once

#include "reference_compiler/lang/ast.h"

#include <functional>
#include <string>

namespace refc::lang {

// The repr() of a constant's value ('a', 1.5, None, ...).
using ConstantRepr = std::function<std::string(const ast::ConstantValue&)>;

// The text CPython stores for annotation `e` (_PyAST_ExprAsUnicode).
std::string unparse_annotation(const ast::Expr& e, const ConstantRepr& constant_repr);

} // namespace refc::lang
