// sympy's StrPrinter (sympy/printing/str.py, precedence.py) over this layer's
// expressions, and mpmath's float formatting that sympy's Floats print with;
// PyTorch's PythonPrinter (torch/utils/_sympy/printers.py, as its shape
// guards use it) is the same printer with Python's operators.
#include "reference_compiler/symbolic/printer.h"

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <sstream>
#include <vector>

#include <ginac/ginac.h>

#include "reference_compiler/symbolic/node.h"
#include "reference_compiler/symbolic/sort_key.h"
#include "reference_compiler/symbolic/symbol_table.h"

namespace refc::symbolic {

using GiNaC::ex;
using GiNaC::numeric;

namespace {

// sympy.printing.precedence.PRECEDENCE
constexpr double kAdd = 40, kMul = 50, kPow = 60, kNot = 100, kAtom = 1000, kRelational = 35;
constexpr double kBitwiseOr = 36, kBitwiseAnd = 38;

// mpmath's to_str at sympy's 15 digits of a double: the decimal digits
// truncated to 18, rounded half up to 15, fixed notation for exponents in
// (-5, 15), trailing zeros stripped below the top level of a print.
std::string format_float(double x, bool strip_zeros) {
  if (std::isnan(x)) return "nan";
  if (std::isinf(x)) return x > 0 ? "inf" : "-inf";
  if (x == 0) return "0.0";
  constexpr int dps = 15, min_fixed = -5, max_fixed = dps;
  std::string sign = x < 0 ? "-" : "";
  char buf[128];
  std::snprintf(buf, sizeof buf, "%.40e", std::fabs(x));
  std::string all(buf);
  size_t epos = all.find('e');
  int exponent = std::atoi(all.c_str() + epos + 1);
  std::string digits;
  for (size_t i = 0; i < epos && digits.size() < dps + 3; ++i)
    if (all[i] != '.') digits += all[i];
  if (digits.size() > dps && digits[dps] >= '5') {
    digits.resize(dps);
    int i = dps - 1;
    while (i >= 0 && digits[i] == '9') --i;
    if (i >= 0) {
      digits = digits.substr(0, i) + static_cast<char>(digits[i] + 1) + std::string(dps - i - 1, '0');
    } else {
      digits = "1" + std::string(dps - 1, '0');
      exponent += 1;
    }
  } else {
    digits.resize(dps);
  }
  int split = 1;
  if (min_fixed < exponent && exponent < max_fixed) {
    if (exponent < 0) {
      digits = std::string(-exponent, '0') + digits;
    } else {
      split = exponent + 1;
      if (split > dps) digits += std::string(split - dps, '0');
    }
    exponent = 0;
  }
  digits = digits.substr(0, split) + "." + digits.substr(split);
  if (strip_zeros) {
    while (digits.back() == '0') digits.pop_back();
    if (digits.back() == '.') digits += "0";
  }
  if (exponent == 0) return sign + digits;
  if (exponent > 0) return sign + digits + "e+" + std::to_string(exponent);
  return sign + digits + "e" + std::to_string(exponent);
}

std::string integer_text(const numeric& n) {
  std::ostringstream s;
  s << n;
  return s.str();
}

class StrPrinter {
public:
  StrPrinter(const SymbolText* symbol_text, bool python) : symbol_text_(symbol_text), python_(python) {}

  std::string print(const ex& e) {
    ++level_;
    std::string s = print_node(unheld(e));
    --level_;
    return s;
  }

private:
  std::string parenthesize(const ex& item, double level, bool strict = false) {
    double p = precedence(item);
    if (p < level || (!strict && p <= level)) return "(" + print(item) + ")";
    return print(item);
  }

  std::string stringify(const std::vector<ex>& args, const char* sep, double level) {
    std::string out;
    for (size_t i = 0; i < args.size(); ++i) {
      if (i) out += sep;
      out += parenthesize(args[i], level);
    }
    return out;
  }

  std::string print_node(const ex& e) {
    switch (node_kind(e)) {
    case NodeKind::Integer:
    case NodeKind::Rational: return integer_text(numeric_of(e));
    case NodeKind::Float: return format_float(numeric_of(e).to_double(), level_ > 1);
    case NodeKind::Symbol: {
      const std::string& name = symbol_info(e).name;
      return symbol_text_ ? (*symbol_text_)(name) : name;
    }
    case NodeKind::Add: return print_add(e);
    case NodeKind::Mul: return print_mul(e);
    case NodeKind::Pow: return print_pow(e);
    case NodeKind::Relation: return print_relation(e);
    case NodeKind::Function: return print_function(e);
    }
    return {};
  }

