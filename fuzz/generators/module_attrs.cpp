// module_attrs: f calls an nn.Module (a global) whose forward reads a plain
// attribute, a buffer, a parameter and self.training; calls change the
// attribute and the mode.
#include "fuzz/builder.h"

namespace refc::fuzz {

void module_attrs(Builder& b) {
  b.header("\n\nclass Block(torch.nn.Module):\n    def __init__(self):\n        super().__init__()\n"
           "        self.scale = 2.0\n        self.register_buffer(\"shift\", torch.ones(1))\n"
           "        self.weight = torch.nn.Parameter(torch.full((1,), 0.5), requires_grad=False)\n\n"
           "    def forward(self, t): return (t + 1 if self.training else t) * self.scale + self.weight + self.shift\n\n\n"
           "block = Block()");
  if (b.rng.percent(70))
    b.state("module attribute block.scale", b.sequence({"2.0", "3.0", "-1.0"}, 50),
            [](const std::string& v) { return "block.scale = " + v; });
  if (b.rng.percent(50))
    b.state("module mode block.training", b.sequence({"True", "False"}, 40),
            [](const std::string& v) { return "block.train(" + v + ")"; });
  b.step("out = block(out)");
  b.out_is_fresh();
}

} // namespace refc::fuzz
