// The bytecode compiler's entry point: a parsed module in, its CodeObject out
// (nested functions, classes and comprehensions become constants holding their
// own code objects). Code generation mirrors CPython 3.11's compile.c, with
// explicit block-setup instructions instead of an exception table.
#pragma once

#include "reference_compiler/lang/ast.h"
#include "reference_compiler/lang/code_object.h"
#include "reference_compiler/lang/compile_error.h"
#include "reference_compiler/lang/syntax_error.h"

#include <string>
#include <string_view>

namespace refc::lang {

// Compiles `module` (from file `filename`) to the code of its module body.
// Throws CompileError for the SyntaxErrors CPython reports after parsing
// ("'return' outside function", "no binding for nonlocal 'x' found", ...).
Ref<CodeObject> compile_module(const ast::Module& module, const std::string& filename);

// Parses and compiles a whole file. Throws SyntaxErrorInfo for any syntax
// error, from the parser or the compiler (positioned as CPython reports it).
Ref<CodeObject> compile_source(std::string_view source, const std::string& filename);

} // namespace refc::lang
