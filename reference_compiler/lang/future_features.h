// Future statements: the `from __future__ import ...` lines at the top of a
// module (after its docstring) that change how the module is compiled, read
// as CPython 3.11's Python/future.c reads them. Of the features, only
// `annotations` (PEP 563: annotations are stored as strings) changes what
// refc compiles; the others are accepted as the no-ops they are in 3.11.
#pragma once

#include "reference_compiler/lang/ast.h"

namespace refc::lang {

struct FutureFeatures {
  bool annotations = false;
  // The line of the last future statement, -1 when there is none: a
  // `from __future__ import` on a later line is a SyntaxError.
  int last_lineno = -1;
};

// The features a module's future statements enable. Throws CompileError
// ("future feature X is not defined", "not a chance").
FutureFeatures read_future_features(const ast::StmtList& module_body);

} // namespace refc::lang
