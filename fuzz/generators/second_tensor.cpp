// second_tensor: a tensor argument y whose shape relates to x's - the same
// sizes (some calls pass x itself as y), broadcast against it, a matmul
// partner, concatenated to it, or a duck-sized partner whose sizes are
// independent but start out equal (duck sizing gives equal sizes one
// symbol; a later unequal call must recompile). A size x shares with y, an
// unmarked tensor whose first call is static, specializes there (2.14
// raises ConstraintViolationError for a mark_dynamic on it).
#include "fuzz/builder.h"

namespace refc::fuzz {

void second_tensor(Builder& b) {
  const int last = b.rank() - 1;
  std::vector<int> x_sizes;
  for (int d = 0; d <= last; ++d) x_sizes.push_back(b.x_size(d));
  switch (b.rng.below(5)) {
  case 0:
    b.tensor_param("y", x_sizes, /*may_alias_x=*/true);
    b.step(b.rng.pick({"out = out * y", "out = out + y.flip(0)", "out = torch.maximum(out, y)"}));
    for (int s : x_sizes) b.specializes(s);
    break;
  case 1: {
    std::vector<int> sizes;
    for (int d = static_cast<int>(b.rng.below(static_cast<size_t>(b.rank()))); d <= last; ++d) {
      sizes.push_back(b.rng.percent(50) ? -1 : x_sizes[static_cast<size_t>(d)]);
      if (sizes.back() >= 0) b.specializes(sizes.back());
    }
    b.tensor_param("y", sizes);
    b.step("out = out + y");
    break;
  }
  case 2: {
    const int m = b.shapes.add_size(1, 4);
    b.tensor_param("y", {x_sizes.back(), m});
    b.specializes(x_sizes.back());
    b.step("out = out + (out @ y).sum(-1, keepdim=True)");
    break;
  }
  case 3: {
    std::vector<int> sizes = x_sizes;
    sizes.front() = b.shapes.add_size(0, 4);
    for (size_t d = 1; d < sizes.size(); ++d) b.specializes(sizes[d]);
    b.tensor_param("y", sizes);
    b.step("out = out + torch.cat([out, y])[: x.shape[0]]");
    break;
  }
  default: {
    const int e = b.shapes.add_size(1, 6);
    b.shapes.pair(x_sizes.front(), e);
    b.tensor_param("y", {e});
    b.step(b.rng.pick({"out = out * y.shape[0] + y.sum()", "out = out + (y.shape[0] - x.shape[0])",
                       "out = out * y.numel()"}));
    break;
  }
  }
  for (int s : x_sizes) b.guards(s);
  b.out_is_fresh();
}

} // namespace refc::fuzz
