// pointwise: one to three shape-preserving steps of elementwise ops and
// reductions broadcast back; valid for every float tensor, empty ones too.
#include "fuzz/builder.h"

namespace refc::fuzz {

void pointwise(Builder& b) {
  static const std::vector<std::string> kSteps = {
      "out = torch.sin(out) * 2",
      "out = torch.relu(out - 0.5)",
      "out = out * 3 + 1",
      "out = torch.tanh(out) + out",
      "out = torch.where(out > 0, out, out * -0.5)",
      "out = out + out.sum(0)",
      "out = out - out.mean()",
      "out = torch.sigmoid(out) * out",
      "out = out.abs().sqrt()",
      "out = torch.clamp(out, -1, 1)",
      "out = torch.cumsum(out, 0)",
      "out = out.softmax(-1)",
  };
  const int64_t steps = b.rng.between(1, 3);
  for (int64_t i = 0; i < steps; ++i) b.step(b.rng.pick(kSteps));
  b.out_is_fresh();
}

} // namespace refc::fuzz
