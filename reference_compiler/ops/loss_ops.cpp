// Loss functions, with the reduction as ATen's int enum (0 none, 1 mean, 2
// sum): mse_loss, l1_loss, smooth_l1_loss, huber_loss, binary_cross_entropy
// (and _with_logits), kl_div, the negative log-likelihood family
// (nll_loss_forward / nll_loss2d_forward and the nll_loss, nll_loss2d,
// nll_loss_nd composites) and cross_entropy_loss (log_softmax + nll_loss,
// label smoothing, class-probability targets), with the backward ops their
// derivatives call. Elementwise losses compute the unreduced loss in one
// kernel and reduce it with mean/sum, as ATen does; nll_loss sums picked
// log-probabilities in ATen's 8-level cascade. torch.nn.functional reaches
// them as torch.ops.aten.<name>, since PyTorch keeps them in torch._C._nn.
#include "reference_compiler/ops/reduction_kernels.h"

#include "reference_compiler/lang/tuple_object.h"
#include "reference_compiler/ops/op_family.h"
#include "reference_compiler/ops/unary_kernels.h"

#include <cmath>
#include <limits>

namespace refc::ops {

namespace {

enum Reduction : int64_t { kNone = 0, kMean = 1, kSum = 2 };

Tensor mul(const Tensor& a, const Tensor& b) { return call_tensor("mul.Tensor", a, b); }
Tensor sub(const Tensor& a, const Tensor& b) { return call_tensor("sub.Tensor", a, b); }

// apply_loss_reduction: mean, sum or the unreduced loss.
Tensor reduce_loss(const Tensor& loss, int64_t reduction) {
  if (reduction == kMean) return call_tensor("mean", loss);
  if (reduction == kSum) return call_tensor("sum", loss);
  return loss;
}

// ---- pointwise losses: one kernel for the unreduced loss ----------------------------------

// loss(input, target, reduction[, param]) -> Tensor
std::vector<TensorSpec> pointwise_loss_meta(const OpArgs& a) {
  TensorSpec s = elementwise_spec(a, {0, 1}, Promotion::Default);
  if (a.int_(2) != kNone) {
    s.sizes.clear();
    s.strides.clear();
  }
  return {s};
}

// Computes f over the broadcast operands in the compute type T and reduces.
template <class F> void pointwise_loss_kernel(const OpArgs& a, const Tensor& out, F f) {
  Tensor x = a.tensor(0), y = a.tensor(1);
  const int64_t reduction = a.int_(2);
  DType dtype = out.dtype();
  if (!tensor::is_floating(dtype))
    fail(std::string(a.schema().name) + ": expected input to be floating point or complex, but got " +
         std::string(tensor::scalar_type_name(dtype)));
  Tensor xs = as_dtype(x, dtype), ys = as_dtype(y, dtype);
  TensorSpec spec = elementwise_spec(std::vector<Tensor>{xs, ys}, dtype);
  Tensor loss = reduction == kNone ? out : Tensor::empty_strided(spec.sizes, spec.strides, dtype);
  tensor::visit_dtype(dtype, [&]<class T>() {
    if constexpr (std::is_floating_point_v<T> || kReducedFloat<T>) {
      using A = std::conditional_t<std::is_same_v<T, double>, double, float>;
      binary_loop<T, T>(loss, xs, ys, [&](T u, T v) { return T(f(A(u), A(v))); });
    }
  });
  if (reduction != kNone) copy_into(out, reduce_loss(loss, reduction));
}

void mse_kernel(const OpArgs& a, std::span<const Tensor> out) {
  pointwise_loss_kernel(a, out[0], [](auto x, auto y) {
    auto d = x - y;
    return d * d;
  });
}

template <bool kHuber> void smooth_l1_kernel(const OpArgs& a, std::span<const Tensor> out) {
  const double param = a.double_(3);
  if (!kHuber && param == 0) {
    copy_into(out[0], reduce_loss(call_tensor("abs", call_tensor("sub.Tensor", a.tensor(0), a.tensor(1))), a.int_(2)));
    return;
  }
  pointwise_loss_kernel(a, out[0], [param](auto x, auto y) {
    using A = decltype(x);
    const A p = static_cast<A>(param), half = A(0.5);
    const A z = std::abs(x - y);
    if constexpr (kHuber) return z < p ? half * z * z : p * (z - half * p);
    else return z < p ? half * z * z / p : z - half * p;
  });
}

// Backward of the pointwise losses: grad * d loss / d input, scaled by
// 1/numel for mean (`norm`), broadcast over input, target and grad.
template <class F> Tensor pointwise_loss_backward(const Tensor& grad, const Tensor& x, const Tensor& y, int64_t reduction, F df) {
  ResultType rt;
  rt.add(grad);
  rt.add(x);
  rt.add(y);
  DType dtype = rt.result();
  const double norm = reduction == kMean ? 1.0 / static_cast<double>(x.numel()) : 1.0;
  Tensor xs = as_dtype(x, dtype), ys = as_dtype(y, dtype), gs = as_dtype(grad, dtype);
  TensorSpec spec = elementwise_spec(std::vector<Tensor>{xs, ys, gs}, dtype);
  Tensor out = Tensor::empty_strided(spec.sizes, spec.strides, dtype);
  tensor::visit_dtype(dtype, [&]<class T>() {
    if constexpr (std::is_floating_point_v<T> || kReducedFloat<T>) {
      using A = std::conditional_t<std::is_same_v<T, double>, double, float>;
      ternary_loop<T, T, T, T>(out, xs, ys, gs, [&](T u, T v, T g) { return T(df(A(u), A(v), A(g), static_cast<A>(norm))); });
    }
  });
  return out;
}

// mse_loss_backward(grad_output, self, target, reduction): 2 * norm * (x - y) * grad.
Tensor mse_backward_of(const Tensor& grad, const Tensor& x, const Tensor& y, int64_t reduction) {
  return pointwise_loss_backward(grad, x, y, reduction, [](auto u, auto v, auto g, auto norm) { return 2 * norm * (u - v) * g; });
}
Value mse_backward_run(const OpArgs& a) {
  if (!a.tensor(0).has_data() || !a.tensor(1).has_data()) return call("empty_like", a.tensor(1));
  return mse_backward_of(a.tensor(0), a.tensor(1), a.tensor(2), a.int_(3)).to_value();
}

Grads mse_backward(const BackwardContext& c, const Grads& g) {
  Tensor x = c.tensor(0), y = c.tensor(1);
  int64_t reduction = c.args().int_(2);
  Grads out(2);
  if (c.needs_grad_of_arg(0)) out[0] = call_tensor("mse_loss_backward", g[0], x, y, reduction);
  if (c.needs_grad_of_arg(1)) out[1] = call_tensor("mse_loss_backward", g[0], y, x, reduction);
  return out;
}

// MseLossBackwardBackward0: the backward is linear in grad_output and in (x - y).
Grads mse_backward_backward(const BackwardContext& c, const Grads& g) {
  OpArgs a = c.args();
  Tensor grad_output = c.tensor(0), x = c.tensor(1), y = c.tensor(2);
  int64_t reduction = a.int_(3);
  double norm = reduction == kMean ? 2.0 / static_cast<double>(x.numel()) : 2.0;
  Grads out(3);
  if (c.needs_grad_of_arg(0)) {
    Tensor r = mul(call_tensor("mul.Tensor", sub(x, y), norm), g[0]);
    out[0] = reduction == kNone ? r : call_tensor("sum", r);
  }
  Tensor scaled = call_tensor("mul.Tensor", mul(g[0], grad_output), norm);
  if (c.needs_grad_of_arg(1)) out[1] = scaled;
  if (c.needs_grad_of_arg(2)) out[2] = call_tensor("neg", scaled);
  return out;
}

template <bool kHuber> Tensor smooth_l1_backward_of(const Tensor& grad, const Tensor& x, const Tensor& y, int64_t reduction, double param) {
  return pointwise_loss_backward(grad, x, y, reduction, [param](auto u, auto v, auto g, auto norm) {
    using A = decltype(u);
    const A p = static_cast<A>(param), d = u - v;
    if constexpr (kHuber) return d <= -p ? -norm * g * p : d >= p ? norm * g * p : norm * d * g;
    else return d <= -p ? -norm * g : d >= p ? norm * g : norm * d * g / p;
  });
}
template <bool kHuber> Value smooth_l1_backward_run(const OpArgs& a) {
  return smooth_l1_backward_of<kHuber>(a.tensor(0), a.tensor(1), a.tensor(2), a.int_(3), a.double_(4)).to_value();
}
template <bool kHuber> Grads smooth_l1_backward(const BackwardContext& c, const Grads& g) {
  OpArgs a = c.args();
  const char* op = kHuber ? "huber_loss_backward" : "smooth_l1_loss_backward";
  Grads out(2);
  if (c.needs_grad_of_arg(0)) out[0] = call_tensor(op, g[0], c.tensor(0), c.tensor(1), a.int_(2), a.double_(3));
  if (c.needs_grad_of_arg(1)) out[1] = call_tensor(op, g[0], c.tensor(1), c.tensor(0), a.int_(2), a.double_(3));
  return out;
}

// l1_loss: |input - target|, reduced (a composite, as in ATen).
Value l1_loss_run(const OpArgs& a) {
  return reduce_loss(call_tensor("abs", sub(a.tensor(0), a.tensor(1))), a.int_(2)).to_value();
}

// kl_div(input, target, reduction, log_target)
Value kl_div_run(const OpArgs& a) {
  Tensor x = a.tensor(0), y = a.tensor(1);
  check(tensor::is_floating(x.dtype()) && tensor::is_floating(y.dtype()), "kl_div: Integral inputs not supported.");
  Tensor loss = a.bool_(3) ? mul(call_tensor("exp", y), sub(y, x)) : sub(call_tensor("xlogy.Tensor", y, y), mul(y, x));
  return reduce_loss(loss, a.int_(2)).to_value();
}

// ---- binary cross entropy -----------------------------------------------------------------------

// log1p as PyTorch's libm (glibc 2.43) computes it: float log1pf is
// correctly rounded there, which rounding the double result reproduces.
template <class T> auto log1p_rounded(T x) {
  if constexpr (std::is_same_v<T, double>) return std::log1p(x);
  else return static_cast<float>(std::log1p(static_cast<double>(x)));
}

// binary_cross_entropy(self, target, weight, reduction): log terms clamped at -100.
std::vector<TensorSpec> bce_meta(const OpArgs& a) {
  Tensor x = a.tensor(0);
  SymIntVector sizes = a.int_(3) == kNone ? SymIntVector(x.sym_sizes().begin(), x.sym_sizes().end()) : SymIntVector{};
  return {TensorSpec{sizes, tensor::contiguous_strides(sizes), 0, x.dtype(), x.device()}};
}

void bce_kernel(const OpArgs& a, std::span<const Tensor> out) {
  Tensor x = a.tensor(0), y = a.tensor(1), w = a.optional_tensor(2);
  const int64_t reduction = a.int_(3);
  Tensor loss = Tensor::empty(x.sym_sizes(), x.dtype());
  Tensor ys = call_tensor("expand", as_dtype(y, x.dtype()), x.sym_sizes());
  tensor::visit_dtype(x.dtype(), [&]<class T>() {
    if constexpr (std::is_floating_point_v<T> || kReducedFloat<T>) {
      binary_loop<T, T>(loss, x, ys, [](T u, T v) {
        if (!(u >= T(0) && u <= T(1))) fail("all elements of input should be between 0 and 1");
        if (!(v >= T(0) && v <= T(1))) fail("all elements of target should be between 0 and 1");
        const T log_u = std::max(T(std::log(u)), T(-100)), log_1mu = std::max(T(log1p_rounded(-u)), T(-100));
        return T(T(T(v - T(1)) * log_1mu) - T(v * log_u));
      });
    } else {
      dtype_not_implemented("binary_cross_entropy", x.dtype());
    }
  });
  if (w.defined()) loss = mul(loss, w);
  copy_into(out[0], reduce_loss(loss, reduction));
}

// binary_cross_entropy_backward(grad_output, self, target, weight, reduction)
Value bce_backward_run(const OpArgs& a) {
  Tensor grad = a.tensor(0), x = a.tensor(1), y = a.tensor(2), w = a.optional_tensor(3);
  if (!grad.has_data() || !x.has_data()) return call("empty_like", x);
  Tensor gi = pointwise_loss_backward(grad, x, y, kNone, [](auto u, auto v, auto g, auto) {
    using A = decltype(u);
    return g * (u - v) / std::max((A(1) - u) * u, A(1e-12));
  });
  if (w.defined()) gi = mul(gi, w);
  if (a.int_(4) == kMean) gi = call_tensor("div.Tensor", gi, x.numel());
  return gi.to_value();
}

Grads bce_backward(const BackwardContext& c, const Grads& g) {
  OpArgs a = c.args();
  Tensor x = c.tensor(0), y = c.tensor(1), w = c.args().optional_tensor(2);
  Grads out(3);
  if (c.needs_grad_of_arg(0)) out[0] = call_tensor("binary_cross_entropy_backward", g[0], x, y, a[2], a.int_(3));
  if (c.needs_grad_of_arg(1)) {
    // binary_cross_entropy_target_backward: grad * (log(1 - x) - log(x)), clamped like the loss.
    Tensor t = sub(call_tensor("clamp_min", call_tensor("log1p", call_tensor("neg", x)), -100.0),
                   call_tensor("clamp_min", call_tensor("log", x), -100.0));
    t = mul(t, g[0]);
    if (w.defined()) t = mul(t, w);
    if (a.int_(3) == kMean) t = call_tensor("div.Tensor", t, y.numel());
    out[1] = t;
  }
  return out;
}

// binary_cross_entropy_with_logits(self, target, weight, pos_weight, reduction):
// (1 - y) * x - log_weight * log_sigmoid(x), log_weight = 1 + (pos_weight - 1) * y.
Value bce_logits_run(const OpArgs& a) {
  Tensor x = a.tensor(0), y = a.tensor(1), w = a.optional_tensor(2), pw = a.optional_tensor(3);
  Tensor log_sig = call_tensor("log_sigmoid", x);
  if (pw.defined()) log_sig = mul(log_sig, call_tensor("add.Tensor", mul(call_tensor("sub.Tensor", pw, 1), y), 1));
  Tensor loss = sub(mul(call_tensor("rsub.Scalar", y, 1), x), log_sig);
  if (w.defined()) loss = mul(loss, w);
  return reduce_loss(loss, a.int_(4)).to_value();
}

// ---- negative log-likelihood ------------------------------------------------------------------------

// nll_loss_forward(self, target, weight, reduction, ignore_index) -> (output, total_weight)
std::vector<TensorSpec> nll_meta(const OpArgs& a) {
  Tensor self = a.tensor(0), target = a.tensor(1), weight = a.optional_tensor(2);
  check(self.dim() > 0 && self.dim() <= 2, "input tensor should be 1D or 2D");
  check(target.dim() <= 1, "0D or 1D target tensor expected, multi-target not supported");
  bool no_batch_dim = self.dim() == 1 && target.dim() == 0;
  check(no_batch_dim || (self.sym_size(0) == target.sym_size(0)).expect_bool(),
        "size mismatch (got input: " + shape_str(self.sym_sizes()) + ", target: " + shape_str(target.sym_sizes()) + ")");
  SymInt classes = self.sym_size(self.dim() - 1);
  check(!weight.defined() || (weight.dim() == 1 && (weight->sym_numel() == classes).expect_bool()),
        "weight tensor should be defined either for all " + classes.str() +
            " classes or no classes but got weight tensor of shape: " + (weight.defined() ? shape_str(weight.sym_sizes()) : ""));
  SymIntVector sizes = a.int_(3) == kNone && self.dim() == 2 ? SymIntVector{self.sym_size(0)} : SymIntVector{};
  return {TensorSpec{sizes, tensor::contiguous_strides(sizes), 0, self.dtype(), self.device()},
          TensorSpec{{}, {}, 0, self.dtype(), self.device()}};
}

// nll_loss2d_forward: input (N, C, H, W), target (N, H, W).
std::vector<TensorSpec> nll2d_meta(const OpArgs& a) {
  Tensor self = a.tensor(0), target = a.tensor(1), weight = a.optional_tensor(2);
  check(target.dim() == 3, "only batches of spatial targets supported (3D tensors) but got targets of dimension: " +
                               std::to_string(target.dim()));
  check(self.dim() == 4, "only batches of spatial inputs supported (4D tensors), but got input of dimension: " +
                             std::to_string(self.dim()));
  SymInt classes = self.sym_size(1);
  check(!weight.defined() || (weight->sym_numel() == classes).expect_bool(),
        "weight tensor should be defined either for all or no classes");
  bool match = (self.sym_size(0) == target.sym_size(0)).expect_bool() && (self.sym_size(2) == target.sym_size(1)).expect_bool() &&
               (self.sym_size(3) == target.sym_size(2)).expect_bool();
  check(match, "input and target batch or spatial sizes don't match: target " + shape_str(target.sym_sizes()) +
                   ", input " + shape_str(self.sym_sizes()));
  SymIntVector sizes = a.int_(3) == kNone ? SymIntVector(target.sym_sizes().begin(), target.sym_sizes().end()) : SymIntVector{};
  return {TensorSpec{sizes, tensor::contiguous_strides(sizes), 0, self.dtype(), self.device()},
          TensorSpec{{}, {}, 0, self.dtype(), self.device()}};
}

// The picked log-probabilities: for each of `count` targets (sample b,
// position e), input[b, t, e] with the class stride `map`; reductions sum
// them in ATen's 8-level cascade (levels of 2^max(4, ceil(log2 count)/4)).
template <class T> void nll_forward(const T* input, const int64_t* target, const T* weight, int64_t batch, int64_t classes,
                                    int64_t map, int64_t reduction, int64_t ignore, T* out, T* total_weight) {
  const int64_t count = batch * map;
  auto check_target = [&](int64_t t) {
    if (t < 0 || t >= classes) fail_index("Target " + std::to_string(t) + " is out of bounds.");
  };
  if (reduction == kNone) {
    for (int64_t i = 0; i < count; ++i) {
      const int64_t b = i / map, e = i % map, t = target[i];
      if (t == ignore) {
        out[i] = T(0);
        continue;
      }
      check_target(t);
      out[i] = T(-input[(b * classes + t) * map + e] * (weight ? weight[t] : T(1)));
    }
    *total_weight = T(0);
    return;
  }
  if (count == 0) {
    *out = reduction == kMean ? T(std::numeric_limits<float>::quiet_NaN()) : T(0);
    *total_weight = T(0);
    return;
  }
  constexpr int64_t levels = 8;
  const int64_t level_power = std::max<int64_t>(4, cascade::ceil_log2(count) / 4);
  const int64_t level_mask = (int64_t{1} << level_power) - 1;
  T weight_sums[levels] = {}, loss_sums[levels] = {};
  int64_t ignored = 0;
  for (int64_t i = 0; i < count; ++i) {
    const int64_t b = i / map, e = i % map, t = target[i];
    if (t == ignore) {
      ++ignored;
      continue;
    }
    check_target(t);
    const T x = input[(b * classes + t) * map + e];
    if (weight) {
      loss_sums[0] = T(loss_sums[0] - T(x * weight[t]));
      weight_sums[0] = T(weight_sums[0] + weight[t]);
    } else {
      loss_sums[0] = T(loss_sums[0] - x);
    }
    for (int64_t j = 0; j + 1 < levels; ++j) {
      if ((i & (level_mask << (j * level_power))) != 0) break;
      weight_sums[j + 1] = T(weight_sums[j + 1] + weight_sums[j]);
      loss_sums[j + 1] = T(loss_sums[j + 1] + loss_sums[j]);
      weight_sums[j] = T(0);
      loss_sums[j] = T(0);
    }
  }
  T total = T(0), loss = T(0);
  for (int64_t j = 0; j < levels; ++j) {
    total = T(total + weight_sums[j]);
    loss = T(loss + loss_sums[j]);
  }
  if (!weight) total = T(static_cast<float>(count - ignored));
  if (reduction == kMean) loss = T(loss / total);
  *out = loss;
  *total_weight = total;
}

// Input and target of an nll op as (batch, classes, map) views.
struct NllShape {
  int64_t batch, classes, map;
};
NllShape nll_shape(const Tensor& self) {
  if (self.dim() == 1) return {1, self.size(0), 1};
  int64_t map = 1;
  for (int64_t d = 2; d < self.dim(); ++d) map *= self.size(d);
  return {self.size(0), self.size(1), map};
}

Tensor long_target(const Tensor& target) {
  if (target.dtype() != DType::Int64 && target.dtype() != DType::UInt8)
    fail("expected scalar type Long but found " + std::string(tensor::scalar_type_name(target.dtype())));
  return call_tensor("contiguous", as_dtype(target, DType::Int64));
}

void nll_kernel(const OpArgs& a, std::span<const Tensor> out) {
  Tensor self = call_tensor("contiguous", a.tensor(0));
  Tensor target = long_target(a.tensor(1));
  Tensor weight = a.optional_tensor(2);
  NllShape s = nll_shape(self);
  tensor::visit_dtype(self.dtype(), [&]<class T>() {
    if constexpr (std::is_floating_point_v<T> || kReducedFloat<T>) {
      Tensor w = weight.defined() ? call_tensor("contiguous", as_dtype(weight, self.dtype())) : Tensor();
      nll_forward<T>(self.data<T>(), target.data<int64_t>(), w.defined() ? w.data<T>() : nullptr, s.batch, s.classes, s.map,
                     a.int_(3), a.int_(4), out[0].data<T>(), out[1].data<T>());
    } else {
      dtype_not_implemented("nll_loss_out_frame", self.dtype());
    }
  });
}

// nll_loss_backward(grad_output, self, target, weight, reduction, ignore_index, total_weight)
Value nll_backward_run(const OpArgs& a) {
  Tensor grad_output = a.tensor(0), self = a.tensor(1), target = long_target(a.tensor(2));
  Tensor weight = a.optional_tensor(3), total_weight = a.tensor(6);
  const int64_t reduction = a.int_(4), ignore = a.int_(5);
  if (!self.has_data() || !grad_output.has_data()) return call("empty_like", self);
  Tensor grad = call_tensor("zeros", self.sym_sizes(), self.dtype());
  NllShape s = nll_shape(self);
  tensor::visit_dtype(self.dtype(), [&]<class T>() {
    if constexpr (std::is_floating_point_v<T> || kReducedFloat<T>) {
      Tensor go = call_tensor("contiguous", as_dtype(grad_output, self.dtype()));
      Tensor w = weight.defined() ? call_tensor("contiguous", as_dtype(weight, self.dtype())) : Tensor();
      const int64_t* t = target.data<int64_t>();
      T* g = grad.data<T>();
      const T tw = *call_tensor("contiguous", as_dtype(total_weight, self.dtype())).data<T>();
      for (int64_t i = 0; i < s.batch * s.map; ++i) {
        if (t[i] == ignore) continue;
        const int64_t b = i / s.map, e = i % s.map;
        T value;
        if (reduction == kNone) {
          value = T(-(w.defined() ? w.data<T>()[t[i]] : T(1)) * go.data<T>()[i]);
        } else {
          const T go_v = go.data<T>()[0];
          const T scaled = T(-(reduction == kMean ? T(go_v / tw) : go_v));
          value = w.defined() ? T(w.data<T>()[t[i]] * scaled) : scaled;
        }
        g[(b * s.classes + t[i]) * s.map + e] = value;
      }
    }
  });
  return grad.to_value();
}

template <bool k2d> Grads nll_backward(const BackwardContext& c, const Grads& g) {
  OpArgs a = c.args();
  return {call_tensor(k2d ? "nll_loss2d_backward" : "nll_loss_backward", g[0], c.tensor(0), c.tensor(1), a[2], a.int_(3),
                      a.int_(4), c.result(1))};
}

// NllLossBackwardBackward0: the backward is linear in grad_output.
template <bool k2d> Grads nll_backward_backward(const BackwardContext& c, const Grads& g) {
  OpArgs a = c.args();
  Grads out(3);
  if (c.needs_grad_of_arg(0))
    out[0] = unpack_tensors(call(k2d ? "nll_loss2d_forward" : "nll_loss_forward", g[0], c.tensor(2), a[3], a.int_(4), a.int_(5)))[0];
  if (c.needs_grad_of_arg(1)) out[1] = call_tensor("zeros_like", g[0]);
  return out;
}

// nll_loss / nll_loss2d: the forward's first output.
template <bool k2d> Value nll_run(const OpArgs& a) {
  return unpack_tensors(call(k2d ? "nll_loss2d_forward" : "nll_loss_forward", a.tensor(0), a.tensor(1), a[2], a.int_(3), a.int_(4)))[0]
      .to_value();
}

// nll_loss_nd: 1-D and 2-D input to nll_loss, 4-D to nll_loss2d, others viewed as 4-D.
Value nll_nd_run(const OpArgs& a) {
  Tensor self = a.tensor(0), target = a.tensor(1);
  const int64_t reduction = a.int_(3), ignore = a.int_(4);
  if (self.dim() < 1) fail_value("Expected 1 or more dimensions (got " + std::to_string(self.dim()) + ")");
  if (self.dim() != 1 && target.dim() > 0 && !(self.sym_size(0) == target.sym_size(0)).expect_bool())
    fail_value("Expected input batch_size (" + self.sym_size(0).str() + ") to match target batch_size (" +
               target.sym_size(0).str() + ").");
  if (self.dim() <= 2) return call("nll_loss", self, target, a[2], reduction, ignore);
  if (self.dim() == 4) return call("nll_loss2d", self, target, a[2], reduction, ignore);
  SymIntVector out_size{self.sym_size(0)};
  for (int64_t d = 2; d < self.dim(); ++d) out_size.push_back(self.sym_size(d));
  bool match = target.dim() == self.dim() - 1;
  for (int64_t d = 2; match && d < self.dim(); ++d) match = (target.sym_size(d - 1) == self.sym_size(d)).expect_bool();
  check(match, "Expected target size " + shape_str(out_size) + ", got " + shape_str(target.sym_sizes()));
  const int64_t n = self.size(0), classes = self.size(1);
  Tensor input = call_tensor("view", call_tensor("contiguous", self), self.numel() > 0 ? IntVector{n, classes, 1, -1} : IntVector{n, classes, 0, 0});
  Tensor tgt = call_tensor("view", call_tensor("contiguous", target), target.numel() > 0 ? IntVector{n, 1, -1} : IntVector{n, 0, 0});
  Tensor out = Tensor::from_value(call("nll_loss2d", input, tgt, a[2], reduction, ignore));
  return (reduction == kNone ? call_tensor("view", out, out_size) : out).to_value();
}

// ---- cross entropy -----------------------------------------------------------------------------------

// cross_entropy_loss(self, target, weight, reduction, ignore_index, label_smoothing)
Value cross_entropy_run(const OpArgs& a) {
  Tensor self = a.tensor(0), target = a.tensor(1), weight = a.optional_tensor(2);
  const int64_t reduction = a.int_(3), ignore = a.int_(4);
  const double smoothing = a.double_(5);
  const int64_t class_dim = self.dim() == 1 ? 0 : 1;
  Tensor logp = call_tensor("log_softmax.int", self, class_dim, self.dtype());
  // Weight viewed to broadcast along the class dim.
  auto broadcast_weight = [&]() {
    IntVector shape(static_cast<size_t>(logp.dim()), 1);
    shape[class_dim] = weight.size(0);
    return logp.dim() > 1 ? call_tensor("view", weight, shape) : weight;
  };
  bool same_shape = self.dim() == target.dim();
  for (int64_t d = 0; same_shape && d < self.dim(); ++d) same_shape = self.size(d) == target.size(d);
  if (same_shape) {
    // Class probabilities as targets.
    check(tensor::is_floating(target.dtype()), "Expected floating point type for target with class probabilities, got " +
                                                   std::string(tensor::scalar_type_name(target.dtype())));
    check(ignore < 0, "ignore_index is not supported for floating point target");
    const int64_t classes = self.size(class_dim);
    check(!weight.defined() || (weight.dim() == 1 && weight.numel() == classes),
          "cross_entropy: weight tensor should be defined either for all " + std::to_string(classes) +
              " classes or no classes but got weight tensor of shape: " + (weight.defined() ? shape_str(weight.sym_sizes()) : ""));
    Tensor t = target;
    if (smoothing > 0) {
      check(smoothing <= 1.0, "label_smoothing must be between 0.0 and 1.0. Got: " + std::to_string(smoothing));
      t = call_tensor("add.Tensor", call_tensor("mul.Tensor", target, 1 - smoothing), smoothing / static_cast<double>(classes));
    }
    Tensor prod = mul(logp, t);
    if (weight.defined()) prod = mul(prod, broadcast_weight());
    if (reduction == kNone) return call("neg", call_tensor("sum.dim_IntList", prod, IntVector{class_dim}));
    Tensor total = call_tensor("neg", call_tensor("sum", prod));
    if (reduction == kSum) return total.to_value();
    if (logp.numel() == 0) return call("fill.Scalar", total, std::numeric_limits<double>::quiet_NaN());
    return call("div.Tensor", total, logp.numel() / classes);
  }
  Tensor nll = Tensor::from_value(call("nll_loss_nd", logp, target, a[2], reduction, ignore));
  if (smoothing <= 0) return nll.to_value();
  check(smoothing <= 1.0, "label_smoothing must be between 0.0 and 1.0. Got: " + std::to_string(smoothing));
  const int64_t classes = self.size(class_dim);
  Tensor ignore_mask = call_tensor("eq.Scalar", target, ignore);
  Tensor smooth = weight.defined() ? call_tensor("neg", call_tensor("sum.dim_IntList", mul(logp, broadcast_weight()), IntVector{class_dim}))
                                   : call_tensor("neg", call_tensor("sum.dim_IntList", logp, IntVector{class_dim}));
  smooth = call_tensor("masked_fill.Scalar", smooth, ignore_mask, 0.0);
  Tensor ret;
  if (reduction == kMean) {
    Tensor denominator = weight.defined()
                             ? call_tensor("sum", call_tensor("gather", weight, 0,
                                                               call_tensor("flatten.using_ints", call_tensor("masked_select", target, call_tensor("logical_not", ignore_mask)))))
                             : call_tensor("sum", call_tensor("logical_not", ignore_mask));
    ret = call_tensor("div.Tensor", call_tensor("sum", smooth), denominator);
  } else {
    ret = reduction == kSum ? call_tensor("sum", smooth) : smooth;
  }
  return call("add.Tensor", call_tensor("mul.Tensor", nll, 1 - smoothing),
              call_tensor("mul.Tensor", ret, smoothing / static_cast<double>(classes)));
}

} // namespace

void register_loss_ops(OpRegistry& r) {
  r.def("mse_loss(Tensor self, Tensor target, int reduction=1) -> Tensor").hidden()
      .structured(pointwise_loss_meta, mse_kernel).derivative("MseLossBackward0", mse_backward).saves({"self", "target"});
  r.def("mse_loss_backward(Tensor grad_output, Tensor self, Tensor target, int reduction) -> Tensor").hidden()
      .custom(mse_backward_run).runs_without_data().derivative("MseLossBackwardBackward0", mse_backward_backward)
      .saves({"grad_output", "self", "target"});
  r.def("l1_loss(Tensor self, Tensor target, int reduction=1) -> Tensor").hidden().composite(l1_loss_run);
  r.def("smooth_l1_loss(Tensor self, Tensor target, int reduction=1, float beta=1.) -> Tensor").hidden()
      .structured(pointwise_loss_meta, smooth_l1_kernel<false>)
      .derivative("SmoothL1LossBackward0", smooth_l1_backward<false>).saves({"self", "target"});
  r.def("smooth_l1_loss_backward(Tensor grad_output, Tensor self, Tensor target, int reduction, float beta) -> Tensor")
      .hidden().custom(smooth_l1_backward_run<false>);
  r.def("huber_loss(Tensor self, Tensor target, int reduction=1, float delta=1.) -> Tensor").hidden()
      .structured(pointwise_loss_meta, smooth_l1_kernel<true>)
      .derivative("HuberLossBackward0", smooth_l1_backward<true>).saves({"self", "target"});
  r.def("huber_loss_backward(Tensor grad_output, Tensor self, Tensor target, int reduction, float delta) -> Tensor")
      .hidden().custom(smooth_l1_backward_run<true>);
  r.def("kl_div(Tensor self, Tensor target, int reduction=1, *, bool log_target=False) -> Tensor").composite(kl_div_run);

  r.def("binary_cross_entropy(Tensor self, Tensor target, Tensor? weight=None, int reduction=1) -> Tensor").hidden()
      .structured(bce_meta, bce_kernel).derivative("BinaryCrossEntropyBackward0", bce_backward)
      .saves({"self", "target", "weight"});
  r.def("binary_cross_entropy_backward(Tensor grad_output, Tensor self, Tensor target, Tensor? weight=None, int reduction=1) -> Tensor")
      .hidden().custom(bce_backward_run).runs_without_data();
  r.def("binary_cross_entropy_with_logits(Tensor self, Tensor target, Tensor? weight=None, Tensor? pos_weight=None, "
        "int reduction=1) -> Tensor")
      .composite(bce_logits_run);

  r.def("nll_loss_forward(Tensor self, Tensor target, Tensor? weight, int reduction, SymInt ignore_index) -> (Tensor output, Tensor total_weight)")
      .hidden().structured(nll_meta, nll_kernel).derivative("NllLossBackward0", nll_backward<false>)
      .saves({"self", "target", "weight"}).saves_results({1}).differentiable_outputs({0});
  r.def("nll_loss_backward(Tensor grad_output, Tensor self, Tensor target, Tensor? weight, int reduction, SymInt ignore_index, "
        "Tensor total_weight) -> Tensor")
      .hidden().custom(nll_backward_run).runs_without_data().derivative("NllLossBackwardBackward0", nll_backward_backward<false>)
      .saves({"target", "weight"});
  r.def("nll_loss2d_forward(Tensor self, Tensor target, Tensor? weight, int reduction, SymInt ignore_index) -> (Tensor output, Tensor total_weight)")
      .hidden().structured(nll2d_meta, nll_kernel).derivative("NllLoss2DBackward0", nll_backward<true>)
      .saves({"self", "target", "weight"}).saves_results({1}).differentiable_outputs({0});
  r.def("nll_loss2d_backward(Tensor grad_output, Tensor self, Tensor target, Tensor? weight, int reduction, SymInt ignore_index, "
        "Tensor total_weight) -> Tensor")
      .hidden().custom(nll_backward_run).runs_without_data().derivative("NllLoss2DBackwardBackward0", nll_backward_backward<true>)
      .saves({"target", "weight"});
  r.def("nll_loss(Tensor self, Tensor target, Tensor? weight=None, int reduction=1, SymInt ignore_index=-100) -> Tensor")
      .hidden().composite(nll_run<false>);
  r.def("nll_loss2d(Tensor self, Tensor target, Tensor? weight=None, int reduction=1, SymInt ignore_index=-100) -> Tensor")
      .hidden().composite(nll_run<true>);
  r.def("nll_loss_nd(Tensor self, Tensor target, Tensor? weight=None, int reduction=1, SymInt ignore_index=-100) -> Tensor")
      .hidden().composite(nll_nd_run);
  r.def("cross_entropy_loss(Tensor self, Tensor target, Tensor? weight=None, int reduction=1, SymInt ignore_index=-100, "
        "float label_smoothing=0.) -> Tensor")
      .hidden().composite(cross_entropy_run);
}

} // namespace refc::ops
