// Max / Min as PyTorch's MinMaxBase builds them
// (torch/utils/_sympy/functions.py): nested ones of the same kind flatten,
// _collapse_arguments removes arguments made redundant by numbers and by
// absorption (Max(s0, Min(s0, s1)) is s0) and factors common arguments out,
// _find_localzeros folds the numbers and drops 0 / 1 against a known
// nonnegative / positive argument, and two multiples of one term compare by
// coefficient. The arguments are kept in sympy's ordered() order.
#include "reference_compiler/symbolic/build.h"

#include <stdexcept>

#include <ginac/ginac.h>

#include "reference_compiler/symbolic/assumptions.h"
#include "reference_compiler/symbolic/memo.h"
#include "reference_compiler/symbolic/sort_key.h"

namespace refc::symbolic::build {

using GiNaC::ex;
using GiNaC::numeric;

namespace {

bool contains(const std::vector<ex>& v, const ex& e) {
  for (const ex& x : v)
    if (x.is_equal(e)) return true;
  return false;
}

std::vector<ex> args_of(const ex& e) {
  std::vector<ex> out;
  for (size_t i = 0; i < e.nops(); ++i) out.push_back(e.op(i));
  return out;
}

// MinMaxBase(*args, evaluate=False): distinct arguments, ordered; one
// argument is itself.
ex unevaluated(Function f, const std::vector<ex>& args) {
  std::vector<ex> distinct;
  for (const ex& a : args)
    if (!contains(distinct, a)) distinct.push_back(a);
  if (distinct.size() == 1) return distinct[0];
  return make_function(f, ordered(distinct));
}

struct Lattice {
  Function self, other;
  bool is_max() const { return self == Function::Max; }
};

// _collapse_arguments; a removed argument is left out (sympy puts the
// identity, -oo for Max, there, which only the numbers' fold sees).
std::vector<ex> collapse_arguments(const Lattice& cls, std::vector<ex> args) {
  if (args.empty()) return args;
  args = ordered(args);
  Function other = cls.other;
  if (has_no_symbols(args[0]) && is_numeric(args[0])) {
    // numbers of nested Min / Max (their first, ordered, argument)
    std::vector<ex> mins, maxs;
    std::vector<ex> stack(args.begin(), args.end());
    while (!stack.empty()) {
      ex v = stack.back();
      stack.pop_back();
      if (!is_function(v, Function::Min) && !is_function(v, Function::Max)) continue;
      if (is_numeric(v.op(0))) (is_function(v, Function::Max) ? maxs : mins).push_back(v);
      for (size_t i = 0; i < v.nops(); ++i) stack.push_back(v.op(i));
    }
    std::optional<numeric> small, big; // unset: +oo / -oo
    for (const ex& m : mins)
      if (!small || numeric_of(m.op(0)) < *small) small = numeric_of(m.op(0));
    for (const ex& m : maxs)
      if (!big || numeric_of(m.op(0)) > *big) big = numeric_of(m.op(0));
    if (!cls.is_max()) {
      for (const ex& a : args) {
        if (!is_numeric(a)) break;
        if (!small || numeric_of(a) < *small) small = numeric_of(a);
      }
    } else {
      for (const ex& a : args) {
        if (!is_numeric(a)) break;
        if (!big || numeric_of(a) > *big) big = numeric_of(a);
      }
    }
    std::optional<numeric> bound;
    if (!cls.is_max()) {
      if (small) other = Function::Max, bound = small;
    } else if (big) {
      other = Function::Min, bound = big;
    }
    if (bound) {
      std::vector<ex> kept;
      for (const ex& a : args) {
        if (is_function(a, other)) {
          // (a0 > T) == True: the first argument decides, by sympy's relation.
          ex decided = relation(other == Function::Max ? RelOp::Gt : RelOp::Lt, a.op(0), *bound);
          if (is_function(decided, Function::True)) continue;
        }
        kept.push_back(a);
      }
      args = kept;
    }
  }
  // remove redundant symbolic args
  auto is_min_max = [](const ex& e) { return is_function(e, Function::Min) || is_function(e, Function::Max); };
  std::function<ex(const ex&, const ex&)> reduce = [&](const ex& ai, const ex& a) -> ex {
    if (!is_min_max(ai)) return ai;
    std::vector<ex> ai_args = args_of(ai);
    Function f = *function_of(ai);
    if (!contains(ai_args, a)) {
      std::vector<ex> inner;
      for (const ex& x : ai_args) inner.push_back(reduce(x, a));
      return unevaluated(f, inner);
    }
    if (f == cls.self) {
      std::vector<ex> inner;
      for (const ex& x : ai_args)
        if (!x.is_equal(a)) inner.push_back(reduce(x, a));
      return unevaluated(f, inner);
    }
    return a;
  };
  for (size_t i = 0; i < args.size(); ++i)
    for (size_t j = i + 1; j < args.size(); ++j) args[j] = reduce(args[j], args[i]);
  // factor out common arguments: Min(Max(x, y), Max(x, z)) -> Max(x, Min(y, z))
  if (args.size() > 1) {
    std::vector<ex> other_args, remaining;
    for (const ex& a : args) (is_function(a, other) ? other_args : remaining).push_back(a);
    if (!other_args.empty()) {
      std::vector<ex> common = args_of(other_args[0]);
      for (size_t k = 1; k < other_args.size(); ++k) {
        std::vector<ex> next_common;
        std::vector<ex> these = args_of(other_args[k]);
        for (const ex& c : common)
          if (contains(these, c)) next_common.push_back(c);
        common = next_common;
      }
      if (!common.empty()) {
        std::vector<ex> new_other_args = common;
        std::vector<std::vector<ex>> diffs;
        bool all_nonempty = true;
        for (const ex& o : other_args) {
          std::vector<ex> d;
          for (const ex& x : args_of(o))
            if (!contains(common, x)) d.push_back(x);
          if (d.empty()) all_nonempty = false;
          diffs.push_back(d);
        }
        if (all_nonempty) {
          std::vector<ex> parts;
          for (const auto& d : diffs) parts.push_back(unevaluated(other, d));
          new_other_args.push_back(unevaluated(cls.self, parts));
        }
        remaining.push_back(unevaluated(other, new_other_args));
        args = remaining;
      }
    }
  }
  return args;
}

// _collapse_known_multiplicative_terms: c1*t and c2*t of one sign of t.
std::optional<ex> collapse_multiples(const Lattice& cls, const std::vector<ex>& values) {
  if (values.size() != 2) return std::nullopt;
  const ex &a = values[0], &b = values[1];
  auto [a_coeff, a_term] = as_coeff_mul(a);
  auto [b_coeff, b_term] = as_coeff_mul(b);
  if (!a_term.is_equal(b_term)) return std::nullopt;
  if (a_coeff == b_coeff) return a;
  Facts t = facts(a_term);
  bool a_is_smaller;
  if (is_true(t.nonnegative)) a_is_smaller = a_coeff < b_coeff;
  else if (is_true(t.nonpositive)) a_is_smaller = a_coeff > b_coeff;
  else return std::nullopt;
  if (!cls.is_max()) return a_is_smaller ? a : b;
  return a_is_smaller ? b : a;
}

// PyTorch's _find_localzeros.
std::vector<ex> find_localzeros(const Lattice& cls, const std::vector<ex>& values) {
  std::vector<ex> others;
  std::optional<numeric> num;
  for (const ex& a : values) {
    if (is_numeric(a)) {
      const numeric& n = numeric_of(a);
      if (!num) num = n;
      else if (cls.is_max() ? n > *num : n < *num) num = n;
    } else if (!contains(others, a)) {
      others.push_back(a);
    }
  }
  if (!num) {
    if (auto c = collapse_multiples(cls, others)) return {*c};
    return others;
  }
  if (others.empty()) return {*num};
  if (others.size() == 1) {
    Facts f = facts(others[0]);
    if (num->is_zero() && is_true(f.nonnegative)) return cls.is_max() ? others : std::vector<ex>{*num};
    if (*num == 1 && is_true(f.positive)) return cls.is_max() ? others : std::vector<ex>{*num};
  }
  others.push_back(*num);
  return others;
}

ex min_or_max(const Lattice& cls, const std::vector<ex>& input) {
  std::vector<ex> args;
  for (const ex& a : input) {
    if (is_relation(a) || is_boolean_constant(a)) throw std::invalid_argument("Max/Min of a boolean expression");
    if (is_function(a, cls.self)) {
      for (const ex& x : args_of(a))
        if (!contains(args, x)) args.push_back(x);
    } else if (!contains(args, a)) {
      args.push_back(a);
    }
  }
  args = collapse_arguments(cls, args);
  args = find_localzeros(cls, args);
  std::vector<ex> distinct;
  for (const ex& a : args)
    if (!contains(distinct, a)) distinct.push_back(a);
  if (distinct.empty()) throw std::logic_error("Max/Min of nothing");
  if (distinct.size() == 1) return distinct[0];
  return make_function(cls.self, ordered(distinct));
}

} // namespace

namespace {

ex memoized(const Lattice& cls, const std::vector<ex>& args) {
  if (args.size() != 2) return min_or_max(cls, args);
  return ConstructionMemo::instance().get(static_cast<uint8_t>(cls.self), args[0], args[1], 0,
                                          [&] { return min_or_max(cls, args); });
}

} // namespace

ex max(const std::vector<ex>& args) { return memoized({Function::Max, Function::Min}, args); }
ex min(const std::vector<ex>& args) { return memoized({Function::Min, Function::Max}, args); }

} // namespace refc::symbolic::build
