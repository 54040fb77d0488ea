// Small helpers the symbolic interpreter's files share: folding Python
// operations on constants, and naming values' types.
#pragma once

#include "reference_compiler/dynamo/output_graph.h"
#include "reference_compiler/dynamo/variables.h"
#include "reference_compiler/lang/abstract.h"
#include "reference_compiler/lang/errors.h"
#include "reference_compiler/lang/interpreter.h"

#include <string>

namespace refc::dynamo::translator {

// Runs a pure Python operation on constants; its error is the user's error.
template <typename F>
VarPtr fold(F&& f) {
  try {
    lang::Value v = f();
    return is_constant_value(v) ? Variable::constant(v) : Variable::object(v);
  } catch (const lang::PyError& e) {
    unsupported("Unsupported: " + lang::type_name(e.exc) + ": " + std::string(lang::to_str(e.exc)->view()));
  }
}

inline lang::TypeObject* type_of(const lang::Value& v) { return v.is_obj() ? v.as_obj()->type : v.type(); }

inline std::string str_of(const lang::Value& v) { return std::string(lang::to_str(v)->view()); }

// operator.<name> (what graphs call for Python operators).
inline lang::Value operator_function(const std::string& name) {
  static lang::Value module = lang::Value(lang::import_module("operator"));
  return lang::getattr(module, lang::intern(name));
}

} // namespace refc::dynamo::translator
