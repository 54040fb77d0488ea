// globals: f reads a global number or flag that the program reassigns
// between calls.
#include "fuzz/builder.h"

namespace refc::fuzz {

void globals(Builder& b) {
  if (b.rng.percent(60)) {
    b.state("global SCALE", b.sequence({"2", "3", "0.5"}, 50), [](const std::string& v) { return "SCALE = " + v; });
    b.step("out = out * SCALE");
  } else {
    b.state("global FLAG", b.sequence({"True", "False"}, 50), [](const std::string& v) { return "FLAG = " + v; });
    b.step("if FLAG:\n    out = out + 1");
  }
  b.out_is_fresh();
}

} // namespace refc::fuzz
