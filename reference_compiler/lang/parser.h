// The parser: a hand-written recursive-descent parser for the Python 3.11
// subset (LANGUAGE.md) producing the AST of ast.h, with CPython's node
// positions and CPython's syntax error messages and locations. Constructs
// outside the subset (async/await, match, bytes, complex literals) are
// rejected with a SyntaxError that names them.
#pragma once

#include "reference_compiler/lang/ast.h"
#include "reference_compiler/lang/syntax_error.h"

#include <string>
#include <string_view>

namespace refc::lang {

// Parses a whole file. Throws SyntaxErrorInfo (kind SyntaxError,
// IndentationError or TabError) for a malformed program; never crashes, hangs
// or exhausts the stack, whatever the input: nesting deeper than CPython's
// own limits is a SyntaxError ("too many nested parentheses", or "too
// complex"). Also reports "duplicate argument" (CPython's symbol-table check),
// but not the checks CPython leaves to its compiler ('return' outside
// function, starred assignment target, ...).
ast::Module parse_module(std::string_view source, const std::string& filename);

} // namespace refc::lang
