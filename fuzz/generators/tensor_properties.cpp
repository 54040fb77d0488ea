// tensor_properties: branches on what TENSOR_MATCH and the global state
// guard - dtype, contiguity, strides, requires_grad, grad mode - with
// calls that change that property.
#include "fuzz/builder.h"

namespace refc::fuzz {

void tensor_properties(Builder& b) {
  struct Check {
    const char* condition;
    Vary varies;
  };
  static const Check kChecks[] = {
      {"x.dtype == torch.float32", Vary::Dtype},
      {"x.is_contiguous()", Vary::Layout},
      {"x.stride(-1) == 1", Vary::Layout},
      {"x.requires_grad", Vary::RequiresGrad},
      {"torch.is_grad_enabled()", Vary::GradMode},
  };
  const Check& c = kChecks[b.rng.below(std::size(kChecks))];
  b.vary(c.varies);
  b.step(std::string("if ") + c.condition + ":\n    out = out + 1\nelse:\n    out = out - 1");
  b.out_is_fresh();
}

} // namespace refc::fuzz
