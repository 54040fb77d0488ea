// ShapePlan (see shape_plan.h). Every call is one small linear integer
// problem: the constraints, the edge the call aims at, and soft wishes (the
// previous call's values, random values) given as many as still leave it
// satisfiable. A fresh Z3 context per plan keeps the answers a function of
// the program alone (a shared context's term numbering would steer them).
#include "fuzz/shape_plan.h"

#include <z3++.h>

#include <algorithm>

namespace refc::fuzz {

int ShapePlan::add_size(int64_t lo, int64_t hi) {
  bounds_.emplace_back(lo, hi);
  return static_cast<int>(bounds_.size() - 1);
}
void ShapePlan::at_least(int size, int64_t lo) {
  auto& b = bounds_[static_cast<size_t>(size)];
  b.first = std::max(b.first, lo);
  b.second = std::max(b.second, b.first);
}
void ShapePlan::at_most(int size, int64_t hi) {
  auto& b = bounds_[static_cast<size_t>(size)];
  b.second = std::max(std::min(b.second, hi), b.first);
}
void ShapePlan::multiple_of(int size, int64_t k) { multiples_.emplace_back(size, k); }
void ShapePlan::require(Atom atom) { required_.push_back(std::move(atom)); }
void ShapePlan::branch(Atom atom) { branches_.push_back(std::move(atom)); }
void ShapePlan::pair(int a, int b) { pairs_.emplace_back(a, b); }

namespace {

enum class Edge { Same, Fresh, Boundary, PairEqual, PairUnequal, Small };

z3::expr linear(z3::context& ctx, const std::vector<z3::expr>& vars, const Linear& l) {
  z3::expr e = ctx.int_val(static_cast<int64_t>(l.constant));
  for (auto [v, c] : l.terms) e = e + ctx.int_val(static_cast<int64_t>(c)) * vars[static_cast<size_t>(v)];
  return e;
}

z3::expr holds(z3::context& ctx, const std::vector<z3::expr>& vars, const Atom& a) {
  const z3::expr e = linear(ctx, vars, a.lhs);
  switch (a.cmp) {
  case Cmp::Eq: return e == 0;
  case Cmp::Ne: return e != 0;
  case Cmp::Gt: return e > 0;
  case Cmp::Ge: return e >= 0;
  }
  return ctx.bool_val(true);
}

// The boundary of `a` from one side: the atom just holds (lhs at its
// smallest passing value) or just fails.
z3::expr boundary(z3::context& ctx, const std::vector<z3::expr>& vars, const Atom& a, bool passing) {
  const z3::expr e = linear(ctx, vars, a.lhs);
  switch (a.cmp) {
  case Cmp::Gt: return passing ? e == 1 : e == 0;
  case Cmp::Ge: return passing ? e == 0 : e == -1;
  case Cmp::Eq: return passing ? e == 0 : (e == 1 || e == -1);
  case Cmp::Ne: return passing ? (e == 1 || e == -1) : e == 0;
  }
  return ctx.bool_val(true);
}

} // namespace

std::vector<std::vector<int64_t>> ShapePlan::plan(Rng& rng, int calls, std::vector<std::set<std::string>>& changes) const {
  const size_t n = bounds_.size();
  std::vector<std::vector<int64_t>> values;
  if (n == 0) {
    values.assign(static_cast<size_t>(calls), {});
    return values;
  }
  z3::context ctx;
  z3::solver solver(ctx, "QF_LIA");
  std::vector<z3::expr> vars;
  for (size_t i = 0; i < n; ++i) {
    vars.push_back(ctx.int_const(("s" + std::to_string(i)).c_str()));
    solver.add(vars[i] >= ctx.int_val(static_cast<int64_t>(bounds_[i].first)) &&
               vars[i] <= ctx.int_val(static_cast<int64_t>(bounds_[i].second)));
  }
  for (auto [v, k] : multiples_) solver.add(z3::mod(vars[static_cast<size_t>(v)], ctx.int_val(static_cast<int64_t>(k))) == 0);
  for (const Atom& a : required_) solver.add(holds(ctx, vars, a));

  auto random_value = [&](size_t i) { return rng.between(bounds_[i].first, bounds_[i].second); };
  // Solves under `edge` with as many of `wishes` as fit (tried whole, then
  // without the symbols the edge is about, then none); empty when the edge
  // itself cannot hold.
  auto solve = [&](const z3::expr& edge, const std::vector<int64_t>& wishes, const std::vector<bool>& keep) {
    std::vector<int64_t> out;
    for (int attempt = 0; attempt < 3; ++attempt) {
      solver.push();
      solver.add(edge);
      for (size_t i = 0; i < n; ++i)
        if (attempt == 0 || (attempt == 1 && keep[i])) solver.add(vars[i] == ctx.int_val(static_cast<int64_t>(wishes[i])));
      if (solver.check() == z3::sat) {
        z3::model m = solver.get_model();
        for (size_t i = 0; i < n; ++i) out.push_back(m.eval(vars[i], true).get_numeral_int64());
        solver.pop();
        return out;
      }
      solver.pop();
    }
    return out;
  };

  for (int k = 0; k < calls; ++k) {
    std::vector<int64_t> wishes(n);
    std::vector<bool> keep(n, true);
    for (size_t i = 0; i < n; ++i) wishes[i] = random_value(i);
    z3::expr edge = ctx.bool_val(true);
    Edge kind = Edge::Fresh;
    if (k == 0 && !pairs_.empty() && rng.percent(50)) { // duck sizing merges what starts out equal
      auto [a, b] = rng.pick(pairs_);
      edge = vars[static_cast<size_t>(a)] == vars[static_cast<size_t>(b)];
    }
    if (k > 0) {
      const int weights[] = {25, 20, branches_.empty() ? 0 : 30, pairs_.empty() ? 0 : 12, pairs_.empty() ? 0 : 12, 10};
      kind = static_cast<Edge>(rng.weighted(weights));
      const std::vector<int64_t>& before = values.back();
      switch (kind) {
      case Edge::Same: values.push_back(before); continue;
      case Edge::Fresh: break;
      case Edge::Boundary: {
        const Atom& a = rng.pick(branches_);
        edge = boundary(ctx, vars, a, rng.percent(50));
        wishes = before;
        for (auto [v, c] : a.lhs.terms) keep[static_cast<size_t>(v)] = false;
        break;
      }
      case Edge::PairEqual:
      case Edge::PairUnequal: {
        auto [a, b] = rng.pick(pairs_);
        edge = kind == Edge::PairEqual ? vars[static_cast<size_t>(a)] == vars[static_cast<size_t>(b)]
                                       : vars[static_cast<size_t>(a)] != vars[static_cast<size_t>(b)];
        wishes = before;
        keep[static_cast<size_t>(a)] = keep[static_cast<size_t>(b)] = false;
        break;
      }
      case Edge::Small: {
        const size_t i = rng.below(n);
        edge = vars[i] == ctx.int_val(static_cast<int64_t>(std::max<int64_t>(bounds_[i].first, rng.between(0, 2))));
        wishes = before;
        keep[i] = false;
        break;
      }
      }
    }
    std::vector<int64_t> chosen = solve(edge, wishes, keep);
    if (chosen.empty()) chosen = k > 0 ? values.back() : solve(ctx.bool_val(true), wishes, keep);
    if (chosen.empty()) chosen = wishes; // unreachable for a consistent plan: generators only add satisfiable constraints
    if (k > 0 && chosen != values.back()) {
      static const char* const kWhat[] = {"sizes", "sizes", "sizes on a branch boundary", "paired sizes equal",
                                          "paired sizes unequal", "a size of 0, 1 or 2"};
      changes[static_cast<size_t>(k)].insert(kWhat[static_cast<int>(kind)]);
    }
    values.push_back(std::move(chosen));
  }
  return values;
}

} // namespace refc::fuzz
