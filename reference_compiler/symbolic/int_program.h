// IntProgram: an integer or boolean expression compiled to a flat postfix
// program over int64 slots — how a shape guard runs on each call (GiNaC
// substitution is ~70x slower, docs/design/symbolic.md). Semantics are
// Python's: // and % floor, booleans are 0 / 1; arithmetic wraps on int64
// overflow (sizes never come near it). run() allocates nothing.
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <vector>

#include "reference_compiler/symbolic/expr.h"

namespace refc::symbolic {

class IntProgram {
public:
  // slot_of(symbol) gives the index of the symbol's value in run()'s slots.
  // Throws std::invalid_argument for float-valued parts (no int program).
  static IntProgram compile(const Expr& e, const std::function<int(const Expr& symbol)>& slot_of);

  // Throws std::domain_error on division or modulo by zero.
  int64_t run(const int64_t* slots) const;

  size_t size() const { return code_.size(); }

  // A program that is one comparison of a slot with a constant (`2 <=
  // s0`, `Eq(s1, 3)`), as the bounds lo <= slots[slot] <= hi it checks; most
  // shape guards are, and checking the bounds needs no program loop.
  struct Range {
    int slot;
    int64_t lo, hi;
  };
  std::optional<Range> as_range() const;

  enum class Op : uint8_t {
    Const,    // push arg
    Slot,     // push slots[arg]
    Add,      // a b -> a + b
    AddConst, // a -> a + arg
    Mul,      // a b -> a * b
    MulConst, // a -> a * arg
    PowConst, // a -> a ** arg
    FloorDiv, // a b -> a // b
    Mod,      // a b -> a % b (Python)
    Max,
    Min,
    Eq,
    Ne,
    Lt,
    Le,
    Gt,
    Ge,
    And,
    Or,
    Not,
    Pow, // a b -> a ** b (b >= 0)
  };
  struct Step {
    Op op;
    int64_t arg;
  };

private:
  std::vector<Step> code_;
  int max_depth_ = 0;
};

} // namespace refc::symbolic
