// Future statements (future_features.h), as CPython 3.11's Python/future.c.
#include "reference_compiler/lang/future_features.h"

#include "reference_compiler/lang/compile_error.h"

#include <string_view>

namespace refc::lang {

namespace {

// Features that are part of the language in 3.11 (or, barry_as_FLUFL, an
// easter egg): importing them changes nothing.
constexpr std::string_view kAcceptedFeatures[] = {
    "nested_scopes",   "generators",       "division",       "absolute_import", "with_statement",
    "print_function",  "unicode_literals", "barry_as_FLUFL", "generator_stop"};

bool is_docstring(const ast::Stmt& s) {
  if (s.kind != ast::StmtKind::Expr) return false;
  const ast::Expr& e = *ast::as<ast::Expr_>(s).value;
  return e.kind == ast::ExprKind::Constant &&
         std::holds_alternative<std::string>(ast::as<ast::Constant>(e).value);
}

void read_statement(const ast::ImportFrom& s, FutureFeatures& features) {
  ast::Span where{s.span.lineno, s.span.col_offset, s.span.lineno, s.span.col_offset + 1};
  for (const ast::alias& a : s.names) {
    if (a.name == "annotations") {
      features.annotations = true;
      continue;
    }
    bool accepted = false;
    for (std::string_view f : kAcceptedFeatures) accepted = accepted || a.name == f;
    if (accepted) continue;
    if (a.name == "braces") throw CompileError{"not a chance", where};
    throw CompileError{"future feature " + a.name.substr(0, 100) + " is not defined", where};
  }
}

} // namespace

FutureFeatures read_future_features(const ast::StmtList& module_body) {
  FutureFeatures features;
  size_t i = !module_body.empty() && is_docstring(*module_body[0]) ? 1 : 0;
  for (; i < module_body.size(); ++i) {
    const ast::Stmt& s = *module_body[i];
    if (s.kind != ast::StmtKind::ImportFrom) break;
    const auto& from = ast::as<ast::ImportFrom>(s);
    if (from.level != 0 || from.module != "__future__") break;
    read_statement(from, features);
    features.last_lineno = s.span.lineno;
  }
  return features;
}

} // namespace refc::lang