  std::string print_add(const ex& e) {
    if (python_) return stringify(args_in_sympy_order(e), " + ", kAdd);
    std::vector<std::string> parts;
    for (const ex& term : ordered_terms(e)) {
      std::string t = print(term);
      std::string sign = "+";
      if (!t.empty() && t[0] == '-' && !is_add(term)) {
        sign = "-";
        t = t.substr(1);
      }
      parts.push_back(sign);
      parts.push_back(precedence(term) < kAdd || is_add(term) ? "(" + t + ")" : t);
    }
    std::string out = parts[0] == "+" ? "" : parts[0];
    for (size_t i = 1; i < parts.size(); ++i) {
      if (i > 1) out += " ";
      out += parts[i];
    }
    return out;
  }

  std::string print_mul(const ex& e) {
    double prec = precedence(e);
    if (python_) return stringify(args_in_sympy_order(e), "*", prec);
    auto [c, rest] = as_coeff_mul(e);
    ex expr = e;
    std::string sign;
    if (c.is_negative()) {
      expr = (-c == 1) ? rest : ex(-c) * rest;
      sign = "-";
    }
    std::vector<ex> numerator, denominator;
    std::vector<ex> paren_bases; // bases of x**-1 with more than one factor
    for (const ex& item : ordered_factors(expr)) {
      if (is_pow(item) && is_numeric(item.op(1)) && numeric_of(item.op(1)).is_negative()) {
        const numeric& exponent = numeric_of(item.op(1));
        ex base = unheld(item.op(0));
        if (exponent != -1) {
          denominator.push_back(GiNaC::pow(held(base), -exponent));
        } else {
          if (sympy_args(base).size() != 1 && (is_mul(base) || is_pow(base))) paren_bases.push_back(base);
          denominator.push_back(base);
        }
      } else if (is_numeric(item) && numeric_of(item).is_rational()) {
        const numeric& q = numeric_of(item);
        if (q.numer() != 1) numerator.push_back(q.numer());
        if (q.denom() != 1) denominator.push_back(q.denom());
      } else {
        numerator.push_back(item);
      }
    }
    if (numerator.empty()) numerator.push_back(1);
    std::vector<std::string> a, b;
    for (const ex& x : numerator) a.push_back(parenthesize(x, prec));
    for (const ex& x : denominator) b.push_back(parenthesize(x, prec));
    for (const ex& base : paren_bases)
      for (size_t i = 0; i < denominator.size(); ++i)
        if (denominator[i].is_equal(base)) {
          b[i] = "(" + b[i] + ")";
          break;
        }
    auto join = [](const std::vector<std::string>& v) {
      std::string out;
      for (size_t i = 0; i < v.size(); ++i) out += (i ? "*" : "") + v[i];
      return out;
    };
    if (b.empty()) return sign + join(a);
    if (b.size() == 1) return sign + join(a) + "/" + b[0];
    return sign + join(a) + "/(" + join(b) + ")";
  }

  std::string print_pow(const ex& e) {
    ex base = unheld(e.op(0));
    const ex& exponent = e.op(1);
    if (python_ && is_numeric(exponent) && numeric_of(exponent).is_pos_integer())
      return stringify(std::vector<ex>(numeric_of(exponent).to_long(), base), "*", kMul);
    if (is_numeric(exponent) && numeric_of(exponent) == -1) return "1/" + parenthesize(base, kPow);
    std::string exp_text = parenthesize(exponent, kPow);
    return parenthesize(base, kPow) + "**" + exp_text;
  }

  std::string print_relation(const ex& e) {
    RelOp op = relation_op(e);
    if (python_) {
      const char* text = op == RelOp::Eq   ? " == "
                         : op == RelOp::Ne ? " != "
                         : op == RelOp::Lt ? " < "
                         : op == RelOp::Le ? " <= "
                         : op == RelOp::Gt ? " > "
                                           : " >= ";
      return stringify({e.lhs(), e.rhs()}, text, precedence(e));
    }
    if (op == RelOp::Eq) return "Eq(" + print(e.lhs()) + ", " + print(e.rhs()) + ")";
    if (op == RelOp::Ne) return "Ne(" + print(e.lhs()) + ", " + print(e.rhs()) + ")";
    const char* text = op == RelOp::Lt ? " < " : op == RelOp::Le ? " <= " : op == RelOp::Gt ? " > " : " >= ";
    double p = precedence(e);
    return parenthesize(e.lhs(), p) + text + parenthesize(e.rhs(), p);
  }

