// containers: a list, tuple or dict argument whose length, keys (and key
// order) or values change between calls, iterated by f.
#include "fuzz/builder.h"

namespace refc::fuzz {

void containers(Builder& b) {
  switch (b.rng.below(3)) {
  case 0:
    b.param("items", b.sequence({"[1, 2]", "[1, 2, 3]", "[2]", "[1, 2.5]"}, 60), "list items");
    b.step(b.rng.pick({"for v in items:\n    out = out + v", "out = out * len(items)"}));
    break;
  case 1:
    b.param("items", b.sequence({"(1, 2)", "(1, 2, 3)", "(3,)"}, 60), "tuple items");
    b.step("for v in items:\n    out = out * 2 + v");
    break;
  default:
    b.param("d", b.sequence({"{\"a\": 1, \"b\": 2}", "{\"b\": 2, \"a\": 1}", "{\"a\": 1, \"b\": 3}", "{\"a\": 1}"}, 60),
            "dict d");
    b.step("for k in d:\n    out = out * 10 + d[k]");
    break;
  }
  b.out_is_fresh();
}

} // namespace refc::fuzz
