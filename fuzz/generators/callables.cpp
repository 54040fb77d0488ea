// callables: a function or an object passed as an argument and called by
// f - torch functions, module-level functions, instances of different
// classes with the same method (ID_MATCH and TYPE_MATCH territory).
#include "fuzz/builder.h"

namespace refc::fuzz {

void callables(Builder& b) {
  switch (b.rng.below(3)) {
  case 0:
    b.param("fn", b.sequence({"torch.sin", "torch.cos", "torch.tanh", "torch.relu"}, 60), "function fn");
    b.step("out = fn(out)");
    break;
  case 1:
    b.header("\n\ndef double(t): return t * 2\n\n\ndef halve(t): return t / 2");
    b.param("fn", b.sequence({"double", "halve"}, 60), "function fn");
    b.step("out = fn(out)");
    break;
  default:
    b.header("\n\nclass Up:\n    def step(self, t): return t + 1\n\n\nclass Down:\n    def step(self, t): return t - 1");
    b.param("mover", b.sequence({"Up()", "Down()"}, 60), "class of mover");
    b.step("out = mover.step(out)");
    break;
  }
  b.out_is_fresh();
}

} // namespace refc::fuzz
