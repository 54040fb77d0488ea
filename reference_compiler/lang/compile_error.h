// CompileError: a SyntaxError found after parsing (by the symbol table or the
// compiler), with the offending node's span, so it can be reported exactly as
// CPython reports it (file, line, caret range, message).
#pragma once

#include "reference_compiler/lang/ast.h"

#include <string>

namespace refc::lang {

struct CompileError {
  std::string message; // "'return' outside function"
  ast::Span span;      // where CPython points the caret
};

} // namespace refc::lang
