// dump(): the text CPython 3.11's `ast.dump(tree)` prints for the same
// program, field for field (None-valued optional fields omitted, reprs of
// constants as Python writes them). Parser tests compare it with CPython's
// output, so it is the parser's oracle; it also helps debugging.
#pragma once

#include "reference_compiler/lang/ast.h"

#include <string>
#include <string_view>

namespace refc::lang::ast {

// ast.dump(tree, include_attributes=include_attributes).
std::string dump(const Module& module, bool include_attributes = false);
std::string dump(const Expr& expr, bool include_attributes = false);
std::string dump(const Stmt& stmt, bool include_attributes = false);

// Python's repr() of a str given as UTF-8 (lone surrogates encoded as
// three-byte sequences, as the parser stores them) and of a float.
std::string python_str_repr(std::string_view utf8);
std::string python_float_repr(double value);

} // namespace refc::lang::ast
