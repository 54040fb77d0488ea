// Expr: the value type over this layer's GiNaC expressions, and the public
// constructors, which wrap the construction rules of build.h.
#include "reference_compiler/symbolic/expr.h"

#include <algorithm>
#include <limits>
#include <stdexcept>

#include <ginac/ginac.h>

#include "reference_compiler/symbolic/assumptions.h"
#include "reference_compiler/symbolic/build.h"
#include "reference_compiler/symbolic/node.h"
#include "reference_compiler/symbolic/printer.h"
#include "reference_compiler/symbolic/symbol_table.h"

namespace refc::symbolic {

using GiNaC::ex;
using GiNaC::numeric;

Expr::Expr() : e_(0) {}
Expr Expr::from_int(int64_t v) { return Expr(numeric(static_cast<long>(v)), 0); }
Expr Expr::from_uint(uint64_t v) { return Expr(numeric(static_cast<unsigned long>(v)), 0); }

Expr Expr::from_ginac(ex e) { return Expr(std::move(e), 0); }
Expr Expr::boolean(bool b) { return Expr(build::boolean(b), 0); }
Expr Expr::symbol(std::string_view name) { return Expr(intern_symbol(name, SymbolKind::Integer), 0); }
Expr Expr::positive_symbol(std::string_view name) { return Expr(intern_symbol(name, SymbolKind::PositiveInteger), 0); }
Expr Expr::real_symbol(std::string_view name) { return Expr(intern_symbol(name, SymbolKind::Real), 0); }
Expr Expr::real(double v) { return Expr(numeric(v), 0); }

std::optional<int64_t> Expr::as_int() const {
  if (!is_integer_number(e_)) return std::nullopt;
  const numeric& n = numeric_of(e_);
  if (n > numeric(std::numeric_limits<long>::max()) || n < numeric(std::numeric_limits<long>::min())) return std::nullopt;
  return n.to_long();
}

std::optional<double> Expr::as_float() const {
  if (!is_numeric(e_) || numeric_of(e_).is_rational()) return std::nullopt;
  return numeric_of(e_).to_double();
}

std::optional<bool> Expr::as_bool() const {
  if (is_function(e_, Function::True)) return true;
  if (is_function(e_, Function::False)) return false;
  return std::nullopt;
}

bool Expr::is_symbol() const { return is_exactly<GiNaC::symbol>(e_); }

std::string_view Expr::symbol_name() const {
  if (!is_symbol()) throw std::logic_error("Expr::symbol_name of a non-symbol");
  return symbol_info(e_).name;
}

bool Expr::is_boolean() const { return is_boolean_expr(e_); }

bool Expr::is_integer() const { return !is_boolean() && is_true(facts(e_).integer); }

bool Expr::is_number() const { return has_no_symbols(e_); }

Expr::Rel Expr::relation() const {
  if (!is_relation(e_)) return Rel::None;
  switch (relation_op(e_)) {
  case RelOp::Eq: return Rel::Eq;
  case RelOp::Ne: return Rel::Ne;
  case RelOp::Lt: return Rel::Lt;
  case RelOp::Le: return Rel::Le;
  case RelOp::Gt: return Rel::Gt;
  case RelOp::Ge: return Rel::Ge;
  }
  return Rel::None;
}

Expr Expr::lhs() const {
  if (!is_relation(e_)) throw std::logic_error("Expr::lhs of a non-relation");
  return Expr(e_.lhs(), 0);
}

Expr Expr::rhs() const {
  if (!is_relation(e_)) throw std::logic_error("Expr::rhs of a non-relation");
  return Expr(e_.rhs(), 0);
}

std::vector<Expr> Expr::free_symbols() const {
  std::vector<Expr> out;
  for (const GiNaC::ex& s : symbols_of(e_)) out.push_back(Expr(s, 0));
  // sympy's default_sort_key of symbols: the name, as a string.
  std::stable_sort(out.begin(), out.end(),
                   [](const Expr& a, const Expr& b) { return a.symbol_name() < b.symbol_name(); });
  return out;
}

bool Expr::has(const Expr& symbol) const { return e_.has(symbol.e_); }

Expr Expr::subs(std::span<const std::pair<Expr, Expr>> replacements) const {
  GiNaC::exmap m;
  for (const auto& [from, to] : replacements) m[from.e_] = to.e_;
  return Expr(build::replace(e_, m), 0);
}

bool Expr::operator==(const Expr& o) const { return e_.is_equal(o.e_); }
size_t Expr::hash() const { return e_.gethash(); }

std::string Expr::str() const { return sympy_str(e_); }
std::string Expr::str(const std::function<std::string(std::string_view)>& symbol_text) const {
  return sympy_str(e_, symbol_text);
}
std::string Expr::python_str(const std::function<std::string(std::string_view)>& symbol_text) const {
  return symbolic::python_str(e_, symbol_text);
}

Expr operator+(const Expr& a, const Expr& b) { return Expr::from_ginac(build::add(a.ginac(), b.ginac())); }
Expr operator-(const Expr& a, const Expr& b) { return Expr::from_ginac(build::subtract(a.ginac(), b.ginac())); }
Expr operator*(const Expr& a, const Expr& b) { return Expr::from_ginac(build::multiply(a.ginac(), b.ginac())); }
Expr operator-(const Expr& a) { return Expr::from_ginac(build::negate(a.ginac())); }

Expr pow_by_natural(const Expr& base, const Expr& exponent) {
  return Expr::from_ginac(build::pow_by_natural(base.ginac(), exponent.ginac()));
}
Expr floordiv(const Expr& a, const Expr& b) { return Expr::from_ginac(build::floor_div(a.ginac(), b.ginac())); }

Expr mod(const Expr& a, const Expr& b) {
  // SymNode's mod: Mod when both sides are known nonnegative.
  if (is_true(facts(a.ginac()).nonnegative) && is_true(facts(b.ginac()).nonnegative))
    return Expr::from_ginac(build::mod(a.ginac(), b.ginac()));
  return Expr::from_ginac(build::python_mod(a.ginac(), b.ginac()));
}

Expr ceildiv(const Expr& a, const Expr& b) { return Expr::from_ginac(build::ceil_div(a.ginac(), b.ginac())); }
Expr modular_indexing(const Expr& base, const Expr& divisor, const Expr& modulus) {
  return Expr::from_ginac(build::modular_indexing(base.ginac(), divisor.ginac(), modulus.ginac()));
}
Expr max(const Expr& a, const Expr& b) { return Expr::from_ginac(build::max({a.ginac(), b.ginac()})); }
Expr min(const Expr& a, const Expr& b) { return Expr::from_ginac(build::min({a.ginac(), b.ginac()})); }

Expr truediv(const Expr& a, const Expr& b) {
  bool a_int = a.is_integer(), b_int = b.is_integer();
  if (a_int && b_int) return Expr::from_ginac(build::int_true_div(a.ginac(), b.ginac()));
  ex x = a_int ? build::to_float(a.ginac()) : a.ginac();
  ex y = b_int ? build::to_float(b.ginac()) : b.ginac();
  return Expr::from_ginac(build::float_true_div(x, y));
}
Expr to_float(const Expr& a) { return Expr::from_ginac(build::to_float(a.ginac())); }

Expr eq(const Expr& a, const Expr& b) { return Expr::from_ginac(build::relation(RelOp::Eq, a.ginac(), b.ginac())); }
Expr ne(const Expr& a, const Expr& b) { return Expr::from_ginac(build::relation(RelOp::Ne, a.ginac(), b.ginac())); }
Expr lt(const Expr& a, const Expr& b) { return Expr::from_ginac(build::relation(RelOp::Lt, a.ginac(), b.ginac())); }
Expr le(const Expr& a, const Expr& b) { return Expr::from_ginac(build::relation(RelOp::Le, a.ginac(), b.ginac())); }
Expr gt(const Expr& a, const Expr& b) { return Expr::from_ginac(build::relation(RelOp::Gt, a.ginac(), b.ginac())); }
Expr ge(const Expr& a, const Expr& b) { return Expr::from_ginac(build::relation(RelOp::Ge, a.ginac(), b.ginac())); }
Expr logical_and(const Expr& a, const Expr& b) { return Expr::from_ginac(build::logical_and({a.ginac(), b.ginac()})); }
Expr logical_or(const Expr& a, const Expr& b) { return Expr::from_ginac(build::logical_or({a.ginac(), b.ginac()})); }
Expr logical_not(const Expr& a) { return Expr::from_ginac(build::logical_not(a.ginac())); }

} // namespace refc::symbolic
