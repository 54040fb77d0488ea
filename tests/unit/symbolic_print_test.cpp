// Tests of symbolic expression construction and printing against sympy: each
// recipe in symbolic_print_data.inc (written by symbolic_print_data.py with
// PyTorch 2.14's sympy functions) is rebuilt with Expr's API and must print
// exactly as sympy's str() printed the expression PyTorch built.
#include "reference_compiler/symbolic/expr.h"

#include <gtest/gtest.h>

#include <functional>
#include <map>
#include <sstream>
#include <string>
#include <vector>

namespace refc::symbolic {
namespace {

struct PrintCase {
  const char* recipe;
  const char* printed;
  const char* printed_with_sources; // each symbol printed as L['s0'].size()[0]
};

const std::vector<PrintCase>& cases() {
  static const std::vector<PrintCase> all = {
#include "symbolic_print_data.inc"
  };
  return all;
}

// The recipe's operations, named as symbolic_print_data.py names them.
struct Operation {
  int arity;
  std::function<Expr(const std::vector<Expr>&)> build;
};

const std::map<std::string, Operation>& operations() {
  using V = std::vector<Expr>;
  static const std::map<std::string, Operation> ops = {
      {"add", {2, [](const V& a) { return a[0] + a[1]; }}},
      {"sub", {2, [](const V& a) { return a[0] - a[1]; }}},
      {"mul", {2, [](const V& a) { return a[0] * a[1]; }}},
      {"neg", {1, [](const V& a) { return -a[0]; }}},
      {"pow", {2, [](const V& a) { return pow_by_natural(a[0], a[1]); }}},
      {"floordiv", {2, [](const V& a) { return floordiv(a[0], a[1]); }}},
      {"mod", {2, [](const V& a) { return mod(a[0], a[1]); }}},
      {"ceildiv", {2, [](const V& a) { return ceildiv(a[0], a[1]); }}},
      {"modular_indexing", {3, [](const V& a) { return modular_indexing(a[0], a[1], a[2]); }}},
      {"max", {2, [](const V& a) { return max(a[0], a[1]); }}},
      {"min", {2, [](const V& a) { return min(a[0], a[1]); }}},
      {"truediv", {2, [](const V& a) { return truediv(a[0], a[1]); }}},
      {"eq", {2, [](const V& a) { return eq(a[0], a[1]); }}},
      {"ne", {2, [](const V& a) { return ne(a[0], a[1]); }}},
      {"lt", {2, [](const V& a) { return lt(a[0], a[1]); }}},
      {"le", {2, [](const V& a) { return le(a[0], a[1]); }}},
      {"gt", {2, [](const V& a) { return gt(a[0], a[1]); }}},
      {"ge", {2, [](const V& a) { return ge(a[0], a[1]); }}},
      {"and", {2, [](const V& a) { return logical_and(a[0], a[1]); }}},
      {"or", {2, [](const V& a) { return logical_or(a[0], a[1]); }}},
      {"not", {1, [](const V& a) { return logical_not(a[0]); }}},
  };
  return ops;
}

Expr build(std::istringstream& tokens) {
  std::string op;
  tokens >> op;
  if (op == "int") {
    int64_t v;
    tokens >> v;
    return Expr(v);
  }
  if (op == "true") return Expr::boolean(true);
  if (op == "false") return Expr::boolean(false);
  if (op == "sym" || op == "int_sym" || op == "real_sym") {
    std::string name;
    tokens >> name;
    if (op == "sym") return Expr::positive_symbol(name);
    if (op == "int_sym") return Expr::symbol(name);
    return Expr::real_symbol(name);
  }
  auto it = operations().find(op);
  if (it == operations().end()) throw std::runtime_error("unknown recipe operation " + op);
  std::vector<Expr> args;
  for (int i = 0; i < it->second.arity; ++i) args.push_back(build(tokens));
  return it->second.build(args);
}

Expr build(const std::string& recipe) {
  std::istringstream tokens(recipe);
  return build(tokens);
}

std::string source_of(std::string_view symbol) { return "L['" + std::string(symbol) + "'].size()[0]"; }

TEST(SymbolicPrint, RecipesPrintAsSympy) {
  ASSERT_GT(cases().size(), 1000u);
  int failures = 0;
  for (const PrintCase& c : cases()) {
    std::string got, got_with_sources;
    try {
      Expr e = build(c.recipe);
      got = e.str();
      got_with_sources = e.str(source_of);
    } catch (const std::exception& e) {
      got = got_with_sources = std::string("exception: ") + e.what();
    }
    if (got != c.printed || got_with_sources != c.printed_with_sources) {
      if (++failures <= 40)
        ADD_FAILURE() << c.recipe << "\n  sympy: " << c.printed << "\n  refc:  " << got << "\n  sympy: "
                      << c.printed_with_sources << "\n  refc:  " << got_with_sources;
    }
  }
  EXPECT_EQ(failures, 0) << "of " << cases().size();
}

} // namespace
} // namespace refc::symbolic
