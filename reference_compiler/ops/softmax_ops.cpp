// Softmax and log-softmax: _softmax / _log_softmax (the kernels), softmax.int
// / log_softmax.int (dtype conversion, then the kernel) and their backward
// ops _softmax_backward_data / _log_softmax_backward_data, each with its
// derivative. The kernels follow ATen's SoftMaxKernel.cpp step by step so
// results match PyTorch's: along the last dim, a max and a sum reduced in
// 8-lane vectors and folded as AVX2 folds them; along another dim, running
// reductions per inner position, vectorised in groups of lanes with scalar
// tails exactly where ATen has them (which is where it splits the work
// between threads). 16-bit floats compute in float.
#include "reference_compiler/ops/reduction_kernels.h"

#include "reference_compiler/ops/op_family.h"
#include "reference_compiler/ops/unary_kernels.h"

#include <cmath>
#include <limits>

namespace refc::ops {

namespace {

// The element math: the vectorised paths compute exp/log as ATen's
// Vectorized<T> does (SLEEF, over arrays), the scalar tails with libm.
template <class A> void vec_exp(A* out, const A* in, int64_t n) { vec_math(VecFn::Exp, out, in, n); }
template <class A> A vec_log(A x) {
  vec_math(VecFn::Log, &x, &x, 1);
  return x;
}
template <class A> A scalar_exp(A x) { return libm_math(VecFn::Exp, x); }

// Vectorized<A>::maximum: NaN wins.
template <class A> A vec_maximum(A a, A b) {
  if (std::isnan(a) || std::isnan(b)) return std::numeric_limits<A>::quiet_NaN();
  return a > b ? a : b;
}

template <class A> constexpr int64_t L = kLanes<A>;

template <class A> A row_max(const A* x, int64_t n) {
  return map_reduce_all<A>(n, [x](int64_t i) { return x[i]; }, vec_maximum<A>);
}
template <class A> A row_sum(const A* x, int64_t n) {
  return map_reduce_all<A>(n, [x](int64_t i) { return x[i]; }, [](A a, A b) { return a + b; });
}

// (outer, dim, inner) view of a contiguous tensor reduced along `dim`.
struct Shape3 {
  int64_t outer = 1, dim = 1, inner = 1;
};
Shape3 shape3(const Tensor& t, int64_t dim) {
  Shape3 s;
  for (int64_t d = 0; d < t.dim(); ++d) {
    if (d < dim) s.outer *= t.size(d);
    else if (d == dim) s.dim = t.size(d);
    else s.inner *= t.size(d);
  }
  return s;
}

// ---- forward kernels (A: float or double; 16-bit inputs arrive as float) -------------------

// _vec_softmax_lastdim / _vec_log_softmax_lastdim.
template <class A, bool kLog> void softmax_lastdim(const A* in, A* out, int64_t rows, int64_t n) {
  std::vector<A> tmp(kLog ? static_cast<size_t>(n) : 0);
  for (int64_t r = 0; r < rows; ++r) {
    const A* x = in + r * n;
    A* y = out + r * n;
    const A max = row_max(x, n);
    A* e = kLog ? tmp.data() : y;
    for (int64_t i = 0; i < n; ++i) e[i] = x[i] - max;
    vec_exp(e, e, n);
    if constexpr (kLog) {
      const A log_sum = vec_log(row_sum(e, n));
      for (int64_t i = 0; i < n; ++i) y[i] = x[i] - max - log_sum;
    } else {
      const A scale = A(1) / row_sum(y, n);
      for (int64_t i = 0; i < n; ++i) y[i] = y[i] * scale;
    }
  }
}

// _vec_softmax: per inner position, groups of lanes where a whole vector
// fits in the row and in the thread's range (vector max and exp), scalar code
// (std::max, libm exp) for the rest.
template <class A> void softmax_inner(const A* in, A* out, const Shape3& s) {
  const int64_t dim_stride = s.inner, outer_stride = s.dim * s.inner;
  // Positions [inner, inner + count) of one outer index.
  auto run = [&](int64_t outer, int64_t inner, int64_t count, bool vectorised) {
    const A* x = in + outer * outer_stride + inner;
    A* y = out + outer * outer_stride + inner;
    std::array<A, L<A>> max, sum{};
    for (int64_t k = 0; k < count; ++k) {
      max[k] = x[k];
      for (int64_t d = 1; d < s.dim; ++d)
        max[k] = vectorised ? vec_maximum(max[k], x[d * dim_stride + k]) : std::max(max[k], x[d * dim_stride + k]);
    }
    for (int64_t d = 0; d < s.dim; ++d) {
      A* row = y + d * dim_stride;
      for (int64_t k = 0; k < count; ++k) row[k] = x[d * dim_stride + k] - max[k];
      if (vectorised) vec_exp(row, row, count);
      else
        for (int64_t k = 0; k < count; ++k) row[k] = scalar_exp(row[k]);
      for (int64_t k = 0; k < count; ++k) sum[k] += row[k];
    }
    for (int64_t d = 0; d < s.dim; ++d)
      for (int64_t k = 0; k < count; ++k) y[d * dim_stride + k] = y[d * dim_stride + k] / sum[k];
  };
  parallel_ranges(s.outer * s.inner, 0, [&](int64_t begin, int64_t end, int64_t) {
    for (int64_t idx = begin; idx < end;) {
      int64_t outer = idx / s.inner, inner = idx % s.inner;
      if (inner + L<A> <= s.inner && idx + L<A> <= end) {
        run(outer, inner, L<A>, true);
        idx += L<A>;
      } else {
        int64_t tail = idx + L<A> > end ? end - idx : s.inner - inner;
        for (int64_t k = 0; k < tail; ++k) run((idx + k) / s.inner, (idx + k) % s.inner, 1, false);
        idx += tail;
      }
    }
  });
}

// _vec_logsoftmax: inner positions in chunks; whole vectors of a chunk use
// the vectorised exp, its scalar tail libm.
template <class A> void log_softmax_inner(const A* in, A* out, const Shape3& s) {
  int64_t chunk = std::max<int64_t>(128 * 1024 / s.dim / static_cast<int64_t>(sizeof(A)), L<A>);
  chunk = std::min(chunk / L<A> * L<A>, s.inner);
  std::vector<A> max(static_cast<size_t>(chunk)), sum(static_cast<size_t>(chunk)), tmp(static_cast<size_t>(chunk));
  for (int64_t outer = 0; outer < s.outer; ++outer)
    for (int64_t begin = 0; begin < s.inner; begin += chunk) {
      const int64_t size = std::min(chunk, s.inner - begin), vectorised = size - size % L<A>;
      const int64_t base = outer * s.dim * s.inner + begin;
      std::fill_n(max.begin(), size, -std::numeric_limits<A>::infinity());
      std::fill_n(sum.begin(), size, A(0));
      for (int64_t d = 0; d < s.dim; ++d)
        for (int64_t i = 0; i < size; ++i) {
          A v = in[base + d * s.inner + i];
          max[i] = v > max[i] ? v : max[i];
        }
      for (int64_t d = 0; d < s.dim; ++d) {
        for (int64_t i = 0; i < size; ++i) tmp[i] = in[base + d * s.inner + i] - max[i];
        vec_exp(tmp.data(), tmp.data(), vectorised);
        for (int64_t i = vectorised; i < size; ++i) tmp[i] = scalar_exp(tmp[i]);
        for (int64_t i = 0; i < size; ++i) sum[i] += tmp[i];
      }
      vec_math(VecFn::Log, sum.data(), sum.data(), size);
      for (int64_t d = 0; d < s.dim; ++d)
        for (int64_t i = 0; i < size; ++i) {
          int64_t o = base + d * s.inner + i;
          out[o] = in[o] - max[i] - sum[i];
        }
    }
}

// ---- backward kernels ------------------------------------------------------------------------------

// _vec_host_softmax_backward_lastdim.
template <class A, bool kLog> void softmax_backward_lastdim(const A* grad, const A* out, A* gin, int64_t rows, int64_t n) {
  for (int64_t r = 0; r < rows; ++r) {
    const A* g = grad + r * n;
    const A* y = out + r * n;
    A* gi = gin + r * n;
    if constexpr (kLog) {
      const A sum = row_sum(g, n);
      vec_exp(gi, y, n);
      for (int64_t i = 0; i < n; ++i) gi[i] = fmadd(-gi[i], sum, g[i]);
    } else {
      // map2_reduce_all(x * y, +).
      const A sum = map_reduce_all<A>(
          n, [&](int64_t i) { return g[i] * y[i]; }, [](A a, A b) { return a + b; },
          [&](A acc, int64_t i) { return fmadd(g[i], y[i], acc); });
      for (int64_t i = 0; i < n; ++i) gi[i] = (g[i] - sum) * y[i];
    }
  }
}

// _vec_softmax_backward / _vec_log_softmax_backward: running sums per inner
// position (the vectorised exp on whole vectors of a chunk, libm on its tail).
template <class A, bool kLog> void softmax_backward_inner(const A* grad, const A* out, A* gin, const Shape3& s) {
  int64_t chunk = std::max<int64_t>(128 * 1024 / s.dim / static_cast<int64_t>(sizeof(A)), L<A>);
  chunk = std::min(chunk / L<A> * L<A>, s.inner);
  std::vector<A> sum(static_cast<size_t>(chunk));
  for (int64_t outer = 0; outer < s.outer; ++outer)
    for (int64_t begin = 0; begin < s.inner; begin += chunk) {
      const int64_t size = std::min(chunk, s.inner - begin), vectorised = size - size % L<A>;
      const int64_t base = outer * s.dim * s.inner + begin;
      std::fill_n(sum.begin(), size, A(0));
      for (int64_t d = 0; d < s.dim; ++d)
        for (int64_t i = 0; i < size; ++i) {
          int64_t o = base + d * s.inner + i;
          sum[i] = kLog ? sum[i] + grad[o] : fmadd(grad[o], out[o], sum[i]);
        }
      for (int64_t d = 0; d < s.dim; ++d) {
        const int64_t row = base + d * s.inner;
        if constexpr (kLog) {
          vec_exp(gin + row, out + row, vectorised);
          for (int64_t i = vectorised; i < size; ++i) gin[row + i] = scalar_exp(out[row + i]);
          for (int64_t i = 0; i < size; ++i) gin[row + i] = fmadd(-gin[row + i], sum[i], grad[row + i]);
        } else {
          for (int64_t i = 0; i < size; ++i) gin[row + i] = out[row + i] * (grad[row + i] - sum[i]);
        }
      }
    }
}

// ---- ops ----------------------------------------------------------------------------------------------

// Runs `f` on contiguous float/double copies of `inputs` (16-bit floats
// widened) and writes its result into `out`.
template <class F> void with_compute_dtype(const Tensor& out, std::vector<Tensor> inputs, F f) {
  DType compute = out.dtype() == DType::Float64 ? DType::Float64 : DType::Float32;
  for (Tensor& t : inputs) t = call_tensor("contiguous", as_dtype(t, compute));
  Tensor result = out.dtype() == compute && out.is_contiguous() ? out : Tensor::empty(out.sym_sizes(), compute);
  tensor::visit_dtype(compute, [&]<class A>() {
    if constexpr (std::is_floating_point_v<A>) f.template operator()<A>(inputs, result);
  });
  if (!result.is_same(out)) copy_into(out, result);
}

std::vector<TensorSpec> softmax_meta(const OpArgs& a) {
  Tensor self = a.tensor(0);
  wrap_dim(a.int_(1), self.dim());
  check(!a.bool_(2), "softmax with half to float conversion is not supported on CPU");
  SymIntVector sizes(self.sym_sizes().begin(), self.sym_sizes().end());
  return {TensorSpec{sizes, tensor::contiguous_strides(sizes), 0, self.dtype(), self.device()}};
}

template <bool kLog> void softmax_kernel(const OpArgs& a, std::span<const Tensor> out) {
  Tensor self = a.tensor(0);
  const int64_t dim = self.dim() == 0 ? 0 : wrap_dim(a.int_(1), self.dim());
  const bool lastdim = dim == std::max<int64_t>(self.dim(), 1) - 1;
  check_floating(lastdim ? (kLog ? "log_softmax_lastdim_kernel_impl" : "softmax_lastdim_kernel_impl") : "softmax_kernel_impl",
                 self.dtype());
  if (self.numel() == 0) return;
  with_compute_dtype(out[0], {self}, [&]<class A>(const std::vector<Tensor>& in, const Tensor& result) {
    const A* x = in[0].data<A>();
    A* y = result.data<A>();
    Shape3 s = shape3(in[0], dim);
    with_avx2([&] {
      if (s.inner == 1) softmax_lastdim<A, kLog>(x, y, s.outer, s.dim);
      else if constexpr (kLog) log_softmax_inner<A>(x, y, s);
      else softmax_inner<A>(x, y, s);
    });
  });
}

// softmax.int / log_softmax.int: convert to dtype, then the kernel.
template <bool kLog> Value softmax_int_run(const OpArgs& a) {
  Tensor self = a.tensor(0);
  if (std::optional<DType> dtype = a.dtype(2)) self = call_tensor("to.dtype", self, *dtype);
  return call(kLog ? "_log_softmax" : "_softmax", self, a.int_(1), false);
}

// _softmax_backward_data(grad_output, output, dim, input_dtype): the
// gradient in grad_output's dtype (half when a float grad_output comes from
// a half input).
std::vector<TensorSpec> softmax_backward_meta(const OpArgs& a) {
  Tensor grad = a.tensor(0);
  wrap_dim(a.int_(2), grad.dim());
  DType dtype = grad.dtype() == DType::Float32 && *a.dtype(3) == DType::Float16 ? DType::Float16 : grad.dtype();
  SymIntVector sizes(grad.sym_sizes().begin(), grad.sym_sizes().end());
  return {TensorSpec{sizes, tensor::contiguous_strides(sizes), 0, dtype, grad.device()}};
}

template <bool kLog> void softmax_backward_kernel(const OpArgs& a, std::span<const Tensor> out) {
  Tensor grad = a.tensor(0), output = a.tensor(1);
  if (output.numel() == 0) return;
  const int64_t dim = grad.dim() == 0 ? 0 : wrap_dim(a.int_(2), grad.dim());
  with_compute_dtype(out[0], {grad, output}, [&]<class A>(const std::vector<Tensor>& in, const Tensor& result) {
    Shape3 s = shape3(in[0], dim);
    const A *g = in[0].data<A>(), *y = in[1].data<A>();
    A* gi = result.data<A>();
    with_avx2([&] {
      if (s.inner == 1) softmax_backward_lastdim<A, kLog>(g, y, gi, s.outer, s.dim);
      else softmax_backward_inner<A, kLog>(g, y, gi, s);
    });
  });
}

// ---- derivatives -----------------------------------------------------------------------------------

Grads softmax_backward(const BackwardContext& c, const Grads& g) {
  return {call_tensor("_softmax_backward_data", g[0], c.result(), c.args().int_(1), c.spec_of_arg(0).dtype)};
}
Grads log_softmax_backward(const BackwardContext& c, const Grads& g) {
  return {call_tensor("_log_softmax_backward_data", g[0], c.result(), c.args().int_(1), c.spec_of_arg(0).dtype)};
}

Tensor sum_keepdim(const Tensor& t, int64_t dim) { return call_tensor("sum.dim_IntList", t, IntVector{dim}, true); }
Tensor mul(const Tensor& a, const Tensor& b) { return call_tensor("mul.Tensor", a, b); }
Tensor sub(const Tensor& a, const Tensor& b) { return call_tensor("sub.Tensor", a, b); }

// SoftmaxBackwardDataBackward0: grad_output -> the same backward; output ->
// softmax_double_backward.
Grads softmax_backward_data_backward(const BackwardContext& c, const Grads& g) {
  OpArgs a = c.args();
  Tensor grad_output = c.tensor(0), output = c.tensor(1);
  int64_t dim = a.int_(2);
  Grads out(2);
  if (c.needs_grad_of_arg(0)) out[0] = call_tensor("_softmax_backward_data", g[0], output, dim, *a.dtype(3));
  if (c.needs_grad_of_arg(1))
    out[1] = sub(sub(mul(grad_output, g[0]), mul(sum_keepdim(mul(output, grad_output), dim), g[0])),
                 mul(grad_output, sum_keepdim(mul(output, g[0]), dim)));
  return out;
}

// LogSoftmaxBackwardDataBackward0.
Grads log_softmax_backward_data_backward(const BackwardContext& c, const Grads& g) {
  OpArgs a = c.args();
  Tensor grad_output = c.tensor(0), output = c.tensor(1);
  int64_t dim = a.int_(2);
  Tensor grad = as_dtype(g[0], output.dtype());
  Tensor exp = call_tensor("exp", output);
  Grads out(2);
  if (c.needs_grad_of_arg(0)) out[0] = sub(grad, sum_keepdim(mul(grad, exp), dim));
  if (c.needs_grad_of_arg(1))
    out[1] = mul(mul(call_tensor("neg", sum_keepdim(grad_output, dim)), exp), grad);
  return out;
}

} // namespace

void register_softmax_ops(OpRegistry& r) {
  r.def("_softmax(Tensor self, int dim, bool half_to_float) -> Tensor").structured(softmax_meta, softmax_kernel<false>)
      .derivative("SoftmaxBackward0", softmax_backward).saves_result();
  r.def("_log_softmax(Tensor self, int dim, bool half_to_float) -> Tensor").structured(softmax_meta, softmax_kernel<true>)
      .derivative("LogSoftmaxBackward0", log_softmax_backward).saves_result();
  r.def("softmax.int(Tensor self, int dim, ScalarType? dtype=None) -> Tensor").method().composite(softmax_int_run<false>);
  r.def("log_softmax.int(Tensor self, int dim, ScalarType? dtype=None) -> Tensor").method()
      .composite(softmax_int_run<true>);
  r.def("_softmax_backward_data(Tensor grad_output, Tensor output, int dim, ScalarType input_dtype) -> Tensor")
      .structured(softmax_backward_meta, softmax_backward_kernel<false>)
      .derivative("SoftmaxBackwardDataBackward0", softmax_backward_data_backward).saves({"grad_output", "output"});
  r.def("_log_softmax_backward_data(Tensor grad_output, Tensor output, int dim, ScalarType input_dtype) -> Tensor")
      .structured(softmax_backward_meta, softmax_backward_kernel<true>)
      .derivative("LogSoftmaxBackwardDataBackward0", log_softmax_backward_data_backward).saves({"grad_output", "output"});
}

} // namespace refc::ops
