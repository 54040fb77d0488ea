// Variance and standard deviation: var/std and var_mean/std_mean, in their
// correction, dim and unbiased overloads, with their derivatives. The
// kernels run ATen's Welford updates (WelfordOps) over double accumulators in
// its reduction order, so that results match PyTorch bit for bit.
#include "reference_compiler/ops/reduction_ops_internal.h"

#include <cmath>

namespace refc::ops {

namespace {

using namespace reduction;

// ---- var / std ------------------------------------------------------------------------------------

// var.correction(self, dim, *, correction, keepdim) and the std / var_mean /
// std_mean overloads of the same shape.
struct VarArgs {
  uint64_t mask;
  bool keepdim;
  bool all_dims; // dim=None: the whole tensor
  double correction;
};
VarArgs var_args(const OpArgs& a) {
  VarArgs v;
  v.mask = mask_arg(a, 1);
  v.all_dims = a.is_none(1);
  v.keepdim = a.bool_(3);
  v.correction = a.is_none(2) ? 1.0 : a.scalar(2).to_double();
  return v;
}

template <int kOutputs> std::vector<TensorSpec> var_meta(const OpArgs& a) {
  Tensor self = a.tensor(0);
  const std::string name = a.schema().name;
  if (!tensor::is_floating(self.dtype()))
    fail(kOutputs == 1 ? "std and var only support floating point and complex dtypes"
                       : name + " only support floating point and complex dtypes");
  VarArgs v = var_args(a);
  TensorSpec spec = reduction_spec(self, v.mask, v.keepdim, self.dtype());
  if constexpr (kOutputs == 1) return {spec};
  else return {spec, spec};
}

// WelfordOps over double accumulators.
struct Welford {
  double mean = 0, m2 = 0;
  int64_t n = 0;
  double nf = 0;
};
Welford welford_reduce(Welford acc, double x) {
  int64_t n = acc.n + 1;
  double nf = static_cast<double>(n);
  double delta = x - acc.mean;
  double mean = acc.mean + delta / nf;
  double delta2 = x - mean;
  return {mean, acc.m2 + delta * delta2, n, nf};
}
// Combining per-thread partials; both updates fused (no FMA chain: see fmadd).
Welford welford_combine(Welford a, Welford b) {
  if (a.nf == 0) return b;
  if (b.nf == 0) return a;
  double delta = b.mean - a.mean;
  double count = a.nf + b.nf;
  double nb_over_n = b.nf / count;
  return {fmadd(delta, nb_over_n, a.mean), fmadd(delta * delta * a.nf, nb_over_n, a.m2 + b.m2), -1, count};
}

// std_var_all_cpu: a two-pass variance of the whole tensor in double, the
// mean from mean() and the squared deviations summed per iteration block.
double var_all(const Tensor& self, double correction, bool take_sqrt) {
  Tensor mean_t = call_tensor("mean", self);
  double mean = 0;
  tensor::visit_dtype(mean_t.dtype(), [&]<class T>() { mean = static_cast<double>(*mean_t.data<T>()); });
  Tensor out = Tensor::empty(SymIntVector{}, self.dtype());
  ReductionIter it = make_reduction_iter(out, self, reduction_mask(self.dim(), std::nullopt), false);
  const int64_t numel = it.numel(), threads = intraop_threads();
  double sum = 0;
  tensor::visit_dtype(self.dtype(), [&]<class T>() {
    auto chunk_sum = [&](int64_t begin, int64_t end) {
      double thread_sum = 0;
      for_each_block(it, it.out, it.in, begin, end, [&](char** data, const int64_t* s, int64_t size0, int64_t size1) {
        double local = 0;
        for (int64_t j = 0; j < size1; ++j)
          for (int64_t i = 0; i < size0; ++i) {
            double dx = static_cast<double>(load<T>(data[1] + j * s[3] + i * s[1])) - mean;
            local += dx * dx;
          }
        thread_sum += local;
      });
      return thread_sum;
    };
    if (numel <= kGrainSize || threads == 1) {
      sum = chunk_sum(0, numel);
      return;
    }
    const int64_t chunks = std::min(threads, (numel + kGrainSize - 1) / kGrainSize);
    const int64_t chunk = (numel + chunks - 1) / chunks;
    for (int64_t t = 0; t < chunks; ++t) sum += chunk_sum(t * chunk, std::min(numel, (t + 1) * chunk));
  });
  double var = sum / std::max(0.0, static_cast<double>(self.numel()) - correction);
  double r = take_sqrt ? std::sqrt(var) : var;
  return self.dtype() == DType::Float32 ? static_cast<float>(r) : r;
}

// var/std (one output) and var_mean/std_mean (two), as std_var_out and std_var_mean_out.
template <bool kSqrt> void var_kernel(const OpArgs& a, std::span<const Tensor> out) {
  Tensor self = a.tensor(0);
  VarArgs v = var_args(a);
  const bool with_mean = out.size() == 2;
  if (self.numel() == 0) {
    for (const Tensor& o : out) fill_number(o, std::numeric_limits<double>::quiet_NaN());
    return;
  }
  if (!with_mean && out[0].numel() == 1 && (self.dtype() == DType::Float32 || self.dtype() == DType::Float64)) {
    fill_number(out[0], var_all(self, v.correction, kSqrt));
    return;
  }
  ReductionIter it = make_reduction_iter(out[0], self, v.mask, v.keepdim);
  tensor::visit_dtype(self.dtype(), [&]<class T>() {
    if constexpr (kFloating<T>) {
      T* var_out = out[0].data<T>();
      T* mean_out = with_mean ? out[1].data<T>() : nullptr;
      reduce_elements<T>(
          it, Welford{}, [](Welford acc, T x, int64_t) { return welford_reduce(acc, static_cast<double>(x)); },
          welford_combine, [&](int64_t o, const Welford& acc) {
            double divisor = acc.nf > v.correction ? acc.nf - v.correction : 0;
            double var = acc.m2 / divisor;
            var_out[o] = static_cast<T>(kSqrt ? std::sqrt(var) : var);
            if (mean_out) mean_out[o] = static_cast<T>(acc.mean);
          });
    }
  });
}

// var_backward: 2 / (n - correction) * grad * (self - mean); the scalar
// factors multiply as Scalars (mul.Scalar), as FunctionsManual's do.
Tensor var_backward(Tensor grad, const Tensor& self, const VarArgs& v) {
  if (self.dim() == 0 || v.all_dims) {
    double dof = static_cast<double>(self.numel()) - v.correction;
    if (dof <= 0) {
      Tensor same = call_tensor("eq.Tensor", self, call_tensor("mean", self));
      return call_tensor("mul.Tensor", grad,
                         call_tensor("where.Scalar", same, std::numeric_limits<double>::quiet_NaN(),
                                     std::numeric_limits<double>::infinity()));
    }
    return call_tensor("mul.Tensor", call_tensor("mul.Scalar", grad, 2.0 / dof),
                       call_tensor("sub.Tensor", self, call_tensor("mean", self)));
  }
  if (!v.keepdim && self.dim() > 1) grad = unsqueeze_reduced(grad, v.mask, self.dim());
  IntVector dims;
  double n = 1;
  for (int64_t d = 0; d < self.dim(); ++d)
    if (v.mask >> d & 1) {
      dims.push_back(d);
      n *= static_cast<double>(self.size(d));
    }
  return call_tensor("mul.Tensor", call_tensor("mul.Scalar", grad, 2.0 / (n - v.correction)),
                     call_tensor("sub.Tensor", self, call_tensor("mean.dim", self, dims, true)));
}

// std_backward: the variance's gradient scaled by 1 / (2 std), 0 where std is 0.
Tensor std_backward(const Tensor& result, const Tensor& grad, const Tensor& self, const VarArgs& v) {
  Tensor scaled = call_tensor("div.Tensor", grad, call_tensor("mul.Scalar", result, 2));
  Tensor grad_var = call_tensor("masked_fill.Scalar", scaled, call_tensor("eq.Scalar", result, 0), 0);
  return var_backward(grad_var, self, v);
}

Grads var_grad(const BackwardContext& c, const Grads& g) {
  return {var_backward(g[0], c.tensor(0), var_args(c.args()))};
}
Grads std_grad(const BackwardContext& c, const Grads& g) {
  return {std_backward(c.result(), g[0], c.tensor(0), var_args(c.args()))};
}

// var_mean / std_mean: the two outputs' gradients added.
template <bool kSqrt> Grads var_mean_grad(const BackwardContext& c, const Grads& g) {
  Tensor self = c.tensor(0);
  VarArgs v = var_args(c.args());
  Tensor out;
  if (g[0].defined()) out = kSqrt ? std_backward(c.result(0), g[0], self, v) : var_backward(g[0], self, v);
  if (g[1].defined()) {
    Tensor grad = restore_reduced(g[1], v.mask, self.dim(), v.keepdim || v.all_dims);
    double n = static_cast<double>(reduced_count(self, v.mask));
    Tensor aux = call_tensor("div.Tensor", call_tensor("expand", grad, self.sym_sizes()), n);
    out = out.defined() ? call_tensor("add.Tensor", out, aux) : aux;
  }
  return {out};
}

// var(self, unbiased), var.dim(self, dim, unbiased, keepdim) and the same
// overloads of std, var_mean and std_mean are <name>.correction with
// correction = unbiased.
Value unbiased_run(const OpArgs& a) {
  bool with_dim = a.schema().find_argument("dim") >= 0;
  Value dim = with_dim ? a[1] : Value::none();
  bool unbiased = a.bool_(with_dim ? 2 : 1);
  bool keepdim = with_dim && a.bool_(3);
  return call(a.schema().name + ".correction", a.tensor(0), dim, int64_t{unbiased ? 1 : 0}, keepdim);
}

} // namespace

void register_variance_ops(OpRegistry& r) {
  r.def("var(Tensor self, bool unbiased=True) -> Tensor").method().composite(unbiased_run);
  r.def("var.dim(Tensor self, int[1]? dim, bool unbiased=True, bool keepdim=False) -> Tensor").method().composite(unbiased_run);
  r.def("var.correction(Tensor self, int[1]? dim=None, *, Scalar? correction=None, bool keepdim=False) -> Tensor")
      .method().structured(var_meta<1>, var_kernel<false>).derivative("VarBackward0", var_grad).saves({"self"});
  r.def("std(Tensor self, bool unbiased=True) -> Tensor").method().composite(unbiased_run);
  r.def("std.dim(Tensor self, int[1]? dim, bool unbiased=True, bool keepdim=False) -> Tensor").method().composite(unbiased_run);
  r.def("std.correction(Tensor self, int[1]? dim=None, *, Scalar? correction=None, bool keepdim=False) -> Tensor")
      .method().structured(var_meta<1>, var_kernel<true>).derivative("StdBackward0", std_grad).saves({"self"}).saves_result();
  r.def("var_mean(Tensor self, bool unbiased=True) -> (Tensor, Tensor)").composite(unbiased_run);
  r.def("var_mean.dim(Tensor self, int[1]? dim, bool unbiased=True, bool keepdim=False) -> (Tensor, Tensor)")
      .composite(unbiased_run);
  r.def("var_mean.correction(Tensor self, int[1]? dim=None, *, Scalar? correction=None, bool keepdim=False) -> (Tensor, Tensor)")
      .structured(var_meta<2>, var_kernel<false>).derivative("VarMeanBackward0", var_mean_grad<false>).saves({"self"});
  r.def("std_mean(Tensor self, bool unbiased=True) -> (Tensor, Tensor)").composite(unbiased_run);
  r.def("std_mean.dim(Tensor self, int[1]? dim, bool unbiased=True, bool keepdim=False) -> (Tensor, Tensor)")
      .composite(unbiased_run);
  r.def("std_mean.correction(Tensor self, int[1]? dim=None, *, Scalar? correction=None, bool keepdim=False) -> (Tensor, Tensor)")
      .structured(var_meta<2>, var_kernel<true>).derivative("StdMeanBackward0", var_mean_grad<true>).saves({"self"}).saves_results({0});
}

} // namespace refc::ops
