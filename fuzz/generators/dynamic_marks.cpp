// dynamic_marks: marks on x's dimensions at every call - maybe_mark_dynamic
// anywhere, mark_dynamic on sizes f does not specialize (kept at 2 or more:
// 0 and 1 specialize), mark_unbacked on sizes f never guards on.
#include "fuzz/builder.h"

namespace refc::fuzz {

void dynamic_marks(Builder& b) {
  for (int dim = 0; dim < b.rank(); ++dim) {
    if (!b.rng.percent(60)) continue;
    const int size = b.x_size(dim);
    const std::string d = std::to_string(dim);
    const size_t kind = b.rng.below(3);
    if (kind == 1 && !b.is_specialized(size)) {
      b.shapes.at_least(size, 2);
      b.mark("torch._dynamo.mark_dynamic({}, " + d + ")");
    } else if (kind == 2 && !b.is_guarded(size)) {
      b.mark("torch._dynamo.decorators.mark_unbacked({}, " + d + ")");
    } else {
      b.mark("torch._dynamo.maybe_mark_dynamic({}, " + d + ")");
    }
  }
}

} // namespace refc::fuzz
