// graph_breaks: f is split into several graphs - an explicit graph_break(),
// a print, a branch on a tensor's value - with values live across the break
// (the resume function must carry them).
#include "fuzz/builder.h"

namespace refc::fuzz {

void graph_breaks(Builder& b) {
  switch (b.rng.below(4)) {
  case 0: b.step("torch._dynamo.graph_break()"); break;
  case 1:
    b.step("t = out * 2\ntorch._dynamo.graph_break()\nout = out + t");
    // The resume function gets t as an unmarked input, static at first: `out + t` specializes
    // the sizes a marked out shares with it (2.14 raises ConstraintViolationError).
    for (int d = 0; d < b.rank(); ++d) b.specializes(b.x_size(d));
    break;
  case 2: b.step("print(\"between graphs\")\nout = out + 1"); break;
  default: b.step("if out.sum() > 0:\n    out = out + 1\nelse:\n    out = out - 1"); break;
  }
  b.out_is_fresh();
}

} // namespace refc::fuzz
