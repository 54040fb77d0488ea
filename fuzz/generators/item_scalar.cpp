// item_scalar: a Python number read out of a tensor with .item() - a graph
// break by default, an unbacked symbol under capture_scalar_outputs - used
// in arithmetic, sometimes in a branch.
#include "fuzz/builder.h"

namespace refc::fuzz {

void item_scalar(Builder& b) {
  if (b.rng.percent(50)) b.header("torch._dynamo.config.capture_scalar_outputs = True");
  b.step("s = out.sum().item()");
  b.step(b.rng.pick({"out = out * 0.5 + s", "out = out - s"}));
  if (b.rng.percent(40)) b.step("if s > 0:\n    out = out + 1");
  b.out_is_fresh();
}

} // namespace refc::fuzz
