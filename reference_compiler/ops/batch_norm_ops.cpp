// Batch normalisation: native_batch_norm (with batch_norm: batch statistics
// and running-statistics updates in training, running statistics in
// evaluation) and the backward op its derivative calls, and instance_norm,
// ATen's composite over batch_norm. The kernels follow ATen's CPU kernel
// (batch_norm_kernel.cpp): per-channel sums in double (or per-thread float
// partials for 2-D input), and fused multiply-adds exactly where PyTorch's
// AVX2 build emits them, so outputs match PyTorch's bit for bit.
#include "reference_compiler/ops/normalization_internal.h"

#include "reference_compiler/ops/reduction_kernels.h"
#include "reference_compiler/ops/unary_kernels.h"

#include <cmath>
#include <limits>

namespace refc::ops {

namespace {

using namespace normalization;

// ---- batch norm --------------------------------------------------------------------------------------

// native_batch_norm(input, weight, bias, running_mean, running_var, training, momentum, eps)
std::vector<TensorSpec> batch_norm_meta(const OpArgs& a) {
  Tensor input = a.tensor(0);
  check(input.dim() >= 2, "batch_norm: expected input to have at least 2 dimensions");
  SymIntVector sizes(input.sym_sizes().begin(), input.sym_sizes().end());
  SymIntVector channels{input.sym_size(1)};
  SymIntVector stats = a.bool_(5) ? channels : SymIntVector{0};
  return {TensorSpec{sizes, tensor::contiguous_strides(sizes), 0, input.dtype(), input.device()},
          TensorSpec{stats, tensor::contiguous_strides(stats), 0, input.dtype(), input.device()},
          TensorSpec{stats, tensor::contiguous_strides(stats), 0, input.dtype(), input.device()}};
}

// The per-channel statistics of a contiguous (N, C, *) input: the mean and
// the sum of squared deviations. (N, C) input is also channels-last: with
// more rows than threads, per-thread float partial sums over the rows, added
// in double; with few rows and few (or very many) channels, float sums over
// the rows; otherwise, like (N, C, *) input, sums in double per channel.
template <class A> void collect_stats(const A* x, int64_t batch, int64_t channels, int64_t image, A* mean, A* var_sum) {
  const int64_t n = batch * image;
  const int64_t threads = intraop_threads();
  if (image == 1 && n > threads) {
    std::vector<A> buffer(static_cast<size_t>(threads * channels));
    auto accumulate = [&](auto term) {
      std::fill(buffer.begin(), buffer.end(), A(0));
      parallel_ranges(n, 1, [&](int64_t begin, int64_t end, int64_t tid) {
        for (int64_t i = begin; i < end; ++i)
          for (int64_t c = 0; c < channels; ++c)
            buffer[tid * channels + c] = term(buffer[tid * channels + c], x[i * channels + c], c);
      });
    };
    accumulate([](A acc, A v, int64_t) { return acc + v; });
    for (int64_t c = 0; c < channels; ++c) {
      double sum = 0;
      for (int64_t t = 0; t < threads; ++t) sum += buffer[t * channels + c];
      mean[c] = static_cast<A>(sum / static_cast<double>(n));
    }
    accumulate([&](A acc, A v, int64_t c) { return fmadd(v - mean[c], v - mean[c], acc); });
    for (int64_t c = 0; c < channels; ++c) {
      double sum = 0;
      for (int64_t t = 0; t < threads; ++t) sum += buffer[t * channels + c];
      var_sum[c] = static_cast<A>(sum);
    }
    return;
  }
  if (image == 1 && (threads == 1 || channels <= 16 || channels > 2048)) {
    for (int64_t c = 0; c < channels; ++c) {
      A sum = 0, vs = 0;
      for (int64_t i = 0; i < n; ++i) sum = sum + x[i * channels + c];
      mean[c] = sum / static_cast<A>(n);
      for (int64_t i = 0; i < n; ++i) vs = fmadd(x[i * channels + c] - mean[c], x[i * channels + c] - mean[c], vs);
      var_sum[c] = vs;
    }
    return;
  }
  for (int64_t c = 0; c < channels; ++c) {
    double sum = 0;
    for (int64_t b = 0; b < batch; ++b)
      for (int64_t i = 0; i < image; ++i) sum += x[(b * channels + c) * image + i];
    const A mu = static_cast<A>(sum / static_cast<double>(n));
    mean[c] = mu;
    double vs = 0;
    for (int64_t b = 0; b < batch; ++b)
      for (int64_t i = 0; i < image; ++i) {
        const A v = x[(b * channels + c) * image + i];
        vs += (v - mu) * (v - mu);
      }
    var_sum[c] = static_cast<A>(vs);
  }
}

void batch_norm_kernel(const OpArgs& a, std::span<const Tensor> out) {
  Tensor input = a.tensor(0), weight = a.optional_tensor(1), bias = a.optional_tensor(2);
  Tensor running_mean = a.optional_tensor(3), running_var = a.optional_tensor(4);
  const bool training = a.bool_(5);
  const double momentum = a.double_(6), eps = a.double_(7);
  if (input.numel() == 0) return;
  check(training || (running_mean.defined() && running_var.defined()),
        "running_mean and running_var must be defined in evaluation mode");
  const int64_t batch = input.size(0), channels = input.size(1);
  const int64_t image = input.numel() / batch / channels, n = batch * image;
  DType compute = input.dtype() == DType::Float64 ? DType::Float64 : DType::Float32;
  check_floating("batch_norm_cpu", input.dtype());
  Tensor x = call_tensor("contiguous", as_dtype(input, compute));
  tensor::visit_dtype(compute, [&]<class A>() {
    if constexpr (std::is_floating_point_v<A>) {
      auto param = [&](const Tensor& t) { return t.defined() ? call_tensor("contiguous", as_dtype(t, compute)) : Tensor(); };
      Tensor w = param(weight), b = param(bias), rm = param(running_mean), rv = param(running_var);
      std::vector<A> mean(static_cast<size_t>(channels)), invstd(static_cast<size_t>(channels));
      if (training) {
        check(n != 0, "input tensor must have at least one element, but got input_sizes = " + shape_str(input.sym_sizes()));
        std::vector<A> var_sum(static_cast<size_t>(channels));
        with_avx2([&] { collect_stats<A>(x.data<A>(), batch, channels, image, mean.data(), var_sum.data()); });
        const A m = static_cast<A>(momentum);
        for (int64_t c = 0; c < channels; ++c) {
          const A var = var_sum[c] / static_cast<A>(n);
          invstd[c] = (var != 0 || eps != 0) ? static_cast<A>(1.0 / std::sqrt(static_cast<double>(var) + eps)) : A(0);
          if (rm.defined()) rm.data<A>()[c] = m * mean[c] + (1 - m) * rm.data<A>()[c];
          if (rv.defined()) {
            const double unbiased = static_cast<double>(var_sum[c] / static_cast<A>(n - 1));
            rv.data<A>()[c] = static_cast<A>(static_cast<double>(m) * unbiased + static_cast<double>((1 - m) * rv.data<A>()[c]));
          }
        }
        if (rm.defined() && !rm.is_same(running_mean)) copy_into(running_mean, rm);
        if (rv.defined() && !rv.is_same(running_var)) copy_into(running_var, rv);
        Tensor sm = Tensor::empty(SymIntVector{channels}, compute), si = Tensor::empty(SymIntVector{channels}, compute);
        std::copy(mean.begin(), mean.end(), sm.data<A>());
        std::copy(invstd.begin(), invstd.end(), si.data<A>());
        copy_into(out[1], sm);
        copy_into(out[2], si);
      } else {
        for (int64_t c = 0; c < channels; ++c) {
          mean[c] = rm.data<A>()[c];
          invstd[c] = A(1) / std::sqrt(rv.data<A>()[c] + static_cast<A>(eps));
        }
      }
      // y = x * alpha + beta with alpha = invstd * w, beta = b - mean * alpha (both fused).
      Tensor y = out[0].dtype() == compute ? out[0] : Tensor::empty(out[0].sym_sizes(), compute);
      const A* xp = x.data<A>();
      A* yp = y.data<A>();
      with_avx2([&] {
        for (int64_t c = 0; c < channels; ++c) {
          const A alpha = invstd[c] * (w.defined() ? w.data<A>()[c] : A(1));
          const A beta = fmadd(-mean[c], alpha, b.defined() ? b.data<A>()[c] : A(0));
          for (int64_t bi = 0; bi < batch; ++bi)
            for (int64_t i = 0; i < image; ++i) {
              int64_t o = (bi * channels + c) * image + i;
              yp[o] = fmadd(xp[o], alpha, beta);
            }
        }
      });
      if (!y.is_same(out[0])) copy_into(out[0], y);
    }
  });
}

// batch_norm(input, weight, bias, running_mean, running_var, training, momentum, eps, cudnn_enabled)
Value batch_norm_run(const OpArgs& a) {
  Tensor input = a.tensor(0), weight = a.optional_tensor(1), bias = a.optional_tensor(2);
  Tensor running_mean = a.optional_tensor(3), running_var = a.optional_tensor(4);
  const bool training = a.bool_(5);
  check(input.dim() >= 2, "batch_norm: expected input to have at least 2 dimensions");
  const SymInt features = input.sym_size(1);
  if ((input->sym_numel() == 0).expect_bool()) {
    Tensor out = call_tensor("clone", input);
    if (weight.defined()) out = call_tensor("mul.Tensor", out, call_tensor("select.int", weight, 0, 0));
    if (bias.defined()) out = call_tensor("add.Tensor", out, call_tensor("select.int", bias, 0, 0));
    return out.to_value();
  }
  auto check_features = [&](const char* name, const Tensor& t) {
    if (!(t->sym_numel() == features).expect_bool())
      fail(std::string(name) + " should contain " + features.str() + " elements not " +
           t->sym_numel().str());
  };
  if (running_mean.defined()) check_features("running_mean", running_mean);
  else check(training, "running_mean must be defined in evaluation mode");
  if (running_var.defined()) check_features("running_var", running_var);
  else check(training, "running_var must be defined in evaluation mode");
  if (weight.defined()) check_features("weight", weight);
  if (bias.defined()) check_features("bias", bias);
  return unpack_tensors(call("native_batch_norm", input, weight, bias, running_mean, running_var, training,
                             a.double_(6), a.double_(7)))[0]
      .to_value();
}

Grads batch_norm_backward(const BackwardContext& c, const Grads& g) {
  if (!g[0].defined()) return Grads(5);
  OpArgs a = c.args();
  Grads out = unpack_tensors(call("native_batch_norm_backward", g[0], c.tensor(0), a[1], a[3], a[4], c.result(1),
                                  c.result(2), a.bool_(5), a.double_(7), bool_mask(c, {0, 1, 2})));
  out.resize(5);
  return out;
}

// batch_norm_cpu_backward_{contiguous,channels_last}_impl: per channel,
// sum(dy) and dot((x - mean), dy), then
// dx = (dy - sum / N - (x - mean) * dot * invstd^2 / N) * invstd * w.
// (N, C, *) input reduces each channel's planes in lanes, accumulating in
// double; (N, C) input is also channels-last: per-thread partial rows summed
// in double, rounded back to A.
template <class A> struct BatchNormGrads {
  const A *dy, *x, *mean, *invstd, *w;
  A *dx, *dw, *db;
  int64_t batch, channels, image;
  bool train;

  void contiguous() const {
    const int64_t n = batch * image;
    auto plus = [](A u, A v) { return u + v; };
    for (int64_t c = 0; c < channels; ++c) {
      const A mu = mean[c];
      double sum = 0, dotp = 0;
      for (int64_t b = 0; b < batch; ++b) {
        const A* xr = x + (b * channels + c) * image;
        const A* dyr = dy + (b * channels + c) * image;
        sum += map_reduce_all<A>(image, [&](int64_t i) { return dyr[i]; }, plus);
        dotp += map_reduce_all<A>(
            image, [&](int64_t i) { return (xr[i] - mu) * dyr[i]; }, plus,
            [&](A acc, int64_t i) { return fmadd(xr[i] - mu, dyr[i], acc); });
      }
      if (dx) {
        const A k = static_cast<A>(dotp) * invstd[c] * invstd[c] / static_cast<A>(n);
        const A grad_mean = static_cast<A>(sum / static_cast<double>(n));
        for (int64_t b = 0; b < batch; ++b) {
          const int64_t o = (b * channels + c) * image;
          for (int64_t i = 0; i < image; ++i) dx[o + i] = dx_value(dy[o + i], x[o + i], mu, k, grad_mean, invstd[c], w[c]);
        }
      }
      if (dw) dw[c] = static_cast<A>(dotp * static_cast<double>(invstd[c]));
      if (db) db[c] = static_cast<A>(sum);
    }
  }

  void channels_last() const {
    const int64_t threads = intraop_threads(), n = batch;
    std::vector<A> sums(static_cast<size_t>(threads * channels), A(0)), dots(sums);
    parallel_ranges(n, 1, [&](int64_t begin, int64_t end, int64_t tid) {
      A* sum = sums.data() + tid * channels;
      A* dot = dots.data() + tid * channels;
      for (int64_t i = begin; i < end; ++i)
        for (int64_t c = 0; c < channels; ++c) {
          const int64_t o = i * channels + c;
          sum[c] = sum[c] + dy[o];
          dot[c] = fmadd(x[o] - mean[c], dy[o], dot[c]);
        }
    });
    for (int64_t c = 0; c < channels; ++c) {
      double sum = 0, dotp = 0;
      for (int64_t t = 0; t < threads; ++t) {
        sum += sums[t * channels + c];
        dotp += dots[t * channels + c];
      }
      sums[c] = static_cast<A>(sum);
      dots[c] = static_cast<A>(dotp);
    }
    if (dx)
      for (int64_t i = 0; i < n; ++i)
        for (int64_t c = 0; c < channels; ++c) {
          const A k = dots[c] * invstd[c] * invstd[c] / static_cast<A>(n);
          const int64_t o = i * channels + c;
          dx[o] = dx_value(dy[o], x[o], mean[c], k, sums[c] / static_cast<A>(n), invstd[c], w[c]);
        }
    for (int64_t c = 0; c < channels; ++c) {
      if (dw) dw[c] = dots[c] * invstd[c];
      if (db) db[c] = sums[c];
    }
  }

  A dx_value(A dy_v, A x_v, A mu, A k, A grad_mean, A inv, A w_v) const {
    return train ? fmadd(-(x_v - mu), k, dy_v - grad_mean) * inv * w_v : dy_v * inv * w_v;
  }
};

// native_batch_norm_backward(grad_out, input, weight, running_mean, running_var,
//                            save_mean, save_invstd, train, eps, output_mask)
Value batch_norm_backward_run(const OpArgs& a) {
  Tensor input = a.tensor(1);
  DType compute = input.dtype() == DType::Float64 ? DType::Float64 : DType::Float32;
  auto prep = [&](const Tensor& t) { return t.defined() ? call_tensor("contiguous", as_dtype(t, compute)) : Tensor(); };
  Tensor dy = prep(a.tensor(0)), x = prep(input), w = prep(a.optional_tensor(2));
  Tensor rm = prep(a.optional_tensor(3)), rv = prep(a.optional_tensor(4));
  Tensor sm = prep(a.optional_tensor(5)), si = prep(a.optional_tensor(6));
  const bool train = a.bool_(7);
  const double eps = a.double_(8);
  const IntVector mask = a.int_list(9); // output_mask: which gradients to compute
  if (!input.has_data() || !a.tensor(0).has_data()) {
    const SymIntVector channels{input.sym_size(1)};
    return Value(lang::make_tuple({mask[0] ? call("empty_like", input) : Value::none(),
                                   mask[1] ? call("new_empty", input, channels) : Value::none(),
                                   mask[2] ? call("new_empty", input, channels) : Value::none()}));
  }
  const int64_t batch = input.size(0), channels = input.size(1);
  const int64_t image = input.numel() / batch / channels;
  Tensor dx = mask[0] ? Tensor::empty(input.sym_sizes(), compute) : Tensor();
  Tensor dw = mask[1] ? Tensor::empty(SymIntVector{channels}, compute) : Tensor();
  Tensor db = mask[2] ? Tensor::empty(SymIntVector{channels}, compute) : Tensor();
  tensor::visit_dtype(compute, [&]<class A>() {
    if constexpr (std::is_floating_point_v<A>) {
      std::vector<A> mean(static_cast<size_t>(channels)), invstd(static_cast<size_t>(channels)), wv(static_cast<size_t>(channels));
      for (int64_t c = 0; c < channels; ++c) {
        wv[c] = w.defined() ? w.data<A>()[c] : A(1);
        mean[c] = train ? sm.data<A>()[c] : rm.data<A>()[c];
        invstd[c] = train ? si.data<A>()[c] : static_cast<A>(1 / std::sqrt(rv.data<A>()[c] + eps));
      }
      BatchNormGrads<A> g{dy.data<A>(), x.data<A>(), mean.data(), invstd.data(), wv.data(),
                          dx.defined() ? dx.data<A>() : nullptr, dw.defined() ? dw.data<A>() : nullptr,
                          db.defined() ? db.data<A>() : nullptr, batch, channels, image, train};
      with_avx2([&] {
        if (image == 1) g.channels_last();
        else g.contiguous();
      });
    }
  });
  auto back = [&](const Tensor& t, DType dtype) { return t.defined() ? as_dtype(t, dtype) : Tensor(); };
  DType param = a.optional_tensor(2).defined() ? a.optional_tensor(2).dtype() : input.dtype();
  return Value(lang::make_tuple({to_arg(back(dx, input.dtype())), to_arg(back(dw, param)), to_arg(back(db, param))}));
}

// instance_norm: batch_norm over the input viewed as (1, N * C, ...), with
// the per-channel parameters and running statistics repeated per sample; the
// running statistics are then averaged back over the samples.
Value instance_norm_run(const OpArgs& a) {
  Tensor input = a.tensor(0), weight = a.optional_tensor(1), bias = a.optional_tensor(2);
  Tensor running_mean = a.optional_tensor(3), running_var = a.optional_tensor(4);
  const bool use_input_stats = a.bool_(5);
  check(use_input_stats || (running_mean.defined() && running_var.defined()),
        "Expected running_mean and running_var to be defined when use_input_stats is false");
  const int64_t b = input.size(0), c = input.size(1);
  SymIntVector shape(input.sym_sizes().begin(), input.sym_sizes().end());
  shape[1] = b * c;
  shape[0] = 1;
  auto repeated = [b](const Tensor& t) {
    return t.defined() ? call_tensor("repeat", t, IntVector{b}) : Tensor();
  };
  Tensor mean_ = repeated(running_mean), var_ = repeated(running_var);
  Tensor reshaped = call_tensor("view", call_tensor("contiguous", input), shape);
  Tensor out = call_tensor("batch_norm", reshaped, repeated(weight), repeated(bias), mean_, var_, use_input_stats,
                           a.double_(6), a.double_(7), a.bool_(8));
  for (auto [stat, rep] : {std::pair{running_mean, mean_}, std::pair{running_var, var_}})
    if (stat.defined())
      call("copy_", call_tensor("alias", stat), call_tensor("mean.dim", call_tensor("view", rep, IntVector{b, c}), IntVector{0}));
  return call("view", out, input.sym_sizes());
}

} // namespace

void register_batch_norm_ops(OpRegistry& r) {
  r.def("native_batch_norm(Tensor input, Tensor? weight, Tensor? bias, Tensor? running_mean, Tensor? running_var, "
        "bool training, float momentum, float eps) -> (Tensor, Tensor, Tensor)")
      .structured(batch_norm_meta, batch_norm_kernel)
      .derivative("NativeBatchNormBackward0", batch_norm_backward)
      .saves({"input", "weight", "running_mean", "running_var"}).saves_results({1, 2}).differentiable_outputs({0});
  r.def("batch_norm(Tensor input, Tensor? weight, Tensor? bias, Tensor? running_mean, Tensor? running_var, "
        "bool training, float momentum, float eps, bool cudnn_enabled) -> Tensor")
      .composite(batch_norm_run);
  r.def("native_batch_norm_backward(Tensor grad_out, Tensor input, Tensor? weight, Tensor? running_mean, "
        "Tensor? running_var, Tensor? save_mean, Tensor? save_invstd, bool train, float eps, bool[3] output_mask) "
        "-> (Tensor, Tensor, Tensor)")
      .hidden().custom(batch_norm_backward_run).runs_without_data();
  r.def("instance_norm(Tensor input, Tensor? weight, Tensor? bias, Tensor? running_mean, Tensor? running_var, "
        "bool use_input_stats, float momentum, float eps, bool cudnn_enabled) -> Tensor")
      .composite(instance_norm_run);
}

} // namespace refc::ops
