// Decompositions of layer and batch normalization and their backward
// (decompositions.def, "normalization"), as 2.14's _refs.native_layer_norm,
// decompositions.native_batch_norm_helper and their backward decompositions
// compute them: var_mean over the normalized dims, rsqrt(var + eps), and the
// gradient terms; running statistics are updated by copy_, which
// functionalization turns into the input-mutation epilogue.
#include "reference_compiler/aot/decompose.h"

#include "reference_compiler/lang/abstract.h"
#include "reference_compiler/lang/tuple_object.h"

namespace refc::aot::decomp {

namespace {

// The dims from `axis` to the last (inner) or before it (outer).
tensor::IntVector dim_range(int64_t from, int64_t to) {
  tensor::IntVector out;
  for (int64_t d = from; d < to; ++d) out.push_back(d);
  return out;
}

// x with size-1 dims appended up to `dim` dims (_unsqueeze_to_dim).
Tensor unsqueeze_to_dim(Tensor x, int64_t dim) {
  while (x.dim() < dim) x = call_tensor("unsqueeze", x, -1);
  return x;
}

// x with size-1 dims inserted so it broadcasts against a tensor of
// `mask`'s sizes (1 everywhere but the channel dim).
Tensor broadcast_to_mask(Tensor x, const tensor::SymIntVector& mask) {
  for (int64_t axis = 0; axis < static_cast<int64_t>(mask.size()); ++axis) {
    const bool is_one = mask[static_cast<size_t>(axis)].maybe_int() == std::optional<int64_t>(1);
    if (is_one && !(axis < x.dim() && x.sym_size(axis).maybe_int() == std::optional<int64_t>(1)))
      x = call_tensor("unsqueeze", x, axis);
  }
  return x;
}

lang::Value tuple3(const Tensor& a, const Tensor& b, const Tensor& c) {
  return lang::Value(lang::make_tuple({ops::to_arg(a), ops::to_arg(b), ops::to_arg(c)}));
}

} // namespace

lang::Value decompose_native_layer_norm(const ops::OpArgs& a) {
  const Tensor x = a.tensor(0);
  const Tensor weight = a.optional_tensor(2), bias = a.optional_tensor(3);
  if (!is_opmath(x)) return {};
  const int64_t axis = x.dim() - static_cast<int64_t>(a.sym_int_list(1).size());
  lang::Value stats =
      ops::call("var_mean.correction", x, dim_range(axis, x.dim()), ops::to_arg(int64_t{0}), true);
  const std::vector<Tensor> var_mean = ops::unpack_tensors(stats);
  Tensor rstd = call_tensor("rsqrt", call_tensor("add.Tensor", var_mean[0], a.double_(4)));
  Tensor out = call_tensor("mul.Tensor", call_tensor("sub.Tensor", x, var_mean[1]), rstd);
  if (weight.defined()) out = call_tensor("mul.Tensor", out, weight);
  if (bias.defined()) out = call_tensor("add.Tensor", out, bias);
  return tuple3(out, var_mean[1], rstd);
}

lang::Value decompose_native_layer_norm_backward(const ops::OpArgs& a) {
  const Tensor grad = a.tensor(0), x = a.tensor(1), mean = a.tensor(3), rstd = a.tensor(4);
  const Tensor weight = a.optional_tensor(5), bias = a.optional_tensor(6);
  if (!is_opmath(x) || x.numel() == 0) return {};
  const lang::Value mask_value = a[7];
  const std::vector<lang::Value>& mask = mask_value.as<lang::Tuple>()->items;
  const int64_t axis = x.dim() - static_cast<int64_t>(a.sym_int_list(2).size());
  const tensor::IntVector inner = dim_range(axis, x.dim()), outer = dim_range(0, axis);
  tensor::SymInt n = 1;
  for (int64_t d = axis; d < x.dim(); ++d) n = n * x.sym_size(d);

  Tensor x_hat = call_tensor("mul.Tensor", call_tensor("sub.Tensor", x, mean), rstd);
  Tensor grad_x_hat = weight.defined() ? call_tensor("mul.Tensor", grad, weight) : grad;
  Tensor d_input, d_weight, d_bias;
  if (lang::truthy(mask[0])) {
    Tensor a_term = call_tensor("mul.Tensor", grad_x_hat, n);
    Tensor b_term = call_tensor("sum.dim_IntList", grad_x_hat, inner, true);
    Tensor c2 = call_tensor("sum.dim_IntList", call_tensor("mul.Tensor", grad_x_hat, x_hat), inner, true);
    Tensor inner_term =
        call_tensor("sub.Tensor", call_tensor("sub.Tensor", a_term, b_term), call_tensor("mul.Tensor", x_hat, c2));
    d_input = call_tensor("mul.Tensor", call_tensor("div.Tensor", rstd, n), inner_term);
  }
  if (lang::truthy(mask[1]) && weight.defined()) {
    Tensor g = call_tensor("mul.Tensor", grad, x_hat);
    d_weight = outer.empty() ? g : call_tensor("sum.dim_IntList", g, outer, false);
  }
  if (lang::truthy(mask[2]) && bias.defined())
    d_bias = outer.empty() ? call_tensor("clone", grad) : call_tensor("sum.dim_IntList", grad, outer, false);
  return tuple3(d_input, d_weight, d_bias);
}

lang::Value decompose_native_batch_norm(const ops::OpArgs& a) {
  const Tensor x = a.tensor(0), weight = a.optional_tensor(1), bias = a.optional_tensor(2);
  const Tensor running_mean = a.optional_tensor(3), running_var = a.optional_tensor(4);
  const bool training = a.bool_(5);
  const double momentum = a.double_(6), eps = a.double_(7);
  if (!is_opmath(x) || x.dim() < 2) return {};
  tensor::IntVector reduction_dims{0};
  for (int64_t d = 2; d < x.dim(); ++d) reduction_dims.push_back(d);
  Tensor output, save_mean, save_rstd;
  if (training) {
    const std::vector<Tensor> var_mean =
        ops::unpack_tensors(ops::call("var_mean.correction", x, reduction_dims, ops::to_arg(int64_t{0}), true));
    Tensor rstd = call_tensor("rsqrt", call_tensor("add.Tensor", var_mean[0], eps));
    output = call_tensor("mul.Tensor", call_tensor("sub.Tensor", x, var_mean[1]), rstd);
    save_mean = call_tensor("squeeze.dims", var_mean[1], reduction_dims);
    save_rstd = call_tensor("squeeze.dims", rstd, reduction_dims);
    if (running_mean.defined()) {
      Tensor updated = call_tensor("add.Tensor", call_tensor("mul.Tensor", save_mean, momentum),
                                   call_tensor("mul.Tensor", running_mean, 1 - momentum));
      ops::call("copy_", running_mean, updated);
    }
    if (running_var.defined()) {
      const double n = static_cast<double>(x->sym_numel().hint()) / static_cast<double>(x.sym_size(1).hint());
      Tensor unbiased = call_tensor("mul.Tensor", call_tensor("squeeze.dims", var_mean[0], reduction_dims), n / (n - 1));
      Tensor updated = call_tensor("add.Tensor", call_tensor("mul.Tensor", unbiased, momentum),
                                   call_tensor("mul.Tensor", running_var, 1 - momentum));
      ops::call("copy_", running_var, updated);
    }
  } else {
    if (!running_mean.defined() || !running_var.defined()) return {};
    Tensor invstd = call_tensor("reciprocal", call_tensor("sqrt", call_tensor("add.Tensor", running_var, eps)));
    // On the CPU the saved statistics of an evaluation are empty.
    save_mean = call_tensor("new_zeros", x, tensor::IntVector{0});
    save_rstd = call_tensor("new_zeros", x, tensor::IntVector{0});
    output = call_tensor("mul.Tensor", call_tensor("sub.Tensor", x, unsqueeze_to_dim(running_mean, x.dim() - 1)),
                         unsqueeze_to_dim(invstd, x.dim() - 1));
  }
  if (weight.defined()) output = call_tensor("mul.Tensor", output, unsqueeze_to_dim(weight, x.dim() - 1));
  if (bias.defined()) output = call_tensor("add.Tensor", output, unsqueeze_to_dim(bias, x.dim() - 1));
  return tuple3(output, save_mean, save_rstd);
}

lang::Value decompose_native_batch_norm_backward(const ops::OpArgs& a) {
  const Tensor grad = a.tensor(0), x = a.tensor(1), weight = a.optional_tensor(2);
  const Tensor running_mean = a.optional_tensor(3), running_var = a.optional_tensor(4);
  const Tensor save_mean = a.optional_tensor(5), save_invstd = a.optional_tensor(6);
  const bool train = a.bool_(7);
  const double eps = a.double_(8);
  if (!is_opmath(x) || x.dim() < 2) return {};
  const lang::Value mask_value = a[9];
  const std::vector<lang::Value>& mask = mask_value.as<lang::Tuple>()->items;
  Tensor mean = save_mean, invstd = save_invstd;
  if (!train) {
    if (!running_mean.defined() || !running_var.defined()) return {};
    mean = running_mean;
    invstd = call_tensor("rsqrt", call_tensor("add.Tensor", running_var, eps));
  }
  tensor::SymIntVector broadcast_mask(static_cast<size_t>(x.dim()), 1);
  broadcast_mask[1] = x.sym_size(1);
  tensor::IntVector reduction_axes{0};
  for (int64_t d = 2; d < x.dim(); ++d) reduction_axes.push_back(d);
  const double norm = static_cast<double>(x.sym_size(1).hint()) / static_cast<double>(x->sym_numel().hint());
  mean = broadcast_to_mask(mean, broadcast_mask);
  Tensor grad_sum = call_tensor("sum.dim_IntList", grad, reduction_axes);
  Tensor centered = call_tensor("sub.Tensor", x, mean);
  Tensor dot_p = call_tensor("sum.dim_IntList", call_tensor("mul.Tensor", grad, centered), reduction_axes);
  Tensor grad_mean = broadcast_to_mask(call_tensor("mul.Tensor", grad_sum, norm), broadcast_mask);
  Tensor proj_scale = broadcast_to_mask(
      call_tensor("mul.Tensor", call_tensor("mul.Tensor", dot_p, norm), call_tensor("mul.Tensor", invstd, invstd)),
      broadcast_mask);
  Tensor grad_scale = weight.defined()
                          ? broadcast_to_mask(call_tensor("mul.Tensor", invstd, weight), broadcast_mask)
                          : call_tensor("mul.Tensor", broadcast_to_mask(invstd, broadcast_mask), 1.0);
  Tensor grad_input;
  if (train) {
    Tensor proj = call_tensor("mul.Tensor", centered, proj_scale);
    grad_input = call_tensor("mul.Tensor",
                             call_tensor("sub.Tensor", call_tensor("sub.Tensor", grad, proj), grad_mean), grad_scale);
  } else {
    grad_input = call_tensor("mul.Tensor", grad, grad_scale);
  }
  Tensor grad_weight = lang::truthy(mask[1]) ? call_tensor("mul.Tensor", dot_p, invstd) : Tensor();
  Tensor grad_bias = lang::truthy(mask[2]) ? grad_sum : Tensor();
  return tuple3(grad_input, grad_weight, grad_bias);
}

} // namespace refc::aot::decomp
