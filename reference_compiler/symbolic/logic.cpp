// And / Or / Not as sympy builds them (sympy/logic/boolalg.py): nested
// connectives flatten, True and False absorb or vanish, a relation and its
// equivalent (s0 < s1, s1 > s0) count once, a relation and its negation
// decide the whole, and the arguments are kept in sympy's ordered() order.
#include "reference_compiler/symbolic/build.h"

#include <stdexcept>

#include <ginac/ginac.h>

#include "reference_compiler/symbolic/sort_key.h"

namespace refc::symbolic::build {

using GiNaC::ex;

namespace {

void require_boolean(const ex& e) {
  if (is_relation(e)) return;
  auto f = function_of(e);
  if (f && function_info(*f).type == ValueType::Bool) return;
  throw std::invalid_argument("symbolic: a logical connective of a non-boolean expression");
}

bool contains(const std::vector<ex>& v, const ex& e) {
  for (const ex& x : v)
    if (x.is_equal(e)) return true;
  return false;
}

// LatticeOp.__new__'s end: distinct arguments, ordered.
ex finish(Function f, const std::vector<ex>& args, bool identity) {
  std::vector<ex> distinct;
  for (const ex& a : args)
    if (!contains(distinct, a)) distinct.push_back(a);
  if (distinct.empty()) return boolean(identity);
  if (distinct.size() == 1) return distinct[0];
  return make_function(f, ordered(distinct));
}

// LatticeOp._new_args_filter: flattened, with the identity dropped; the
// absorbing element decides the whole (returned as its value).
std::optional<bool> flatten(Function f, const std::vector<ex>& args, bool zero, std::vector<ex>& out) {
  for (const ex& a : args) {
    require_boolean(a);
    if (is_function(a, zero ? Function::True : Function::False)) return zero;
    if (is_function(a, zero ? Function::False : Function::True)) continue;
    if (is_function(a, f)) {
      for (size_t i = 0; i < a.nops(); ++i) out.push_back(a.op(i));
    } else {
      out.push_back(a);
    }
  }
  return std::nullopt;
}

} // namespace

ex logical_and(const std::vector<ex>& args) {
  std::vector<ex> flat;
  if (auto decided = flatten(Function::And, args, false, flat)) return boolean(*decided);
  std::vector<ex> kept, relations;
  for (const ex& x : ordered(flat)) {
    if (is_relation(x)) {
      ex c = canonical_relation(x);
      if (contains(relations, c)) continue;
      if (contains(relations, canonical_relation(negated(c)))) return boolean(false);
      relations.push_back(c);
    }
    kept.push_back(x);
  }
  return finish(Function::And, kept, true);
}

ex logical_or(const std::vector<ex>& args) {
  std::vector<ex> kept, relations;
  for (const ex& x : args) {
    require_boolean(x);
    if (is_relation(x)) {
      ex c = canonical_relation(x);
      if (contains(relations, c)) continue;
      if (contains(relations, canonical_relation(negated(c)))) return boolean(true);
      relations.push_back(c);
    }
    kept.push_back(x);
  }
  std::vector<ex> flat;
  if (auto decided = flatten(Function::Or, kept, true, flat)) return boolean(*decided);
  return finish(Function::Or, flat, false);
}

ex logical_not(const ex& a) {
  require_boolean(a);
  if (is_function(a, Function::True)) return boolean(false);
  if (is_function(a, Function::False)) return boolean(true);
  if (is_function(a, Function::Not)) return a.op(0);
  if (is_relation(a)) return negated(a);
  return make_function(Function::Not, {a});
}

} // namespace refc::symbolic::build
