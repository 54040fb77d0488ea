// cond: torch.cond with a predicate on out's values or on x's size.
#include "fuzz/builder.h"

namespace refc::fuzz {

void cond(Builder& b) {
  b.header("\n\ndef cond_true(t): return t.sin()\n\n\ndef cond_false(t): return t.cos() + 1");
  if (b.rng.percent(50)) {
    b.step("out = torch.cond(out.sum() > 0, cond_true, cond_false, (out,))");
  } else {
    b.guards(b.x_size(0));
    b.shapes.branch({{{{b.x_size(0), 1}}, -2}, Cmp::Gt});
    b.step("out = torch.cond(x.shape[0] > 2, cond_true, cond_false, (out,))");
  }
  b.out_is_fresh();
}

} // namespace refc::fuzz
