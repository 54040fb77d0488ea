// ShapePlan: the sizes of a program's tensor arguments, call by call. A
// generator declares size symbols with their bounds and the constraints its
// ops need at every call (an elementwise partner has equal sizes, a view
// needs a multiple of 2, a loop needs a small bound), and the shape facts
// its guards will depend on: branches on sizes and pairs of sizes duck
// sizing may merge. The plan then picks each call's sizes with Z3 so that
// every constraint holds and calls land on guard edges: both sides of every
// branch's boundary (the value that flips it), sizes crossing 0, 1 and 2,
// paired sizes equal and then unequal, a call that changes nothing.
#pragma once

#include "fuzz/rng.h"

#include <cstdint>
#include <set>
#include <string>
#include <utility>
#include <vector>

namespace refc::fuzz {

// sum(coefficient * size) + constant, compared with 0.
struct Linear {
  std::vector<std::pair<int, int64_t>> terms; // (size symbol, coefficient)
  int64_t constant = 0;
};
enum class Cmp { Eq, Ne, Gt, Ge };
struct Atom {
  Linear lhs;
  Cmp cmp;
};

class ShapePlan {
public:
  // A new size symbol with bounds [lo, hi].
  int add_size(int64_t lo, int64_t hi);
  void at_least(int size, int64_t lo);
  void at_most(int size, int64_t hi);
  void multiple_of(int size, int64_t k);
  void require(Atom atom);  // holds at every call
  void branch(Atom atom);   // a branch of the program: calls on both sides are wanted
  void pair(int a, int b);  // sizes duck sizing may merge
  int64_t lower_bound(int size) const { return bounds_[static_cast<size_t>(size)].first; }
  size_t sizes() const { return bounds_.size(); }

  // Each call's value of every size. changes[k] receives what call k changed
  // ("sizes", "sizes on a branch boundary", "paired sizes unequal", ...).
  std::vector<std::vector<int64_t>> plan(Rng& rng, int calls, std::vector<std::set<std::string>>& changes) const;

private:
  std::vector<std::pair<int64_t, int64_t>> bounds_;
  std::vector<std::pair<int, int64_t>> multiples_;
  std::vector<Atom> required_, branches_;
  std::vector<std::pair<int, int>> pairs_;
};

} // namespace refc::fuzz
