// consolidate_inputs: one input for inputs that hold equal values (cutting
// ops out often leaves several copies of one value as separate inputs).
#include "minifier/strategy.h"
#include "reference_compiler/ops/call.h"
#include "reference_compiler/tensor/tensor.h"

#include <algorithm>

namespace refc::minifier {

namespace {

bool equal_inputs(const lang::Value& a, const lang::Value& b) {
  using tensor::Tensor;
  if (tensor::is_tensor(a) != tensor::is_tensor(b)) return false;
  if (!tensor::is_tensor(a)) return a.is_intlike() && b.is_intlike() && a.as_int() == b.as_int();
  const Tensor x = Tensor::from_value(a), y = Tensor::from_value(b);
  return x.dtype() == y.dtype() && std::ranges::equal(x.sizes(), y.sizes()) && std::ranges::equal(x.strides(), y.strides()) &&
         x.requires_grad() == y.requires_grad() && ops::call("equal", x, y).as_bool();
}

} // namespace

std::optional<Candidate> consolidate_inputs(const Candidate& current, Oracle& oracle) {
  const size_t n = current.inputs.size();
  std::vector<size_t> same_as(n);
  bool merged = false;
  for (size_t i = 0; i < n; ++i) {
    same_as[i] = i;
    for (size_t j = 0; j < i && same_as[i] == i; ++j)
      if (same_as[j] == j && equal_inputs(current.inputs[i], current.inputs[j])) {
        same_as[i] = j;
        merged = true;
      }
  }
  if (!merged) return std::nullopt;
  return first_reproducing(oracle, {merge_inputs(current, same_as)});
}

} // namespace refc::minifier