  std::string print_function(const ex& e) {
    Function f = *function_of(e);
    const FunctionInfo& info = function_info(f);
    std::vector<ex> args = sympy_args(e);
    if (python_) {
      switch (f) {
      case Function::Not: return "not (" + print(args[0]) + ")";
      case Function::And: return stringify(args, " and ", precedence(e));
      case Function::Or: return stringify(args, " or ", precedence(e));
      case Function::FloorDiv:
      case Function::CleanDiv: return stringify(args, " // ", kAtom - 0.5);
      case Function::Mod:
      case Function::PythonMod: return stringify(args, " % ", kAtom - 0.5);
      default: break;
      }
      if (info.family == FunctionFamily::Lattice) {
        // torch.sym_max(a, torch.sym_max(b, c)): guards may meet SymInts.
        const std::vector<ex> sorted = sorted_by_key(args);
        const std::string name = f == Function::Max ? "torch.sym_max" : "torch.sym_min";
        std::string out = print(sorted.back());
        for (size_t i = sorted.size() - 1; i-- > 0;) out = name + "(" + print(sorted[i]) + ", " + out + ")";
        return out;
      }
    }
    switch (f) {
    case Function::True: return "True";
    case Function::False: return "False";
    case Function::Not: return "~" + parenthesize(args[0], kNot);
    case Function::And: return stringify(args, " & ", kBitwiseAnd);
    case Function::Or: return stringify(args, " | ", kBitwiseOr);
    case Function::FloorDiv:
    case Function::CleanDiv:
      return "(" + parenthesize(args[0], kAtom - 0.5) + "//" + parenthesize(args[1], kAtom - 0.5) + ")";
    default: break;
    }
    if (info.family == FunctionFamily::Lattice) {
      std::string out = std::string(info.name) + "(";
      std::vector<ex> sorted = sorted_by_key(args);
      for (size_t i = 0; i < sorted.size(); ++i) out += (i ? ", " : "") + print(sorted[i]);
      return out + ")";
    }
    return std::string(info.name) + "(" + stringify(args, ", ", 0) + ")";
  }

  const SymbolText* symbol_text_;
  const bool python_;
  int level_ = 0;
};

} // namespace

bool could_extract_minus_sign(const ex& e0) {
  const ex& e = unheld(e0);
  switch (node_kind(e)) {
  case NodeKind::Integer:
  case NodeKind::Rational:
  case NodeKind::Float: return numeric_of(e).is_negative();
  case NodeKind::Mul: {
    auto [c, rest] = as_coeff_mul(e);
    return c.is_negative();
  }
  case NodeKind::Add: {
    // Fewer negative terms wins; a tie goes by sort key (x - 1, not 1 - x).
    size_t negative = 0, total = 0;
    for (const ex& t : add_terms(e)) {
      ++total;
      if (could_extract_minus_sign(t)) ++negative;
    }
    if (total - negative > negative) return false;
    if (total - negative < negative) return true;
    return compare(default_sort_key(e), default_sort_key(-e)) < 0;
  }
  default: return false;
  }
}

double precedence(const ex& e0) {
  const ex& e = unheld(e0);
  switch (node_kind(e)) {
  case NodeKind::Integer: return numeric_of(e).is_negative() ? kAdd : kAtom;
  case NodeKind::Rational: return numeric_of(e).is_negative() ? kAdd : kMul;
  case NodeKind::Float: return numeric_of(e).is_negative() ? kAdd : kAtom;
  case NodeKind::Symbol: return kAtom;
  case NodeKind::Add: return kAdd;
  case NodeKind::Mul: {
    for (const ex& a : sympy_args(e)) {
      auto f = function_of(a);
      if (f && function_info(*f).has_precedence_attribute && function_info(*f).precedence < kMul) return kMul;
    }
    return could_extract_minus_sign(e) ? kAdd : kMul;
  }
  case NodeKind::Pow: return kPow;
  case NodeKind::Relation: {
    RelOp op = relation_op(e);
    return (op == RelOp::Eq || op == RelOp::Ne) ? kMul : kRelational;
  }
  case NodeKind::Function: return function_info(*function_of(e)).precedence;
  }
  return kAtom;
}

std::string sympy_str(const ex& e) { return StrPrinter(nullptr, false).print(e); }

std::string sympy_str(const ex& e, const SymbolText& symbol_text) { return StrPrinter(&symbol_text, false).print(e); }

std::string python_str(const ex& e, const SymbolText& symbol_text) { return StrPrinter(&symbol_text, true).print(e); }

} // namespace refc::symbolic
