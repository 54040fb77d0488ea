// Tests of symbolic expression construction and printing against sympy: each
// recipe in symbolic_print_data.inc (written by symbolic_print_data.py with
// PyTorch 2.14's sympy functions) is rebuilt with Expr's API and must print
// exactly as sympy's str() printed the expression PyTorch built.
#include "reference_compiler/symbolic/expr.h"

#include <gtest/gtest.h>

#include <functional>
#include <map>
#include <optional>
#include <random>
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

// The recipe's value at a point by Python's integer rules, as written
// (booleans 0 / 1); unset where it has none or is a float.
std::optional<__int128> value_as_written(std::istringstream& tokens, const std::map<std::string, int64_t>& point) {
  std::string op;
  tokens >> op;
  if (op == "int") {
    int64_t v;
    tokens >> v;
    return v;
  }
  if (op == "true" || op == "false") return op == "true";
  if (op == "sym" || op == "int_sym" || op == "real_sym") {
    std::string name;
    tokens >> name;
    if (op == "real_sym") return std::nullopt;
    return point.at(name);
  }
  const Operation& operation = operations().at(op);
  std::vector<std::optional<__int128>> args;
  for (int i = 0; i < operation.arity; ++i) args.push_back(value_as_written(tokens, point));
  for (const auto& a : args)
    if (!a || *a > (__int128)1 << 100 || *a < -((__int128)1 << 100)) return std::nullopt;
  __int128 a = *args[0], b = args.size() > 1 ? *args[1] : 0;
  auto floordiv = [](__int128 x, __int128 y) {
    __int128 q = x / y;
    if ((x % y != 0) && ((x < 0) != (y < 0))) --q;
    return q;
  };
  auto pymod = [&](__int128 x, __int128 y) { return x - y * floordiv(x, y); };
  if (op == "add") return a + b;
  if (op == "sub") return a - b;
  if (op == "mul") return a * b;
  if (op == "neg") return -a;
  if (op == "pow") {
    __int128 r = 1;
    for (__int128 i = 0; i < b; ++i) r *= a;
    return r;
  }
  if (op == "max") return a > b ? a : b;
  if (op == "min") return a < b ? a : b;
  if (op == "eq") return a == b;
  if (op == "ne") return a != b;
  if (op == "lt") return a < b;
  if (op == "le") return a <= b;
  if (op == "gt") return a > b;
  if (op == "ge") return a >= b;
  if (op == "and") return a != 0 && b != 0;
  if (op == "or") return a != 0 || b != 0;
  if (op == "not") return a == 0;
  if (op == "truediv") return std::nullopt;
  if (b == 0 || (args.size() > 2 && *args[2] == 0)) return std::nullopt;
  if (op == "floordiv") return floordiv(a, b);
  if (op == "mod") return pymod(a, b);
  if (op == "ceildiv") return floordiv(a + b - 1, b); // PyTorch's CeilDiv
  if (op == "modular_indexing") return pymod(floordiv(a, b), *args[2]);
  throw std::runtime_error("unknown recipe operation " + op);
}

// Construction rules keep the value: each recipe's expression, evaluated
// by substitution, equals the recipe as written at points where both have
// values (sizes 1..40, other ints -40..40).
TEST(SymbolicPrint, RecipesKeepTheirValue) {
  std::mt19937_64 rng(7);
  int checked = 0, failures = 0;
  for (const PrintCase& c : cases()) {
    Expr e;
    try {
      e = build(c.recipe);
    } catch (const std::exception&) {
      continue;
    }
    std::vector<Expr> symbols = e.free_symbols();
    for (int k = 0; k < 8; ++k) {
      std::map<std::string, int64_t> point;
      std::vector<std::pair<Expr, Expr>> subs;
      std::istringstream scan(c.recipe);
      for (std::string word, kind; scan >> word;) {
        if (word == "sym" || word == "int_sym") {
          std::string name;
          scan >> name;
          if (point.count(name)) continue;
          int64_t v = word == "sym" ? std::uniform_int_distribution<int64_t>(1, 40)(rng)
                                    : std::uniform_int_distribution<int64_t>(-40, 40)(rng);
          point[name] = v;
          subs.emplace_back(word == "sym" ? Expr::positive_symbol(name) : Expr::symbol(name), Expr(v));
        }
      }
      std::istringstream tokens(c.recipe);
      auto expected = value_as_written(tokens, point);
      if (!expected) continue;
      std::optional<int64_t> got;
      try {
        Expr v = e.subs(subs);
        got = v.as_bool() ? std::optional<int64_t>(*v.as_bool()) : v.as_int();
      } catch (const std::domain_error&) {
        continue; // no value there
      }
      if (!got) continue;
      ++checked;
      if (*got != *expected && ++failures <= 20) ADD_FAILURE() << c.recipe << " -> " << e.str() << ": value changed";
    }
  }
  EXPECT_EQ(failures, 0);
  EXPECT_GT(checked, 10000);
}

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
