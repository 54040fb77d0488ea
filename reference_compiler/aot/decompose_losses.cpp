// Decompositions of loss functions and their backward formulas
// (decompositions.def, "losses"): mean squared error as pow and mean, and
// the negative log-likelihood as gather (forward) and scatter (backward)
// over the target classes, with ignore_index masked by where, as 2.14's
// decompositions write them.
#include "reference_compiler/aot/decompose.h"

#include "reference_compiler/lang/tuple_object.h"

namespace refc::aot::decomp {

namespace {

enum Reduction : int64_t { kNone = 0, kMean = 1, kSum = 2 };

Tensor reduce(const Tensor& loss, int64_t reduction) {
  if (reduction == kMean) return call_tensor("mean", loss);
  if (reduction == kSum) return call_tensor("sum", loss);
  return loss;
}

} // namespace

lang::Value decompose_mse_loss(const ops::OpArgs& a) {
  const Tensor self = a.tensor(0);
  if (!is_opmath(self)) return {};
  Tensor loss = call_tensor("pow.Tensor_Scalar", call_tensor("sub.Tensor", self, a.tensor(1)), 2);
  return result(reduce(loss, a.int_(2)));
}

// norm * (input - target) * grad, norm = 2 / numel for the mean.
lang::Value decompose_mse_loss_backward(const ops::OpArgs& a) {
  const Tensor grad = a.tensor(0), self = a.tensor(1);
  if (!is_opmath(self)) return {};
  const double norm = a.int_(3) == kMean ? 2.0 / static_cast<double>(self.numel()) : 2.0;
  Tensor diff = call_tensor("mul.Tensor", call_tensor("sub.Tensor", self, a.tensor(2)), norm);
  return result(call_tensor("mul.Tensor", diff, grad));
}

lang::Value decompose_nll_loss_forward(const ops::OpArgs& a) {
  const Tensor self = a.tensor(0), target = a.tensor(1);
  if (a.optional_tensor(2).defined() || !is_opmath(self)) return {}; // class weights: traced as the op
  const int64_t reduction = a.int_(3);
  const lang::Value ignore_index = ops::to_arg(a.sym_int(4));
  const int64_t channel_dim = self.dim() < 2 ? 0 : 1;
  Tensor kept = call_tensor("ne.Scalar", target, ignore_index);
  Tensor safe_target = call_tensor("where.self", kept, target, scalar_like(0, target));
  Tensor picked = call_tensor("gather", self, channel_dim, call_tensor("unsqueeze", safe_target, channel_dim));
  Tensor loss = call_tensor("neg", call_tensor("squeeze.dim", picked, channel_dim));
  loss = call_tensor("where.self", kept, loss, scalar_like(0, loss));
  Tensor total_weight;
  if (reduction == kNone && self.dim() > 1) {
    total_weight = call_tensor("new_full", self, tensor::IntVector{}, 0.0);
  } else {
    total_weight = call_tensor("_to_copy", call_tensor("sum", kept), self.dtype());
    if (reduction == kSum) loss = call_tensor("sum", loss);
    else if (reduction == kMean) loss = call_tensor("div.Tensor", call_tensor("sum", loss), total_weight);
  }
  return lang::Value(lang::make_tuple({loss.to_value(), total_weight.to_value()}));
}

lang::Value decompose_nll_loss_backward(const ops::OpArgs& a) {
  Tensor grad = a.tensor(0);
  const Tensor self = a.tensor(1), target = a.tensor(2);
  if (a.optional_tensor(3).defined() || !is_opmath(self)) return {};
  const lang::Value ignore_index = ops::to_arg(a.sym_int(5));
  const int64_t channel_dim = self.dim() < 2 ? 0 : 1;
  if (a.int_(4) == kMean) grad = call_tensor("div.Tensor", grad, a.tensor(6));
  Tensor t = call_tensor("unsqueeze", target, channel_dim);
  Tensor kept = call_tensor("ne.Scalar", t, ignore_index);
  Tensor safe_target = call_tensor("where.self", kept, t, scalar_like(0, t));
  Tensor grad_input = call_tensor("scatter.value", call_tensor("zeros_like", self), channel_dim, safe_target, -1.0);
  if (grad_input.dim() > grad.dim() && grad.dim() > 0) grad = call_tensor("unsqueeze", grad, channel_dim);
  grad_input = call_tensor("where.self", kept, grad_input, scalar_like(0, grad_input));
  return result(call_tensor("mul.Tensor", grad_input, grad));
}

} // namespace refc::aot::decomp
