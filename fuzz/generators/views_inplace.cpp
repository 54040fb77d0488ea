// views_inplace: views that keep out's shape (transposes, reshapes,
// slices, cat of slices) and in-place ops on a tensor f owns (in-place on
// an argument would be the program's own bug, not the compiler's).
#include "fuzz/builder.h"

namespace refc::fuzz {

void views_inplace(Builder& b) {
  static const std::vector<std::string> kViews = {
      "out = out.transpose(0, -1).contiguous().transpose(0, -1)",
      "out = out.reshape(-1).reshape(out.shape)",
      "out = out.unsqueeze(0).squeeze(0)",
      "out = out.flip(0)",
      "out = torch.cat([out[1:], out[:1]])",
      "out = out.unsqueeze(-1).expand(*out.shape, 2).sum(-1)",
  };
  static const std::vector<std::string> kInPlace = {
      "out.add_(1)", "out.mul_(0.5)", "out.clamp_(min=-0.5)", "out.neg_()", "out.transpose(0, -1).mul_(2)",
      "out[..., :1].zero_()",
  };
  for (int d = 0; d < b.rank(); ++d) b.guards(b.x_size(d)); // slices and flips reason about every size
  const int64_t steps = b.rng.between(1, 3);
  for (int64_t i = 0; i < steps; ++i) {
    if (b.rng.percent(50)) {
      b.step(b.rng.pick(kViews));
      continue;
    }
    b.own_out();
    if (b.rng.percent(15)) {
      b.needs_nonempty();
      b.step("out[0] = 1");
    } else {
      b.step(b.rng.pick(kInPlace));
    }
  }
}

} // namespace refc::fuzz
