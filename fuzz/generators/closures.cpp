// closures: f calls a closure whose cell is rebound between calls (through
// __closure__[0].cell_contents, as a nonlocal assignment would) - a guard
// on the cell's contents must notice.
#include "fuzz/builder.h"

namespace refc::fuzz {

void closures(Builder& b) {
  const std::vector<std::string> factors = b.sequence({"2", "3", "0.5"}, 50);
  b.header("\n\ndef make_step(factor):\n    def step(t): return t * factor\n    return step\n\n\nstep = make_step(" +
           factors.front() + ")");
  b.state("closure cell factor", factors,
          [](const std::string& v) { return "step.__closure__[0].cell_contents = " + v; });
  b.step("out = step(out)");
  b.out_is_fresh();
}

} // namespace refc::fuzz
