// Scans along one dim: cumsum / cumprod (accumulated in ATen's CPU
// accumulation type, with their derivatives), cummax / cummin with the index
// of each running extremum, logcumsumexp, and diff (n-th forward
// differences). The kernels port ATen's CPU loops (ReduceOps.cpp,
// ReduceOpsKernel.cpp): ties move the running index forward, a NaN sticks,
// and logcumsumexp accumulates in double for float inputs with ATen's
// log-add-exp helper.
#include "reference_compiler/ops/op_family.h"
#include "reference_compiler/ops/ordering.h"
#include "reference_compiler/ops/reduction_ops_internal.h"
#include "reference_compiler/ops/unary_kernels.h"

#include <cmath>

namespace refc::ops {

namespace {

using namespace reduction;

// ---- cumsum / cumprod --------------------------------------------------------------------------------

std::vector<TensorSpec> cum_meta(const OpArgs& a) {
  Tensor self = a.tensor(0);
  wrap_dim(a.int_(1), self.dim());
  DType dtype = a.dtype(2).value_or(long_if_integral(self.dtype()));
  SymIntVector sizes(self.sym_sizes().begin(), self.sym_sizes().end());
  return {TensorSpec{sizes, tensor::contiguous_strides(sizes), 0, dtype, self.device()}};
}

// Running sums (products) along dim, accumulated in PyTorch's CPU
// accumulation type (double for float, int64 for integers).
template <bool kProd> void cum_kernel(const OpArgs& a, std::span<const Tensor> out) {
  Tensor self = a.tensor(0);
  const Tensor& result = out[0];
  if (self.dim() == 0) {
    copy_into(result, self);
    return;
  }
  if (self.numel() == 0) return;
  if (result.dtype() == DType::Bool) dtype_not_implemented(kProd ? "cumprod_out_cpu" : "cumsum_out_cpu", result.dtype());
  const int64_t dim = wrap_dim(a.int_(1), self.dim());
  Tensor in = as_dtype(self, result.dtype());
  const int64_t n = in.size(dim), in_stride = in.stride(dim), out_stride = result.stride(dim);
  // One line per position of the other dims.
  Tensor lines = call_tensor("select.int", result, dim, 0), in_lines = call_tensor("select.int", in, dim, 0);
  tensor::visit_dtype(result.dtype(), [&]<class T>() {
    using A = std::conditional_t<std::is_integral_v<T>, int64_t,
                                 std::conditional_t<kReducedFloat<T>, float, double>>;
    const Tensor ins[] = {in_lines};
    for_each_row(plan_loop(lines, ins), [&](char** p, const int64_t* s, int64_t rows) {
      for (int64_t r = 0; r < rows; ++r) {
        T* o = reinterpret_cast<T*>(p[0] + r * s[0]);
        const T* x = reinterpret_cast<const T*>(p[1] + r * s[1]);
        A acc = kProd ? A(1) : A(0);
        for (int64_t i = 0; i < n; ++i) {
          if constexpr (std::is_integral_v<T>) {
            acc = kProd ? mul_wrap<A>(acc, A(x[i * in_stride])) : add_wrap<A>(acc, A(x[i * in_stride]));
            o[i * out_stride] = static_cast<T>(acc);
          } else {
            acc = kProd ? acc * A(x[i * in_stride]) : acc + A(x[i * in_stride]);
            o[i * out_stride] = T(acc);
          }
        }
      }
    });
  });
}

// CumsumBackward0: the reversed cumulative sum of the gradient.
Grads cumsum_backward(const BackwardContext& c, const Grads& g) {
  const TensorSpec& in = c.spec_of_arg(0);
  Tensor grad = as_dtype(g[0], in.dtype);
  int64_t dim = wrap_dim(c.args().int_(1), static_cast<int64_t>(in.sizes.size()));
  if (grad.numel() <= 1 || grad.dim() == 0 || grad.size(dim) == 1) return {grad};
  IntVector flip{dim};
  return {call_tensor("flip", call_tensor("cumsum", call_tensor("flip", grad, flip), dim), flip)};
}

Grads cumprod_grad(const BackwardContext& c, const Grads& g) {
  Tensor self = c.tensor(0);
  return {call_tensor("cumprod_backward", as_dtype(g[0], self.dtype()), self, c.args().int_(1), c.result())};
}

// cumprod_backward(grad, input, dim, output): reversed_cumsum(output * grad) / input
// without zeros; with zeros, every slice's product with one factor left out.
Value cumprod_backward_run(const OpArgs& a) {
  Tensor grad = a.tensor(0), input = a.tensor(1), output = a.tensor(3);
  if (input.numel() <= 1) return grad.to_value();
  int64_t dim = wrap_dim(a.int_(2), input.dim());
  int64_t n = input.size(dim);
  if (n == 1) return grad.to_value();
  IntVector flip{dim};
  if (!has_zero(input)) {
    Tensor w = call_tensor("mul.Tensor", output, grad);
    Tensor rev = call_tensor("flip", call_tensor("cumsum", call_tensor("flip", w, flip), dim), flip);
    return call("div.Tensor", rev, input);
  }
  SymIntVector ones_size(input.sym_sizes().begin(), input.sym_sizes().end());
  ones_size[dim] = 1;
  Tensor ones = call_tensor("expand", call_tensor("ones", IntVector{1}, grad.dtype()), ones_size);
  std::vector<Tensor> slices;
  for (int64_t k = 0; k < n; ++k) {
    Tensor omitted;
    if (k == 0) {
      omitted = call_tensor("cat", std::vector<Tensor>{ones, call_tensor("cumprod", call_tensor("slice.Tensor", input, dim, k + 1), dim)}, dim);
    } else {
      Tensor until_k = call_tensor("prod.dim_int", call_tensor("slice.Tensor", input, dim, 0, k), dim, true);
      if (k == n - 1) {
        omitted = until_k;
      } else {
        Tensor from_k = call_tensor("cumprod", call_tensor("slice.Tensor", input, dim, k + 1), dim);
        omitted = call_tensor("cat", std::vector<Tensor>{until_k, call_tensor("mul.Tensor", call_tensor("expand_as", until_k, from_k), from_k)}, dim);
      }
    }
    slices.push_back(call_tensor("sum.dim_IntList", call_tensor("mul.Tensor", call_tensor("slice.Tensor", grad, dim, k), omitted), IntVector{dim}));
  }
  return call("stack", slices, dim);
}

// Runs `scan(in, out..., n)` on every 1-d slice of `self` along `dim`,
// writing the contiguous outputs `outs` (shaped like self) through
// contiguous temporaries laid out with dim last.
template <class T, class Scan> void scan_slices(const Tensor& self, int64_t dim, std::span<const Tensor> outs, Scan scan) {
  Tensor in = call_tensor("contiguous", call_tensor("movedim.int", self, dim, -1));
  std::vector<Tensor> tmp;
  for (const Tensor& o : outs) tmp.push_back(Tensor::empty(in.sym_sizes(), o.dtype(), o.device()));
  const int64_t n = self.size(dim), rows = n == 0 ? 0 : self.numel() / n;
  for (int64_t r = 0; r < rows; ++r) scan(in.data<T>() + r * n, tmp, r * n, n);
  for (size_t k = 0; k < outs.size(); ++k) copy_into(call_tensor("movedim.int", outs[k], dim, -1), tmp[k]);
}

// ---- cummax / cummin -------------------------------------------------------------------------------

std::vector<TensorSpec> cummax_meta(const OpArgs& a) {
  Tensor self = a.tensor(0);
  wrap_dim(a.int_(1), self.dim());
  SymIntVector sizes(self.sym_sizes().begin(), self.sym_sizes().end());
  SymIntVector strides = tensor::contiguous_strides(sizes);
  return {TensorSpec{sizes, strides, 0, self.dtype(), self.device()},
          TensorSpec{sizes, strides, 0, DType::Int64, self.device()}};
}

// cummax_cummin_helper: the running extremum moves to every element that
// is NaN or ties or beats it (unless the extremum is already NaN).
template <bool kMax> void cummax_kernel(const OpArgs& a, std::span<const Tensor> out) {
  Tensor self = a.tensor(0);
  if (self.dim() == 0) {
    copy_into(out[0], self);
    *out[1].data<int64_t>() = 0;
    return;
  }
  if (self.numel() == 0) return;
  const int64_t dim = wrap_dim(a.int_(1), self.dim());
  tensor::visit_dtype(self.dtype(), [&]<class T>() {
    scan_slices<T>(self, dim, out, [](const T* x, const std::vector<Tensor>& o, int64_t off, int64_t n) {
      T* values = o[0].data<T>() + off;
      int64_t* indices = o[1].data<int64_t>() + off;
      T best = x[0];
      int64_t index = 0;
      for (int64_t i = 0; i < n; ++i) {
        if (is_nan(x[i]) || (!is_nan(best) && (kMax ? key(x[i]) >= key(best) : key(x[i]) <= key(best)))) {
          best = x[i];
          index = i;
        }
        values[i] = best;
        indices[i] = index;
      }
    });
  });
}

// CummaxBackward0 / CumminBackward0 (cummaxmin_backward): the gradient
// scatter-added back at the running extremum's index.
Grads cummax_backward(const BackwardContext& c, const Grads& g) {
  const TensorSpec& self = c.spec_of_arg(0);
  Tensor zeros = call_tensor("zeros", self.sizes, self.dtype);
  if (zeros.numel() == 0) return {zeros};
  const int64_t dim = wrap_dim(c.args().int_(1), static_cast<int64_t>(self.sizes.size()));
  return {call_tensor("scatter_add", zeros, dim, c.result(1), g[0])};
}

// ---- logcumsumexp ------------------------------------------------------------------------------------

std::vector<TensorSpec> logcumsumexp_meta(const OpArgs& a) {
  Tensor self = a.tensor(0);
  wrap_dim(a.int_(1), self.dim());
  SymIntVector sizes(self.sym_sizes().begin(), self.sym_sizes().end());
  return {TensorSpec{sizes, tensor::contiguous_strides(sizes), 0, self.dtype(), self.device()}};
}

// _log_add_exp_helper: log(exp(x) + exp(y)) from the larger one, with both
// infinities of one sign giving x.
template <class A> A log_add_exp(A x, A y) {
  const A lo = std::isnan(y) ? y : std::min(x, y), hi = std::isnan(y) ? y : std::max(x, y);
  if (lo != hi || std::isfinite(lo)) return std::log1p(std::exp(lo - hi)) + hi;
  return x;
}

void logcumsumexp_kernel(const OpArgs& a, std::span<const Tensor> out) {
  Tensor self = a.tensor(0);
  if (!tensor::is_floating(self.dtype())) dtype_not_implemented("logcumsumexp_out_cpu", self.dtype());
  if (self.numel() == 0) return;
  Tensor in = self.dim() == 0 ? call_tensor("reshape", self, IntVector{1}) : self;
  const int64_t dim = wrap_dim(a.int_(1), in.dim());
  const Tensor outs[] = {self.dim() == 0 ? call_tensor("reshape", out[0], IntVector{1}) : out[0]};
  tensor::visit_dtype(self.dtype(), [&]<class T>() {
    if constexpr (!std::is_integral_v<T>) {
      using A = std::conditional_t<std::is_same_v<T, float> || std::is_same_v<T, double>, double, float>;
      scan_slices<T>(in, dim, outs, [](const T* x, const std::vector<Tensor>& o, int64_t off, int64_t n) {
        T* result = o[0].data<T>() + off;
        A acc = -std::numeric_limits<A>::infinity();
        for (int64_t i = 0; i < n; ++i) {
          acc = log_add_exp(static_cast<A>(x[i]), acc);
          result[i] = static_cast<T>(acc);
        }
      });
    }
  });
}

// LogcumsumexpBackward0 (logcumsumexp_backward): the positive and negative
// parts of the gradient in log space, each through a reversed logcumsumexp.
Grads logcumsumexp_backward(const BackwardContext& c, const Grads& g) {
  Tensor grad = g[0], self = c.tensor(0), result = c.result();
  if (grad.dim() == 0 || grad.numel() == 0) return {grad};
  const int64_t dim = wrap_dim(c.args().int_(1), self.dim());
  const IntVector flip{dim};
  auto reverse_logcumsumexp = [&](const Tensor& x) {
    return call_tensor("flip", call_tensor("logcumsumexp", call_tensor("flip", x, flip), dim), flip);
  };
  const double lowest = grad.dtype() == DType::Float64 ? std::numeric_limits<double>::lowest()
                                                       : std::numeric_limits<float>::lowest();
  Tensor grad_min = call_tensor("full", SymIntVector{}, lowest, grad.dtype());
  Tensor log_abs_grad = call_tensor("log", call_tensor("abs", grad));
  Tensor log_pos = call_tensor("where.self", call_tensor("gt.Scalar", grad, 0), log_abs_grad, grad_min);
  Tensor log_neg = call_tensor("where.self", call_tensor("lt.Scalar", grad, 0), log_abs_grad, grad_min);
  auto part = [&](const Tensor& log_grad) {
    return call_tensor("exp", call_tensor("add.Tensor", reverse_logcumsumexp(call_tensor("sub.Tensor", log_grad, result)), self));
  };
  return {call_tensor("sub.Tensor", part(log_pos), part(log_neg))};
}

// ---- diff -------------------------------------------------------------------------------------------------

void check_diff_operand(const Tensor& self, const Tensor& other, int64_t dim) {
  if (!other.defined()) return;
  check(other.dim() == self.dim(), "diff expects prepend or append to be the same dimension as input");
  for (int64_t i = 0; i < other.dim(); ++i)
    check(i == dim || other.size(i) == self.size(i),
          "diff expects the shape of tensor to prepend or append to match that of input except along the "
          "differencing dimension; input.size(" + std::to_string(i) + ") = " + self.sym_size(i).str() +
              ", but got tensor.size(" + std::to_string(i) + ") = " + other.sym_size(i).str());
}

// diff(self, n, dim, prepend, append): n times the difference of neighbours
// (logical_xor for bool) along dim, after concatenating prepend and append.
Value diff_run(const OpArgs& a) {
  Tensor self = a.tensor(0), prepend = a.optional_tensor(3), append = a.optional_tensor(4);
  int64_t n = a.int_(1);
  check(self.dim() >= 1, "diff expects input to be at least one-dimensional");
  check(n >= 0, "order must be non-negative but got " + std::to_string(n));
  const int64_t dim = wrap_dim(a.int_(2), self.dim(), false);
  check_diff_operand(self, prepend, dim);
  check_diff_operand(self, append, dim);
  if (n == 0) return call("alias", self);
  Tensor result = self;
  if (prepend.defined() || append.defined()) {
    std::vector<Tensor> parts;
    for (const Tensor& t : {prepend, self, append})
      if (t.defined()) parts.push_back(t);
    result = call_tensor("cat", parts, dim);
  }
  n = std::min(n, result.size(dim));
  int64_t len = result.size(dim) - 1;
  const char* op = self.dtype() == DType::Bool ? "logical_xor" : "sub.Tensor";
  for (int64_t i = 0; i < n; ++i, --len)
    result = call_tensor(op, call_tensor("narrow", result, dim, 1, len), call_tensor("narrow", result, dim, 0, len));
  return result.to_value();
}

} // namespace

void register_scan_ops(OpRegistry& r) {
  r.def("cumsum(Tensor self, int dim, *, ScalarType? dtype=None) -> Tensor").method()
      .structured(cum_meta, cum_kernel<false>).inplace("cumsum_").derivative("CumsumBackward0", cumsum_backward);
  r.def("cumprod(Tensor self, int dim, *, ScalarType? dtype=None) -> Tensor").method()
      .structured(cum_meta, cum_kernel<true>).inplace("cumprod_").derivative("CumprodBackward0", cumprod_grad)
      .saves({"self"}).saves_result();
  r.def("cumprod_backward(Tensor grad, Tensor input, int dim, Tensor output) -> Tensor").hidden()
      .composite(cumprod_backward_run);
  r.def("cummax(Tensor self, int dim) -> (Tensor values, Tensor indices)").method()
      .structured(cummax_meta, cummax_kernel<true>).derivative("CummaxBackward0", cummax_backward).saves({"self"}).saves_results({1});
  r.def("cummin(Tensor self, int dim) -> (Tensor values, Tensor indices)").method()
      .structured(cummax_meta, cummax_kernel<false>).derivative("CumminBackward0", cummax_backward).saves({"self"}).saves_results({1});
  r.def("logcumsumexp(Tensor self, int dim) -> Tensor").method().structured(logcumsumexp_meta, logcumsumexp_kernel)
      .derivative("LogcumsumexpBackward0", logcumsumexp_backward).saves({"self"}).saves_result();
  r.def("diff(Tensor self, int n=1, int dim=-1, Tensor? prepend=None, Tensor? append=None) -> Tensor").method()
      .composite(diff_run);
}

} // namespace refc::ops
