// The polynomial algebra PyTorch's FloorDiv and ModularIndexing rules call
// into sympy for: sympy.gcd (GiNaC's gcd, with sympy's sign), PyTorch's
// simple_floordiv_gcd, and sympy.simplify of an exact quotient. Function
// applications (FloorDiv(s0, 2), ...) count as generators, as they do for
// sympy's Poly.
#include "reference_compiler/symbolic/build.h"

#include <algorithm>
#include <regex>
#include <tuple>

#include <ginac/ginac.h>

#include "reference_compiler/symbolic/printer.h"

namespace refc::symbolic::build {

using GiNaC::ex;
using GiNaC::numeric;

namespace {

// Expressions as polynomials in GiNaC symbols: each generator that is not a
// symbol (a function application, a negative power) replaced by a fresh one.
struct PolynomialForm {
  std::vector<std::pair<ex, ex>> generators; // fresh symbol -> what it stands for

  ex of(const ex& e0) {
    const ex& e = unheld(e0);
    switch (node_kind(e)) {
    case NodeKind::Integer:
    case NodeKind::Rational:
    case NodeKind::Float:
    case NodeKind::Symbol: return e;
    case NodeKind::Add: {
      ex sum = 0;
      for (const ex& t : add_terms(e)) sum += of(t);
      return sum;
    }
    case NodeKind::Mul: {
      ex product = 1;
      for (const ex& f : mul_factors(e)) product *= of(f);
      return product;
    }
    case NodeKind::Pow:
      if (is_integer_number(e.op(1)) && !numeric_of(e.op(1)).is_negative()) return GiNaC::pow(of(e.op(0)), e.op(1));
      return generator(e);
    default: return generator(e);
    }
  }

  ex generator(const ex& e) {
    for (const auto& [s, original] : generators)
      if (original.is_equal(e)) return s;
    ex s = GiNaC::symbol();
    generators.emplace_back(s, e);
    return s;
  }

  // Back to this layer's form.
  ex back(const ex& p) const {
    GiNaC::exmap m;
    for (const auto& [s, original] : generators) m[s] = original;
    return canonical(p.subs(m, GiNaC::subs_options::no_pattern));
  }

