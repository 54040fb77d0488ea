// The polynomial algebra PyTorch's FloorDiv and ModularIndexing rules call
// into sympy for: sympy.gcd (GiNaC's gcd, with sympy's sign), PyTorch's
// simple_floordiv_gcd, and sympy.simplify of an exact quotient. Function
// applications (FloorDiv(s0, 2), ...) count as generators, as they do for
// sympy's Poly.
#include "reference_compiler/symbolic/build.h"

#include <algorithm>
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
    if (is_atom(e)) return e;
    switch (node_kind(e)) {
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

// Poly's generator order (polys.polyutils._sort_gens): by the printed name,
// split into a stem and a trailing number compared as a number.
std::tuple<std::string, long> generator_key(const ex& original) {
  std::string text = sympy_str(original);
  size_t stem = text.size();
  while (stem > 0 && text[stem - 1] >= '0' && text[stem - 1] <= '9' && text.size() - stem < 18) --stem;
  long index = stem < text.size() ? std::stol(text.substr(stem)) : 0;
  return {text.substr(0, stem), index};
}

// sympy's gcd has a positive leading coefficient in lex order of the
// generators; GiNaC's may have either sign.
ex with_sympy_sign(const ex& g, const PolynomialForm& form) {
  ex e = GiNaC::expand(g);
  std::vector<ex> gens = symbols_of(e);
  std::sort(gens.begin(), gens.end(), [&](const ex& a, const ex& b) {
    return generator_key(form.original(a)) < generator_key(form.original(b));
  });
  std::vector<ex> terms;
  if (is_exactly<GiNaC::add>(e)) {
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
  ex p = g == 1 ? p0 : divide(p0, g), q = g == 1 ? q0 : divide(q0, g);
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

namespace {

// Whether a symbol or function application is divided by (a negative power).
bool has_denominator(const ex& e) {
  for (auto it = e.preorder_begin(); it != e.preorder_end(); ++it)
    if (is_pow(*it) && is_numeric(it->op(1)) && numeric_of(it->op(1)).is_negative() && !has_no_symbols(it->op(0)))
      return true;
  return false;
}

} // namespace

ex simplified_quotient(const ex& a, const ex& b) {
  // Term by term when b divides every term as it stands (sympy's simplify
  // keeps the terms' own structure then); else as polynomials, expanded.
  ex quotient = 0;
  bool termwise = true;
  for (const ex& t : add_terms(a)) {
    ex q = divide(t, b);
    if (has_denominator(q)) {
      termwise = false;
      break;
    }
    quotient = add(quotient, q);
  }
  if (!termwise) {
    PolynomialForm form;
    ex pa = GiNaC::expand(form.of(a)), pb = GiNaC::expand(form.of(b));
    ex q;
    if (!GiNaC::divide(pa, pb, q)) return divide(a, b);
    quotient = expand_products(form.back(q));
  }
  return factor_terms(quotient);
}

namespace {

// A sum as content * common factors * primitive sum, when its terms share a
// factor: s0*s1*(2*s1 + 4) + 2*s0 has content 2, common factor s0 and
// primitive sum s1*(s1 + 2) + 1. Empty when nothing is common.
struct Factored {
  numeric content = 1;
  std::vector<ex> common;
  ex rest;
};

std::optional<Factored> factor_sum(const ex& sum) {
  std::vector<ex> terms = add_terms(sum);
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
  Factored out;
  if (integer_coefficients && content > 1) out.content = content;
  for (const auto& [base, e] : common) out.common.push_back(power(base, e));
  if (out.content == 1 && out.common.empty()) return std::nullopt;
  ex divisor = out.content;
  for (const ex& c : out.common) divisor = multiply(divisor, c);
  out.rest = 0;
  for (const ex& t : terms) out.rest = add(out.rest, divide(t, divisor));
  return out;
}

} // namespace

ex factor_terms(const ex& e0) {
  const ex& e = unheld(e0);
  switch (node_kind(e)) {
  case NodeKind::Add: {
    std::vector<ex> terms;
    for (const ex& t : add_terms(e)) terms.push_back(factor_terms(t));
    ex sum = add(terms);
    if (!is_add(sum)) return sum;
    auto f = factor_sum(sum);
    if (!f || f->common.empty()) return sum; // a number alone would distribute again
    std::vector<ex> factors{f->content};
    factors.insert(factors.end(), f->common.begin(), f->common.end());
    factors.push_back(f->rest);
    return multiply(factors);
  }
  case NodeKind::Mul: {
    // Each sum factor's content and common factors join the product.
    std::vector<ex> factors;
    for (const ex& x : mul_factors(e)) {
      ex y = factor_terms(x);
      if (is_add(y)) {
        if (auto f = factor_sum(y)) {
          factors.push_back(f->content);
          factors.insert(factors.end(), f->common.begin(), f->common.end());
          factors.push_back(f->rest);
          continue;
        }
      }
      factors.push_back(y);
    }
    return multiply(factors);
  }
  case NodeKind::Pow: return power(factor_terms(unheld(e.op(0))), numeric_of(e.op(1)));
  case NodeKind::Function:
  case NodeKind::Relation: {
    std::vector<ex> args;
    for (const ex& a : sympy_args(e)) args.push_back(factor_terms(a));
    return rebuild(e, args);
  }
  default: return e;
  }
}

} // namespace refc::symbolic::build
