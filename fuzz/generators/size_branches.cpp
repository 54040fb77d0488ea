// size_branches: branches on x's sizes (one size against a constant, two
// sizes against each other) registered with the shape plan, so calls land
// on both sides of each boundary; loops over a small size (which
// specialize it); sizes used as numbers.
#include "fuzz/builder.h"

namespace refc::fuzz {

void size_branches(Builder& b) {
  static const std::vector<std::string> kThen = {"out = out + 1", "out = out.sin()", "out = out * out"};
  static const std::vector<std::string> kElse = {"out = out * 2", "out = out.cos()", "out = out - 3"};
  const int64_t uses = b.rng.between(1, 2);
  for (int64_t u = 0; u < uses; ++u) {
    const int dim = static_cast<int>(b.rng.below(static_cast<size_t>(b.rank())));
    const int size = b.x_size(dim);
    switch (b.rng.below(4)) {
    case 0:
    case 1: {
      const int64_t k = b.rng.between(0, 5);
      b.shapes.branch({{{{size, 1}}, -k}, Cmp::Gt});
      // `> 2` false pins a size mark_dynamic keeps at 2 or more (2.14 raises ConstraintViolationError).
      if (k == 2) b.specializes(size);
      else b.guards(size);
      b.step("if " + b.x_size_expr(dim) + " > " + std::to_string(k) + ":\n    " + b.rng.pick(kThen) + "\nelse:\n    " +
             b.rng.pick(kElse));
      break;
    }
    case 2: {
      if (b.rank() < 2) continue;
      const int other = (dim + 1) % b.rank();
      const int64_t k = b.rng.between(-2, 3);
      // x.shape[dim] * 2 >= x.shape[other] + k  <=>  2*a - b - k >= 0
      b.shapes.branch({{{{size, 2}, {b.x_size(other), -1}}, -k}, Cmp::Ge});
      // With the other size at 1 (specialized), one side pins this one: no mark_dynamic on either.
      b.specializes(size);
      b.specializes(b.x_size(other));
      b.step("if " + b.x_size_expr(dim) + " * 2 >= " + b.x_size_expr(other) + " + " + std::to_string(k) + ":\n    " +
             b.rng.pick(kThen) + "\nelse:\n    " + b.rng.pick(kElse));
      break;
    }
    default:
      if (b.rng.percent(50)) {
        b.specializes(size);
        b.shapes.at_most(size, 4);
        b.step("for i in range(" + b.x_size_expr(dim) + "):\n    out = out + i");
      } else {
        b.step("out = out * " + b.x_size_expr(dim) + " + x.shape[-1]");
      }
      break;
    }
  }
  b.out_is_fresh();
}

} // namespace refc::fuzz