  // What the generator stands for (a symbol stands for itself).
  ex original(const ex& s) const {
    for (const auto& [g, o] : generators)
      if (g.is_equal(s)) return o;
    return s;
  }
};

std::vector<ex> symbols_in(const ex& p) {
  std::vector<ex> out;
  for (auto it = p.preorder_begin(); it != p.preorder_end(); ++it)
    if (GiNaC::is_a<GiNaC::symbol>(*it)) {
      bool seen = false;
      for (const ex& s : out)
        if (s.is_equal(*it)) seen = true;
      if (!seen) out.push_back(*it);
    }
  return out;
}

// Poly's generator order (polys.polyutils._sort_gens): by the printed name,
// split into a stem and a trailing number compared as a number.
std::tuple<std::string, long> generator_key(const ex& original) {
  static const std::regex split("^(.*?)(\\d*)$");
  std::string text = sympy_str(original);
  std::smatch m;
  std::regex_match(text, m, split);
  long index = m[2].length() ? std::stol(m[2].str()) : 0;
  return {m[1].str(), index};
}

// sympy's gcd has a positive leading coefficient in lex order of the
// generators; GiNaC's may have either sign.
ex with_sympy_sign(const ex& g, const PolynomialForm& form) {
  ex e = GiNaC::expand(g);
  std::vector<ex> gens = symbols_in(e);
  std::sort(gens.begin(), gens.end(), [&](const ex& a, const ex& b) {
    return generator_key(form.original(a)) < generator_key(form.original(b));
  });
  std::vector<ex> terms;
  if (GiNaC::is_exactly_a<GiNaC::add>(e)) {
    for (size_t i = 0; i < e.nops(); ++i) terms.push_back(e.op(i));
  } else {
    terms.push_back(e);
  }
  const ex* leading = nullptr;
  std::vector<int> best;
  for (const ex& t : terms) {
    std::vector<int> degrees;
    for (const ex& s : gens) degrees.push_back(t.degree(s));
    if (!leading || degrees > best) leading = &t, best = degrees;
  }
  if (!leading) return g;
  ex coeff = *leading;
  for (size_t i = 0; i < gens.size(); ++i) coeff = coeff.coeff(gens[i], best[i]);
  if (is_numeric(coeff) && numeric_of(coeff).is_negative()) return -g;
  return g;
}

} // namespace

ex sympy_gcd(const ex& a, const ex& b) {
  if (is_numeric(a) && is_numeric(b)) {
    const numeric &x = numeric_of(a), &y = numeric_of(b);
    if (x.is_integer() && y.is_integer()) return GiNaC::gcd(x, y);
  }
  try {
    PolynomialForm form;
    ex pa = GiNaC::expand(form.of(a)), pb = GiNaC::expand(form.of(b));
    ex g = GiNaC::gcd(pa, pb);
    return form.back(with_sympy_sign(g, form));
  } catch (const std::exception&) {
    return 1; // sympy's PolynomialError: PyTorch skips the rule
  }
}

ex simple_floordiv_gcd(const ex& p0, const ex& q0) {
  auto integer_coefficient = [](const ex& term) {
    numeric product = 1;
    for (const ex& f : mul_factors(term))
      if (is_integer_number(f)) product *= GiNaC::abs(numeric_of(f));
    return product;
  };
  auto integer_factor = [&](const ex& e) {
    numeric g = 0;
    for (const ex& t : add_terms(e)) g = GiNaC::gcd(g, integer_coefficient(t));
    return g;
  };
  numeric g = GiNaC::gcd(integer_factor(p0), integer_factor(q0));
  ex p = divide(p0, g), q = divide(q0, g);
  std::vector<std::vector<ex>> base_splits;
  for (const ex& t : add_terms(p)) base_splits.push_back(mul_factors(t));
  ex result = g;
  for (const ex& x : mul_factors(q)) {
    bool everywhere = true;
    for (const auto& split : base_splits) {
      bool found = false;
      for (const ex& f : split)
        if (f.is_equal(x)) found = true;
      if (!found) everywhere = false;
    }
    if (everywhere) result = multiply(result, x);
  }
  return result;
}

ex simplified_quotient(const ex& a, const ex& b) {
  ex quotient;
  if (is_numeric(b)) {
    quotient = divide(a, b);
  } else {
    PolynomialForm form;
    ex pa = GiNaC::expand(form.of(a)), pb = GiNaC::expand(form.of(b));
    ex q;
    if (!GiNaC::divide(pa, pb, q)) return divide(a, b);
    quotient = form.back(q);
  }
  quotient = expand_products(quotient);
  if (!is_add(quotient)) return quotient;
  // factor_terms: a factor common to every term (with the terms' integer
  // content) goes in front of the remaining sum.
  std::vector<ex> terms = add_terms(quotient);
  std::vector<std::pair<ex, numeric>> common; // base -> least exponent
  numeric content = 0;
  bool integer_coefficients = true;
  for (size_t i = 0; i < terms.size(); ++i) {
    auto [coeff, rest] = as_coeff_mul(terms[i]);
    if (!coeff.is_integer()) integer_coefficients = false;
    else content = GiNaC::gcd(content, coeff);
    std::vector<std::pair<ex, numeric>> powers;
    if (!(is_numeric(rest) && numeric_of(rest) == 1)) {
      for (const ex& f : mul_factors(rest)) {
        auto [base, exponent] = as_base_exp(f);
        if (is_integer_number(exponent) && numeric_of(exponent).is_positive()) powers.emplace_back(base, numeric_of(exponent));
        else powers.emplace_back(f, 1);
      }
    }
    if (i == 0) {
      common = powers;
      continue;
    }
    std::vector<std::pair<ex, numeric>> next;
    for (const auto& [base, e] : common)
      for (const auto& [b2, e2] : powers)
        if (b2.is_equal(base)) next.emplace_back(base, e < e2 ? e : e2);
    common = next;
  }
  if (common.empty()) return quotient;
  ex factor = integer_coefficients && content > 1 ? ex(content) : ex(1);
  for (const auto& [base, e] : common) factor = multiply(factor, power(base, e));
  ex rest = 0;
  for (const ex& t : terms) rest = add(rest, divide(t, factor));
  return multiply(factor, rest);
}

} // namespace refc::symbolic::build
