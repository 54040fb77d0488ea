// Expr: an immutable integer, float or boolean expression over symbolic sizes,
// in canonical form — what PyTorch's SymInt / SymFloat / SymBool carry as a
// sympy expression. GiNaC holds the algebra (sums and products stay
// canonical); PyTorch's functions (FloorDiv, Mod, Max, ...) and the boolean
// connectives are GiNaC functions built only through the functions below,
// which apply the construction-time rules PyTorch's sympy classes apply, and
// str() prints exactly what sympy's str() prints for the same expression.
//
// Symbols are interned: the same name and kind always give the same symbol.
// Like sympy, a symbol's assumptions are part of its identity: the positive
// integer s0 a ShapeEnv makes for a size and an integer s0 without a sign are
// two symbols (both print `s0`). Expressions share GiNaC's reference-counted
// trees, which are not thread-safe: one thread builds and reads them.
#pragma once

#include <concepts>
#include <cstddef>
#include <cstdint>
#include <type_traits>
#include <functional>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include <ginac/ex.h>

namespace refc::symbolic {

class Expr {
public:
  Expr(); // the integer 0
  // An integer constant, from any integer type but bool (implicit, as
  // Python ints mix with SymInts).
  template <std::integral T>
    requires(!std::same_as<T, bool>)
  Expr(T v) : Expr(std::is_signed_v<T> ? from_int(static_cast<int64_t>(v)) : from_uint(static_cast<uint64_t>(v))) {}
  static Expr boolean(bool b);
  // An integer symbol with no sign: unbacked (u0) and unspecified int (s0) symbols.
  static Expr symbol(std::string_view name);
  // An integer symbol known positive: the ShapeEnv's sizes (s0).
  static Expr positive_symbol(std::string_view name);
  // Float symbols: PyTorch's backed and unbacked float symbols (zf0, zuf0).
  static Expr real_symbol(std::string_view name);
  static Expr real(double v);

  std::optional<int64_t> as_int() const;  // set iff an integer constant that fits int64
  std::optional<double> as_float() const; // set iff a float constant
  std::optional<bool> as_bool() const;    // set iff True/False
  bool is_symbol() const;
  std::string_view symbol_name() const; // requires is_symbol()
  bool is_boolean() const;              // relation, And/Or/Not, True/False
  bool is_integer() const;              // integer-valued (sympy's is_integer is True)
  bool is_number() const;               // no free symbols

  enum class Rel { None, Eq, Ne, Lt, Le, Gt, Ge };
  Rel relation() const;
  Expr lhs() const; // requires relation() != Rel::None
  Expr rhs() const;

  // Sorted as sympy sorts symbols (by name as a string: s0 < s1 < s10 < s2).
  std::vector<Expr> free_symbols() const;
  bool has(const Expr& symbol) const;
  // Simultaneous substitution, rebuilt through the construction rules, so
  // constants fold (subs(s0 -> 3) of Eq(s0, 3) is True) as sympy's xreplace.
  Expr subs(std::span<const std::pair<Expr, Expr>> replacements) const;

  bool operator==(const Expr& o) const; // same canonical form
  bool operator!=(const Expr& o) const { return !(*this == o); }
  size_t hash() const;

  std::string str() const; // as sympy's str() prints the same expression
  // Symbols printed as the given text (produce_guards prints L['x'].size()[0]
  // for s0), in the term order str() uses: sympy orders by the symbols, then
  // substitutes the text.
  std::string str(const std::function<std::string(std::string_view symbol)>& symbol_text) const;
  // As PyTorch's shape guards print it (PythonPrinter): `(L['x'].size()[0] % 2) == 0`.
  std::string python_str(const std::function<std::string(std::string_view symbol)>& symbol_text) const;

  // The GiNaC expression, for the layer's own algorithms.
  const GiNaC::ex& ginac() const { return e_; }
  static Expr from_ginac(GiNaC::ex e); // e must already be in this layer's canonical form

private:
  explicit Expr(GiNaC::ex e, int) : e_(std::move(e)) {}
  static Expr from_int(int64_t v);
  static Expr from_uint(uint64_t v);
  GiNaC::ex e_;
};

Expr operator+(const Expr& a, const Expr& b);
Expr operator-(const Expr& a, const Expr& b);
Expr operator*(const Expr& a, const Expr& b);
Expr operator-(const Expr& a);

// PyTorch's PowByNatural: an integer power with a natural exponent (a
// constant exponent gives an ordinary power, s0*s0 and pow(s0, 2) are s0**2).
Expr pow_by_natural(const Expr& base, const Expr& exponent);
// FloorDiv: Python's //, with FloorDiv.eval's rules ((4*s0 + 2)//2 is 2*s0 + 1).
Expr floordiv(const Expr& a, const Expr& b);
// a % b as SymNode builds it: Mod when both sides are known nonnegative,
// PythonMod otherwise; each with its eval rules.
Expr mod(const Expr& a, const Expr& b);
// CeilDiv as PyTorch builds it: CleanDiv(a, b) when b divides a, else
// FloorDiv(a + b - 1, b). (Python's -(-a // b) is built from floordiv and -.)
Expr ceildiv(const Expr& a, const Expr& b);
// ModularIndexing(base, divisor, modulus): (base // divisor) % modulus.
Expr modular_indexing(const Expr& base, const Expr& divisor, const Expr& modulus);
Expr max(const Expr& a, const Expr& b);
Expr min(const Expr& a, const Expr& b);
// a / b: IntTrueDiv for two ints, FloatTrueDiv otherwise (ints promoted with ToFloat).
Expr truediv(const Expr& a, const Expr& b);
Expr to_float(const Expr& a); // ToFloat

Expr eq(const Expr& a, const Expr& b);
Expr ne(const Expr& a, const Expr& b);
Expr lt(const Expr& a, const Expr& b);
Expr le(const Expr& a, const Expr& b);
Expr gt(const Expr& a, const Expr& b);
Expr ge(const Expr& a, const Expr& b);
Expr logical_and(const Expr& a, const Expr& b);
Expr logical_or(const Expr& a, const Expr& b);
Expr logical_not(const Expr& a);

} // namespace refc::symbolic

template <>
struct std::hash<refc::symbolic::Expr> {
  size_t operator()(const refc::symbolic::Expr& e) const { return e.hash(); }
};
