// simplify_inputs: plainer inputs - floating inputs as float32, every
// tensor contiguous in storage of its own, no requires_grad - each change
// tried on its own, kept when the failure stays.
#include "minifier/strategy.h"
#include "reference_compiler/ops/call.h"
#include "reference_compiler/tensor/tensor.h"

namespace refc::minifier {

namespace {

using tensor::Tensor;

struct Simplification {
  bool (*applies)(const Tensor&);
  lang::Value (*apply)(const Tensor&);
};

const Simplification kSimplifications[] = {
    {[](const Tensor& t) { return tensor::is_floating(t.dtype()) && t.dtype() != tensor::DType::Float32; },
     [](const Tensor& t) { return ops::call("to.dtype", t, tensor::DType::Float32); }},
    {[](const Tensor& t) {
       return !t.is_contiguous() || t.storage_offset() != 0 ||
              t.impl()->storage->nbytes != static_cast<size_t>(t.numel()) * tensor::itemsize(t.dtype());
     },
     [](const Tensor& t) { return ops::call("clone", ops::call_tensor("contiguous", t)); }},
    {[](const Tensor& t) { return t.requires_grad(); }, [](const Tensor& t) { return ops::call("detach", t); }},
};

} // namespace

std::optional<Candidate> simplify_inputs(const Candidate& current, Oracle& oracle) {
  std::optional<Candidate> best;
  for (;;) {
    const Candidate& from = best ? *best : current;
    std::vector<Candidate> candidates;
    for (const Simplification& s : kSimplifications) {
      std::vector<lang::Value> inputs = from.inputs;
      bool changed = false;
      for (lang::Value& v : inputs)
        if (tensor::is_tensor(v) && s.applies(Tensor::from_value(v))) {
          v = s.apply(Tensor::from_value(v));
          changed = true;
        }
      if (changed) candidates.push_back(with_inputs(from, std::move(inputs)));
    }
    std::optional<Candidate> c = first_reproducing(oracle, candidates);
    if (!c) return best;
    best = std::move(c);
  }
}

} // namespace refc::minifier
