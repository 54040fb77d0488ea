// scalar_args: a Python number or bool argument `n`, used in arithmetic and
// in branches, whose value (and, for numbers, type: 2 then 2.0) changes
// between calls - EQUALS_MATCH and TYPE_MATCH territory, and automatic
// dynamic for ints.
#include "fuzz/builder.h"

namespace refc::fuzz {

void scalar_args(Builder& b) {
  const int kind = static_cast<int>(b.rng.below(4));
  if (kind == 3) {
    b.param("n", b.sequence({"True", "False"}, 50), "bool n");
    b.step("if n:\n    out = out * -1");
    return;
  }
  static const std::vector<std::vector<std::string>> kValues = {
      {"0", "1", "2", "3", "-1"}, {"0.5", "2.0", "-1.5"}, {"2", "2.0", "3", "0.5"}};
  static const char* const kWhat[] = {"int n", "float n", "number n (int or float)"};
  b.param("n", b.sequence(kValues[static_cast<size_t>(kind)], 60), kWhat[kind]);
  static const std::vector<std::string> kUses = {
      "out = out * n", "out = out + n / 2", "out = out - n * n", "if n > 1:\n    out = out + 1\nelse:\n    out = out * 2",
  };
  const int64_t uses = b.rng.between(1, 2);
  for (int64_t i = 0; i < uses; ++i) b.step(b.rng.pick(kUses));
  if (kind == 2 && b.rng.percent(60)) b.step("if isinstance(n, float):\n    out = out * 0.5");
  b.out_is_fresh();
}

} // namespace refc::fuzz
