// Normalisation layers: native_layer_norm (with layer_norm, the composite
// modules call) and native_group_norm (with group_norm), and the backward ops
// their derivatives call; rms_norm is ATen's composite of pointwise ops.
// Batch and instance norm are batch_norm_ops.cpp. The kernels follow ATen's
// CPU kernels (layer_norm_kernel.cpp, group_norm_kernel.cpp): Welford
// moments in a cascade of 8-lane vectors, and fused multiply-adds exactly
// where PyTorch's AVX2 build emits them, so outputs match PyTorch's bit for
// bit.
#include "reference_compiler/ops/normalization_internal.h"

#include "reference_compiler/ops/reduction_kernels.h"
#include "reference_compiler/ops/unary_kernels.h"

#include <cmath>
#include <limits>

namespace refc::ops {

namespace {

using namespace normalization;

// ---- layer norm -----------------------------------------------------------------------------------

// native_layer_norm(input, normalized_shape, weight, bias, eps)
struct LayerNormDims {
  int64_t m = 1, n = 1, axis = 0;
};
LayerNormDims check_layer_norm(const Tensor& input, const SymIntVector& shape, const Tensor& weight, const Tensor& bias) {
  const int64_t nd = static_cast<int64_t>(shape.size());
  check(nd >= 1, "Expected normalized_shape to be at least 1-dimensional, i.e., containing at least one element, "
                 "but got normalized_shape = " + shape_str(shape));
  auto same = [&](const Tensor& t) {
    if (t.dim() != nd) return false;
    for (int64_t i = 0; i < nd; ++i)
      if (!(t.sym_size(i) == shape[i]).expect_bool()) return false;
    return true;
  };
  check(!weight.defined() || same(weight), "Expected weight to be of same shape as normalized_shape, but got weight of shape " +
                                               (weight.defined() ? shape_str(weight.sym_sizes()) : "") +
                                               " and normalized_shape = " + shape_str(shape));
  check(!bias.defined() || same(bias), "Expected bias to be of same shape as normalized_shape, but got bias of shape " +
                                           (bias.defined() ? shape_str(bias.sym_sizes()) : "") +
                                           " and normalized_shape = " + shape_str(shape));
  bool match = input.dim() >= nd;
  for (int64_t i = 0; match && i < nd; ++i) match = (input.sym_size(input.dim() - nd + i) == shape[i]).expect_bool();
  if (!match) {
    std::string dims;
    for (const SymInt& s : shape) dims += ", " + s.str();
    fail("Given normalized_shape=" + shape_str(shape) + ", expected input with shape [*" + dims +
         "], but got input of size" + shape_str(input.sym_sizes()));
  }
  LayerNormDims d;
  d.axis = input.dim() - nd;
  return d;
}

std::vector<TensorSpec> layer_norm_meta(const OpArgs& a) {
  Tensor input = a.tensor(0);
  LayerNormDims d = check_layer_norm(input, a.sym_int_list(1), a.optional_tensor(2), a.optional_tensor(3));
  SymIntVector sizes(input.sym_sizes().begin(), input.sym_sizes().end());
  SymIntVector stat(sizes.begin(), sizes.begin() + d.axis);
  stat.resize(sizes.size(), 1);
  DType param = input.dtype() == DType::Float16 || input.dtype() == DType::BFloat16
                    ? (a.optional_tensor(2).defined() && a.optional_tensor(2).dtype() == DType::Float32 ? DType::Float32 : input.dtype())
                    : input.dtype();
  return {TensorSpec{sizes, tensor::contiguous_strides(sizes), 0, input.dtype(), input.device()},
          TensorSpec{stat, tensor::contiguous_strides(stat), 0, param, input.device()},
          TensorSpec{stat, tensor::contiguous_strides(stat), 0, param, input.device()}};
}

// LayerNormKernelImplInternal: y = (x - mean) * rstd * gamma + beta, the
// last multiply-add fused (16-bit inputs: x * scale + bias in float).
void layer_norm_kernel(const OpArgs& a, std::span<const Tensor> out) {
  Tensor input = call_tensor("contiguous", a.tensor(0));
  Tensor weight = a.optional_tensor(2), bias = a.optional_tensor(3);
  if (weight.defined()) weight = call_tensor("contiguous", weight);
  if (bias.defined()) bias = call_tensor("contiguous", bias);
  const int64_t axis = input.dim() - static_cast<int64_t>(a.int_list(1).size());
  int64_t m = 1;
  for (int64_t d = 0; d < axis; ++d) m *= input.size(d);
  const int64_t n = m == 0 ? 0 : input.numel() / m;
  const double eps = a.double_(4);
  check_floating("LayerNormKernelImpl", input.dtype());
  tensor::visit_dtype(input.dtype(), [&]<class T>() {
    if constexpr (std::is_floating_point_v<T> || kReducedFloat<T>) {
      using A = std::conditional_t<std::is_same_v<T, double>, double, float>;
      const T* x = input.data<T>();
      T* y = out[0].data<T>();
      Tensor w = weight.defined() ? as_dtype(weight, out[1].dtype()) : Tensor();
      Tensor b = bias.defined() ? as_dtype(bias, out[1].dtype()) : Tensor();
      Tensor widened = std::is_same_v<T, A> ? input : as_dtype(input, DType::Float32);
      const A* xa = widened.data<A>();
      tensor::visit_dtype(out[1].dtype(), [&]<class P>() {
        if constexpr (std::is_floating_point_v<P> || kReducedFloat<P>) {
          // gamma and beta in the compute type (ones and zeros when absent).
          std::vector<A> g(static_cast<size_t>(n), A(1)), bt(static_cast<size_t>(n), A(0));
          for (int64_t j = 0; j < n; ++j) {
            if (w.defined()) g[j] = A(w.data<P>()[j]);
            if (b.defined()) bt[j] = A(b.data<P>()[j]);
          }
          P* means = out[1].data<P>();
          P* rstds = out[2].data<P>();
          with_avx2([&] {
            for (int64_t i = 0; i < m; ++i) {
              auto [mean, var] = rowwise_moments<A>(xa + i * n, n);
              const A rstd = A(1) / std::sqrt(var + static_cast<A>(eps));
              if constexpr (std::is_same_v<T, A>) {
                for (int64_t j = 0; j < n; ++j) y[i * n + j] = fmadd((x[i * n + j] + -mean) * rstd, g[j], bt[j]);
              } else {
                for (int64_t j = 0; j < n; ++j) y[i * n + j] = T(fmadd(fmadd(xa[i * n + j], rstd, -rstd * mean), g[j], bt[j]));
              }
              means[i] = P(mean);
              rstds[i] = P(rstd);
            }
          });
        }
      });
    }
  });
}

Value layer_norm_run(const OpArgs& a) {
  return unpack_tensors(call("native_layer_norm", a.tensor(0), a[1], a[2], a[3], a.double_(4)))[0].to_value();
}

Grads layer_norm_backward(const BackwardContext& c, const Grads& g) {
  if (!g[0].defined()) return Grads(3);
  OpArgs a = c.args();
  std::vector<bool> mask = {c.needs_grad_of_arg(0), c.needs_grad_of_arg(2), c.needs_grad_of_arg(3)};
  Value mask_value = Value(lang::make_tuple({Value::boolean(mask[0]), Value::boolean(mask[1]), Value::boolean(mask[2])}));
  return unpack_tensors(call("native_layer_norm_backward", g[0], c.tensor(0), a[1], c.result(1), c.result(2),
                             a[2], a[3], mask_value));
}

// LayerNormBackwardKernelImplInternal for float and double (16-bit inputs
// compute in float): at::parallel_for's rows per thread, each thread adding
// its rows' dgamma/dbeta terms into its own buffer (summed over the threads
// at the end), and dx from the row's two lane-wise reductions. The
// multiply-adds are fused where PyTorch's build fuses them (everywhere but
// the accumulations of the reduction loops).
template <class A>
void layer_norm_backward_rows(const A* dy, const A* x, const A* mean, const A* rstd, const A* gamma, A* dx, A* dgamma,
                              A* dbeta, int64_t m, int64_t n) {
  const int64_t threads = intraop_threads();
  std::vector<A> buffer(dgamma || dbeta ? static_cast<size_t>(2 * threads * n) : 0, A(0));
  const A scale = A(1) / static_cast<A>(n);
  auto plus = [](A u, A v) { return u + v; };
  parallel_ranges(m, 1, [&](int64_t begin, int64_t end, int64_t tid) {
    A* dgamma_buffer = buffer.data() + tid * n;
    A* dbeta_buffer = buffer.data() + (threads + tid) * n;
    for (int64_t i = begin; i < end; ++i) {
      const A* dyr = dy + i * n;
      const A* xr = x + i * n;
      const A a = rstd[i];
      if (dgamma) {
        const A b = -a * mean[i];
        for (int64_t j = 0; j < n; ++j) dgamma_buffer[j] = fmadd(dyr[j], fmadd(a, xr[j], b), dgamma_buffer[j]);
      }
      if (dbeta)
        for (int64_t j = 0; j < n; ++j) dbeta_buffer[j] = dbeta_buffer[j] + dyr[j];
      if (!dx) continue;
      A ds, db;
      if (gamma) {
        ds = map_reduce_all<A>(
            n, [&](int64_t j) { return dyr[j] * xr[j] * gamma[j]; }, plus,
            [&](A acc, int64_t j) { return fmadd(dyr[j] * xr[j], gamma[j], acc); });
        db = map_reduce_all<A>(
            n, [&](int64_t j) { return dyr[j] * gamma[j]; }, plus,
            [&](A acc, int64_t j) { return fmadd(dyr[j], gamma[j], acc); });
      } else {
        ds = map_reduce_all<A>(
            n, [&](int64_t j) { return dyr[j] * xr[j]; }, plus, [&](A acc, int64_t j) { return fmadd(dyr[j], xr[j], acc); });
        db = map_reduce_all<A>(n, [&](int64_t j) { return dyr[j]; }, plus);
      }
      const A b = fmadd(db, mean[i], -ds) * a * a * a * scale;
      const A c = fmadd(-b, mean[i], -(db * a * scale));
      A* dxr = dx + i * n;
      // a * dy * gamma + b * x + c: GCC evaluates the Vectorized operators'
      // right operand first, so b * x is the product it fuses.
      if (gamma)
        for (int64_t j = 0; j < n; ++j) dxr[j] = fmadd(b, xr[j], a * dyr[j] * gamma[j]) + c;
      else
        for (int64_t j = 0; j < n; ++j) dxr[j] = fmadd(b, xr[j], a * dyr[j]) + c;
    }
  });
  if (buffer.empty()) return;
  for (int64_t j = 0; j < n; ++j) {
    A dgamma_v = 0, dbeta_v = 0;
    for (int64_t t = 0; t < threads; ++t) {
      dgamma_v += buffer[t * n + j];
      dbeta_v += buffer[(threads + t) * n + j];
    }
    if (dgamma) dgamma[j] = dgamma_v;
    if (dbeta) dbeta[j] = dbeta_v;
  }
}

// native_layer_norm_backward(grad_out, input, normalized_shape, mean, rstd, weight, bias, output_mask)
Value layer_norm_backward_run(const OpArgs& a) {
  Tensor dy = a.tensor(0), x = a.tensor(1);
  Tensor mean = a.tensor(3), rstd = a.tensor(4), weight = a.optional_tensor(5), bias = a.optional_tensor(6);
  const IntVector mask = a.int_list(7); // output_mask: which gradients to compute
  if (!x.has_data() || !dy.has_data())
    return Value(lang::make_tuple({mask[0] ? call("empty_like", x) : Value::none(),
                                   mask[1] && weight.defined() ? call("empty_like", weight) : Value::none(),
                                   mask[2] && bias.defined() ? call("empty_like", bias) : Value::none()}));
  const int64_t axis = x.dim() - static_cast<int64_t>(a.int_list(2).size());
  int64_t m = 1;
  for (int64_t d = 0; d < axis; ++d) m *= x.size(d);
  const int64_t n = m == 0 ? 0 : x.numel() / m;
  Tensor dx, dgamma, dbeta;
  DType compute = x.dtype() == DType::Float64 ? DType::Float64 : DType::Float32;
  auto prep = [&](const Tensor& t) { return call_tensor("contiguous", as_dtype(t, compute)); };
  Tensor dyc = prep(dy), xc = prep(x), meanc = prep(mean), rstdc = prep(rstd);
  Tensor gc = weight.defined() ? prep(weight) : Tensor();
  Tensor dx_c = mask[0] ? Tensor::empty(x.sym_sizes(), compute) : Tensor();
  Tensor dg_c = mask[1] && weight.defined() ? call_tensor("zeros", weight.sym_sizes(), compute) : Tensor();
  Tensor db_c = mask[2] && bias.defined() ? call_tensor("zeros", bias.sym_sizes(), compute) : Tensor();
  tensor::visit_dtype(compute, [&]<class A>() {
    if constexpr (std::is_floating_point_v<A>) {
      auto ptr = [](const Tensor& t) { return t.defined() ? t.data<A>() : nullptr; };
      if (m > 0)
        with_avx2([&] {
          layer_norm_backward_rows<A>(dyc.data<A>(), xc.data<A>(), meanc.data<A>(), rstdc.data<A>(), ptr(gc), ptr(dx_c),
                                      ptr(dg_c), ptr(db_c), m, n);
        });
    }
  });
  if (dx_c.defined()) dx = as_dtype(dx_c, x.dtype());
  if (dg_c.defined()) dgamma = as_dtype(dg_c, weight.dtype());
  if (db_c.defined()) dbeta = as_dtype(db_c, bias.dtype());
  return Value(lang::make_tuple({to_arg(dx), to_arg(dgamma), to_arg(dbeta)}));
}

// ---- group norm -----------------------------------------------------------------------------------

// native_group_norm(input, weight, bias, N, C, HxW, group, eps)
std::vector<TensorSpec> group_norm_meta(const OpArgs& a) {
  Tensor input = a.tensor(0);
  SymIntVector sizes(input.sym_sizes().begin(), input.sym_sizes().end());
  SymIntVector stat{a.sym_int(3), a.int_(6)};
  return {TensorSpec{sizes, tensor::contiguous_strides(sizes), 0, input.dtype(), input.device()},
          TensorSpec{stat, tensor::contiguous_strides(stat), 0, input.dtype(), input.device()},
          TensorSpec{stat, tensor::contiguous_strides(stat), 0, input.dtype(), input.device()}};
}

// GroupNormKernelImplInternal: moments per (sample, group), then
// y = scale * x + bias per channel, fused.
void group_norm_kernel(const OpArgs& a, std::span<const Tensor> out) {
  Tensor input = a.tensor(0);
  const int64_t batch = a.int_(3), channels = a.int_(4), hw = a.int_(5), groups = a.int_(6);
  const double eps = a.double_(7);
  check_floating("group_norm_cpu", input.dtype());
  if (input.numel() == 0) return;
  DType compute = input.dtype() == DType::Float64 ? DType::Float64 : DType::Float32;
  auto prep = [&](const Tensor& t) { return t.defined() ? call_tensor("contiguous", as_dtype(t, compute)) : Tensor(); };
  Tensor x = prep(input), w = prep(a.optional_tensor(1)), b = prep(a.optional_tensor(2));
  const int64_t d = channels / groups, inner = d * hw;
  Tensor y = Tensor::empty(out[0].sym_sizes(), compute);
  Tensor mean = Tensor::empty(out[1].sym_sizes(), compute), rstd = Tensor::empty(out[2].sym_sizes(), compute);
  tensor::visit_dtype(compute, [&]<class A>() {
    if constexpr (std::is_floating_point_v<A>) {
      const A* xp = x.data<A>();
      A* yp = y.data<A>();
      with_avx2([&] {
        for (int64_t i = 0; i < batch * groups; ++i) {
          auto [mu, var] = rowwise_moments<A>(xp + i * inner, inner);
          const A r = static_cast<A>(A(1) / std::sqrt(static_cast<double>(std::max(var, A(0))) + eps));
          const int64_t g = i % groups;
          for (int64_t j = 0; j < d; ++j) {
            const int64_t c = g * d + j;
            const A scale = r * (w.defined() ? w.data<A>()[c] : A(1));
            const A bias = fmadd(-scale, mu, b.defined() ? b.data<A>()[c] : A(0));
            for (int64_t k = 0; k < hw; ++k) {
              int64_t o = (i * d + j) * hw + k;
              yp[o] = (w.defined() || b.defined()) ? fmadd(scale, xp[o], bias) : (xp[o] - mu) * r;
            }
          }
          mean.data<A>()[i] = mu;
          rstd.data<A>()[i] = r;
        }
      });
    }
  });
  copy_into(out[0], y);
  copy_into(out[1], mean);
  copy_into(out[2], rstd);
}

// group_norm(input, num_groups, weight, bias, eps, cudnn_enabled)
Value group_norm_run(const OpArgs& a) {
  Tensor input = a.tensor(0), weight = a.optional_tensor(2), bias = a.optional_tensor(3);
  const int64_t groups = a.int_(1);
  check(input.dim() >= 2, "Expected at least 2 dimensions for input tensor but received " + std::to_string(input.dim()));
  const int64_t batch = input.size(0), channels = input.size(1);
  check(groups > 0, "Expected num groups to be greater than 0, got " + std::to_string(groups));
  check(channels % groups == 0, "Expected number of channels in input to be divisible by num_groups, but got input of shape " +
                                    shape_str(input.sym_sizes()) + " and num_groups=" + std::to_string(groups));
  check(!weight.defined() || (weight.dim() == 1 && weight.numel() == channels),
        "Expected weight to be a vector of size equal to the number of channels in input, but got weight of shape " +
            (weight.defined() ? shape_str(weight.sym_sizes()) : "") + " and input of shape " + shape_str(input.sym_sizes()));
  check(!bias.defined() || (bias.dim() == 1 && bias.numel() == channels),
        "Expected bias to be a vector of size equal to the number of channels in input, but got bias of shape " +
            (weight.defined() ? shape_str(weight.sym_sizes()) : "") + " and input of shape " + shape_str(input.sym_sizes()));
  int64_t hw = 1;
  for (int64_t d = 2; d < input.dim(); ++d) hw *= input.size(d);
  Tensor x = call_tensor("contiguous", input);
  return unpack_tensors(call("native_group_norm", x, weight, bias, batch, channels, hw, groups, a.double_(4)))[0].to_value();
}

// The output's gradient through native_group_norm_backward; the mean's and
// rstd's (PyTorch's infinitely differentiable formula) added in ops:
// d mean / dx = 1/n and d rstd / dx = -rstd^3 (x - mean) / n per group.
Grads group_norm_backward(const BackwardContext& c, const Grads& g) {
  OpArgs a = c.args();
  Grads out(3);
  if (g[0].defined())
    out = unpack_tensors(call("native_group_norm_backward", call_tensor("contiguous", g[0]), c.tensor(0), c.result(1),
                              c.result(2), a[1], a[3], a[4], a[5], a[6], bool_mask(c, {0, 1, 2})));
  if ((!g[1].defined() && !g[2].defined()) || !c.needs_grad_of_arg(0)) return out;
  Tensor x = c.tensor(0);
  IntVector grouped{a.int_(3), a.int_(6), -1};
  Tensor xg = call_tensor("reshape", x, grouped);
  Tensor mean = call_tensor("unsqueeze", c.result(1), -1), rstd = call_tensor("unsqueeze", c.result(2), -1);
  const double n = static_cast<double>(xg.size(2));
  Tensor dx = call_tensor("zeros_like", xg);
  if (g[1].defined()) dx = call_tensor("add.Tensor", dx, call_tensor("div.Tensor", call_tensor("unsqueeze", g[1], -1), n));
  if (g[2].defined()) {
    Tensor cube = call_tensor("pow.Tensor_Scalar", rstd, 3);
    Tensor term = call_tensor("mul.Tensor", call_tensor("mul.Tensor", call_tensor("unsqueeze", g[2], -1), cube),
                              call_tensor("sub.Tensor", xg, mean));
    dx = call_tensor("sub.Tensor", dx, call_tensor("div.Tensor", term, n));
  }
  dx = call_tensor("reshape", dx, x.sizes());
  out[0] = out[0].defined() ? call_tensor("add.Tensor", out[0], dx) : dx;
  return out;
}

// GroupNormBackwardKernelImplInternal: per (sample, channel) sum(dy * x)
// and sum(dy) reduced in lanes; dx per (sample, group) from those weighted
// by gamma (lane-wise over whole vectors of channels, then the rest); dgamma
// and dbeta summed over the samples.
template <class A> struct GroupNormGrads {
  const A *dy, *x, *mean, *rstd, *gamma;
  A *dx, *dgamma, *dbeta;
  int64_t batch, channels, hw, groups;

  void run() const {
    const int64_t d_size = channels / groups;
    auto plus = [](A u, A v) { return u + v; };
    std::vector<A> ds(static_cast<size_t>(batch * channels)), db(ds.size());
    for (int64_t i = 0; i < batch * channels; ++i) {
      const A* dyr = dy + i * hw;
      const A* xr = x + i * hw;
      ds[i] = map_reduce_all<A>(
          hw, [&](int64_t k) { return dyr[k] * xr[k]; }, plus, [&](A acc, int64_t k) { return fmadd(dyr[k], xr[k], acc); });
      db[i] = map_reduce_all<A>(hw, [&](int64_t k) { return dyr[k]; }, plus);
    }
    auto gamma_at = [&](int64_t c) { return gamma ? gamma[c] : A(1); };
    if (dx) {
      constexpr int64_t K = kLanes<A>;
      const A s = A(1) / static_cast<A>(d_size * hw);
      const int64_t whole = d_size / K * K;
      for (int64_t i = 0; i < batch * groups; ++i) {
        const int64_t g = i % groups;
        const A* dsr = ds.data() + i * d_size;
        const A* dbr = db.data() + i * d_size;
        // Both loops accumulate two chains; GCC leaves the first one's
        // multiply-adds unfused (an FMA chain in a loop) and fuses the second's.
        std::array<A, K> ds_lanes{}, db_lanes{};
        for (int64_t j = 0; j < whole; j += K)
          for (int64_t k = 0; k < K; ++k) {
            ds_lanes[k] = ds_lanes[k] + dsr[j + k] * gamma_at(g * d_size + j + k);
            db_lanes[k] = fmadd(dbr[j + k], gamma_at(g * d_size + j + k), db_lanes[k]);
          }
        A ds_val = 0, db_val = 0;
        for (int64_t k = 0; k < K; ++k) {
          ds_val += ds_lanes[k];
          db_val += db_lanes[k];
        }
        for (int64_t j = whole; j < d_size; ++j) {
          ds_val = ds_val + dsr[j] * gamma_at(g * d_size + j);
          db_val = fmadd(dbr[j], gamma_at(g * d_size + j), db_val);
        }
        const A r = rstd[i];
        const A c2 = fmadd(db_val, mean[i], -ds_val) * r * r * r * s;
        const A c3 = fmadd(-c2, mean[i], -(db_val * r * s));
        for (int64_t j = 0; j < d_size; ++j) {
          const A c1 = r * gamma_at(g * d_size + j);
          const int64_t o = (i * d_size + j) * hw;
          for (int64_t k = 0; k < hw; ++k) dx[o + k] = fmadd(c1, dy[o + k], c2 * x[o + k]) + c3;
        }
      }
    }
    for (int64_t c = 0; c < channels; ++c) {
      const int64_t g = c / d_size;
      A dg = 0, dbt = 0;
      for (int64_t n = 0; n < batch; ++n) {
        const int64_t i = n * channels + c;
        dg = fmadd(fmadd(-db[i], mean[n * groups + g], ds[i]), rstd[n * groups + g], dg);
        dbt = dbt + db[i];
      }
      if (dgamma) dgamma[c] = dg;
      if (dbeta) dbeta[c] = dbt;
    }
  }
};

// native_group_norm_backward(grad_out, input, mean, rstd, weight, N, C, HxW, group, output_mask)
Value group_norm_backward_run(const OpArgs& a) {
  Tensor input = a.tensor(1);
  DType compute = input.dtype() == DType::Float64 ? DType::Float64 : DType::Float32;
  auto prep = [&](const Tensor& t) { return t.defined() ? call_tensor("contiguous", as_dtype(t, compute)) : Tensor(); };
  Tensor dy = prep(a.tensor(0)), x = prep(input), mean = prep(a.tensor(2)), rstd = prep(a.tensor(3)), w = prep(a.optional_tensor(4));
  const int64_t batch = a.int_(5), channels = a.int_(6), hw = a.int_(7), groups = a.int_(8);
  const IntVector mask = a.int_list(9); // output_mask: which gradients to compute
  if (!input.has_data() || !dy.has_data())
    return Value(lang::make_tuple({mask[0] ? call("empty_like", input) : Value::none(),
                                   mask[1] ? call("new_empty", input, IntVector{channels}) : Value::none(),
                                   mask[2] ? call("new_empty", input, IntVector{channels}) : Value::none()}));
  Tensor dx = mask[0] ? Tensor::empty(input.sym_sizes(), compute) : Tensor();
  Tensor dw = mask[1] ? call_tensor("zeros", IntVector{channels}, compute) : Tensor();
  Tensor db = mask[2] ? call_tensor("zeros", IntVector{channels}, compute) : Tensor();
  tensor::visit_dtype(compute, [&]<class A>() {
    if constexpr (std::is_floating_point_v<A>) {
      auto ptr = [](const Tensor& t) { return t.defined() ? t.data<A>() : nullptr; };
      GroupNormGrads<A> g{dy.data<A>(), x.data<A>(), mean.data<A>(), rstd.data<A>(), ptr(w), ptr(dx), ptr(dw), ptr(db),
                          batch, channels, hw, groups};
      with_avx2([&] { g.run(); });
    }
  });
  auto back = [&](const Tensor& t, DType dtype) { return t.defined() ? as_dtype(t, dtype) : Tensor(); };
  return Value(lang::make_tuple({to_arg(back(dx, input.dtype())), to_arg(back(dw, input.dtype())), to_arg(back(db, input.dtype()))}));
}

// rms_norm(input, normalized_shape, weight, eps): ATen's composite, in opmath
// (float for the 16-bit floats): x rsqrt(mean(x^2) + eps) over the
// normalized dims, eps defaulting to the opmath type's machine epsilon.
Value rms_norm_run(const OpArgs& a) {
  Tensor input = a.tensor(0), weight = a.optional_tensor(2);
  const IntVector shape = a.int_list(1);
  const int64_t n = static_cast<int64_t>(shape.size());
  check(n >= 1, "Expected normalized_shape to be at least 1-dimensional, i.e., containing at least one element, but "
                "got normalized_shape = " + shape_str(shape));
  check(!weight.defined() || std::ranges::equal(weight.sizes(), shape),
        "Expected weight to be of same shape as normalized_shape, but got weight of shape " +
            (weight.defined() ? shape_str(weight.sym_sizes()) : "") + " and normalized_shape = " + shape_str(shape));
  const int64_t ndim = input.dim();
  bool matches = ndim >= n;
  for (int64_t i = 0; matches && i < n; ++i) matches = input.size(ndim - n + i) == shape[i];
  if (!matches) {
    std::string expected = "[*";
    for (int64_t s : shape) expected += ", " + std::to_string(s);
    fail("Given normalized_shape=" + shape_str(shape) + ", expected input with shape " + expected +
         "], but got input of size" + shape_str(input.sym_sizes()));
  }
  const DType dtype = input.dtype();
  const bool reduced = dtype == DType::Float16 || dtype == DType::BFloat16;
  const DType opmath = reduced ? DType::Float32 : dtype;
  double eps = a.is_none(3) ? (opmath == DType::Float64 ? std::numeric_limits<double>::epsilon()
                                                        : static_cast<double>(std::numeric_limits<float>::epsilon()))
                            : a.double_(3);
  IntVector dims;
  for (int64_t i = 0; i < n; ++i) dims.push_back(ndim - i - 1);
  Tensor x = call_tensor("to.dtype", input, opmath);
  Tensor mean_square = call_tensor("mean.dim", call_tensor("pow.Tensor_Scalar", x, 2), dims, true);
  Tensor rsqrt = call_tensor("rsqrt", call_tensor("add_.Tensor", mean_square, eps));
  Tensor result = call_tensor("type_as", call_tensor("mul.Tensor", x, rsqrt), input);
  if (weight.defined()) result = call_tensor("mul.Tensor", result, weight);
  return result.to_value();
}

} // namespace

void register_normalization_ops(OpRegistry& r) {
  r.def("native_layer_norm(Tensor input, SymInt[] normalized_shape, Tensor? weight, Tensor? bias, float eps) -> (Tensor, Tensor, Tensor)")
      .structured(layer_norm_meta, layer_norm_kernel)
      .derivative("NativeLayerNormBackward0", layer_norm_backward).saves({"input", "weight", "bias"}).saves_results({1, 2})
      .differentiable_outputs({0});
  r.def("layer_norm(Tensor input, SymInt[] normalized_shape, Tensor? weight=None, Tensor? bias=None, float eps=1e-05, "
        "bool cudnn_enable=True) -> Tensor")
      .composite(layer_norm_run);
  r.def("native_layer_norm_backward(Tensor grad_out, Tensor input, SymInt[] normalized_shape, Tensor mean, Tensor rstd, "
        "Tensor? weight, Tensor? bias, bool[3] output_mask) -> (Tensor, Tensor, Tensor)")
      .hidden().custom(layer_norm_backward_run).runs_without_data();
  r.def("native_group_norm(Tensor input, Tensor? weight, Tensor? bias, SymInt N, SymInt C, SymInt HxW, int group, "
        "float eps) -> (Tensor, Tensor, Tensor)")
      .structured(group_norm_meta, group_norm_kernel)
      .derivative("NativeGroupNormBackward0", group_norm_backward).saves({"input", "weight"}).saves_results({1, 2});
  r.def("group_norm(Tensor input, int num_groups, Tensor? weight=None, Tensor? bias=None, float eps=1e-05, "
        "bool cudnn_enabled=True) -> Tensor")
      .composite(group_norm_run);
  r.def("native_group_norm_backward(Tensor grad_out, Tensor input, Tensor mean, Tensor rstd, Tensor? weight, "
        "SymInt N, SymInt C, SymInt HxW, int group, bool[3] output_mask) -> (Tensor, Tensor, Tensor)")
      .hidden().custom(group_norm_backward_run).runs_without_data();
  r.def("rms_norm(Tensor input, SymInt[] normalized_shape, Tensor? weight=None, float? eps=None) -> Tensor")
      .composite(rms_norm_run);
}

} // namespace refc::ops
