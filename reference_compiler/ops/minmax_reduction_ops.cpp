// The extremum reductions: amax/amin, aminmax, max/min (of the whole tensor, and
// along a dim with the index of the first extremum), max.other/min.other,
// and argmax/argmin, with value_selecting_reduction_backward. NaN wins, as
// in ATen's CPU kernels, and ties go to the lower index.
#include "reference_compiler/ops/reduction_ops_internal.h"

namespace refc::ops {

namespace {

using namespace reduction;

// ---- amax / amin / max / min -----------------------------------------------------------------

template <bool kMax> std::vector<TensorSpec> amax_meta(const OpArgs& a) {
  Tensor self = a.tensor(0);
  Dims d = dims_of(a);
  if ((self->sym_numel() == 0).expect_bool()) {
    const char* name = kMax ? "amax()" : "amin()";
    if (a.int_list(1).empty()) check_not_empty(self, name);
    check_reduced_dims_nonempty(self, d.mask, name);
  }
  return {reduction_spec(self, d.mask, d.keepdim, self.dtype())};
}


template <bool kMax> void amax_kernel(const OpArgs& a, std::span<const Tensor> out) {
  Dims d = dims_of(a);
  extremum_into<kMax>(out[0], a.tensor(0), d.mask, d.keepdim);
}

// aminmax: amin and amax in one call (dim None: over every element).
std::vector<TensorSpec> aminmax_meta(const OpArgs& a) {
  Tensor self = a.tensor(0);
  Dims d = dims_of(a);
  if (a.is_none(1)) check((self->sym_numel() != 0).expect_bool(),
                          "aminmax(): cannot compute aminmax over an empty dimension as the operation has no identity.");
  else check_reduced_dims_nonempty(self, d.mask, "aminmax");
  TensorSpec spec = reduction_spec(self, d.mask, d.keepdim, self.dtype());
  return {spec, spec};
}
void aminmax_kernel(const OpArgs& a, std::span<const Tensor> out) {
  Dims d = dims_of(a);
  extremum_into<false>(out[0], a.tensor(0), d.mask, d.keepdim);
  extremum_into<true>(out[1], a.tensor(0), d.mask, d.keepdim);
}
// max()/min() of the whole tensor.
template <bool kMax> std::vector<TensorSpec> max_all_meta(const OpArgs& a) {
  Tensor self = a.tensor(0);
  check_not_empty(self, kMax ? "max()" : "min()");
  return {reduction_spec(self, reduction_mask(self.dim(), std::nullopt), false, self.dtype())};
}
template <bool kMax> void max_all_kernel(const OpArgs& a, std::span<const Tensor> out) {
  Tensor self = a.tensor(0);
  extremum_into<kMax>(out[0], self, reduction_mask(self.dim(), std::nullopt), false);
}

// AmaxBackward0: the gradient is shared evenly among the elements equal to the result.
Tensor shared_among_equal(const BackwardContext& c, const Tensor& grad_out, const Tensor& result) {
  Tensor self = c.tensor(0);
  Dims d = dims_of(c);
  Tensor grad = restore_reduced(grad_out, d.mask, self.dim(), d.keepdim);
  Tensor mask = call_tensor("eq.Tensor", restore_reduced(result, d.mask, self.dim(), d.keepdim), self);
  IntVector dims;
  for (int64_t i = 0; i < self.dim(); ++i)
    if (d.mask >> i & 1) dims.push_back(i);
  Tensor count = call_tensor("sum.dim_IntList", mask, dims, true);
  return call_tensor("mul.Tensor", call_tensor("div.Tensor", grad, count), mask);
}
Grads amax_backward(const BackwardContext& c, const Grads& g) { return {shared_among_equal(c, g[0], c.result())}; }
// AminmaxBackward0: each output's gradient shared as amin's and amax's are.
Grads aminmax_backward(const BackwardContext& c, const Grads& g) {
  Tensor out;
  for (size_t k = 0; k < 2; ++k) {
    if (!g[k].defined()) continue;
    Tensor part = shared_among_equal(c, g[k], c.result(k));
    out = out.defined() ? call_tensor("add.Tensor", out, part) : part;
  }
  return {out};
}
// MaxBackward1 (evenly_distribute_backward): the gradient spread over the
// elements equal to the result (or over the NaNs when the result is NaN).
Grads max_all_backward(const BackwardContext& c, const Grads& g) {
  Tensor self = c.tensor(0), value = c.result();
  bool nan_result = tensor::is_floating(value.dtype()) && value.has_data() &&
                    std::isnan(call_tensor("_to_copy", value, DType::Float64).data<double>()[0]);
  Tensor mask = nan_result ? call_tensor("isnan", self) : call_tensor("eq.Tensor", self, value);
  Tensor share = call_tensor("div.Tensor", g[0], call_tensor("sum", mask));
  return {call_tensor("masked_fill.Tensor", call_tensor("zeros_like", self), mask, share)};
}

// max.dim / min.dim: the first extremum along dim (a NaN stops the scan).
template <bool kMax> std::vector<TensorSpec> max_dim_meta(const OpArgs& a) {
  Tensor self = a.tensor(0);
  int64_t dim = wrap_dim(a.int_(1), self.dim());
  const char* name = kMax ? "max()" : "min()";
  if (self.dim() == 0) {
    if (dim != 0 && dim != -1) fail_index(std::string(name) + ": Expected reduction dim -1 or 0 for scalar but got " + std::to_string(dim));
  } else {
    check_reduced_dims_nonempty(self, uint64_t{1} << dim, name);
  }
  uint64_t mask = self.dim() == 0 ? 0 : uint64_t{1} << dim;
  TensorSpec values = reduction_spec(self, mask, a.bool_(2), self.dtype());
  TensorSpec indices = values;
  indices.dtype = DType::Int64;
  return {values, indices};
}

template <bool kMax> void max_dim_kernel(const OpArgs& a, std::span<const Tensor> out) {
  Tensor self = a.tensor(0);
  if (self.numel() == 0) return;
  uint64_t mask = self.dim() == 0 ? 0 : uint64_t{1} << wrap_dim(a.int_(1), self.dim());
  ReductionIter it = make_reduction_iter(out[0], self, mask, a.bool_(2));
  int64_t* indices = out[1].data<int64_t>();
  tensor::visit_dtype(self.dtype(), [&]<class T>() {
    struct Acc {
      T value{};
      int64_t index = 0;
      bool seen = false, done = false;
    };
    T* values = out[0].data<T>();
    auto better = [](T v, T best) {
      if constexpr (kMax) return !(v <= best);
      else return !(v >= best);
    };
    reduce_elements<T>(
        it, Acc{},
        [&](Acc acc, T v, int64_t i) {
          if (acc.done) return acc;
          if (!acc.seen || better(v, acc.value)) acc = Acc{v, i, true, is_nan(v)};
          return acc;
        },
        [&](Acc x, Acc y) { return !x.seen || (y.seen && !x.done && better(y.value, x.value)) ? y : x; },
        [&](int64_t o, const Acc& acc) {
          values[o] = acc.value;
          indices[o] = acc.index;
        });
  });
}

// MaxBackward0: the gradient goes to the selected indices.
Grads max_dim_backward(const BackwardContext& c, const Grads& g) {
  OpArgs a = c.args();
  return {call_tensor("value_selecting_reduction_backward", g[0], a.int_(1), c.result(1), c.spec_of_arg(0).sizes, a.bool_(2))};
}

Value value_selecting_reduction_backward_run(const OpArgs& a) {
  Tensor grad = a.tensor(0), indices = a.tensor(2);
  int64_t dim = a.int_(1);
  SymIntVector sizes = a.sym_int_list(3);
  if (!a.bool_(4) && !sizes.empty()) {
    grad = call_tensor("unsqueeze", grad, dim);
    indices = call_tensor("unsqueeze", indices, dim);
  }
  Tensor zeros = call_tensor("zeros", sizes, grad.dtype());
  return call("scatter.src", zeros, dim, indices, grad);
}

// max.other / min.other are maximum / minimum.
Value max_other_run(const OpArgs& a) { return call("maximum", a.tensor(0), a.tensor(1)); }
Value min_other_run(const OpArgs& a) { return call("minimum", a.tensor(0), a.tensor(1)); }

// ---- argmax / argmin -----------------------------------------------------------------------------

template <bool kMax> std::vector<TensorSpec> argmax_meta(const OpArgs& a) {
  Tensor self = a.tensor(0);
  const char* name = kMax ? "argmax()" : "argmin()";
  std::optional<int64_t> dim = a.optional_int(1);
  if (!dim) {
    if ((self->sym_numel() == 0).expect_bool())
      fail_index(std::string(name) + ": Expected reduction dim to be specified for input.numel() == 0.");
    return {reduction_spec(self, reduction_mask(self.dim(), std::nullopt), a.bool_(2), DType::Int64)};
  }
  int64_t d = wrap_dim(*dim, self.dim());
  if (self.dim() > 0) check_reduced_dims_nonempty(self, uint64_t{1} << d, name);
  return {reduction_spec(self, self.dim() == 0 ? 0 : uint64_t{1} << d, a.bool_(2), DType::Int64)};
}

// ArgMaxOps: GreaterOrNan / LessOrNan with the lower index winning ties.
template <bool kMax> void argmax_kernel(const OpArgs& a, std::span<const Tensor> out) {
  Tensor self = a.tensor(0);
  if (self.dtype() == DType::Bool) dtype_not_implemented(kMax ? "argmax_cpu" : "argmin_cpu", self.dtype());
  std::optional<int64_t> dim = a.optional_int(1);
  if (dim && self.dim() > 0 && self.size(wrap_dim(*dim, self.dim())) == 1) {
    fill_with<int64_t>(out[0], 0);
    return;
  }
  Tensor in = dim ? self : call_tensor("reshape", self, IntVector{-1});
  uint64_t mask = dim && self.dim() > 0 ? uint64_t{1} << wrap_dim(*dim, self.dim()) : reduction_mask(in.dim(), std::nullopt);
  if (in.numel() == 0) return;
  ReductionIter it = make_reduction_iter(out[0], in, mask, dim && a.bool_(2));
  int64_t* result = out[0].data<int64_t>();
  tensor::visit_dtype(in.dtype(), [&]<class T>() {
    using Acc = std::pair<T, int64_t>;
    auto first_wins = [](T x, T y, int64_t ix, int64_t iy) {
      if (is_nan(x)) return is_nan(y) ? ix < iy : true;
      if (x == y) return ix < iy;
      if constexpr (kMax) return x > y;
      else return x < y;
    };
    reduce_elements<T>(
        it, Acc{kMax ? lowest<T>() : highest<T>(), 0},
        [&](Acc acc, T v, int64_t i) { return first_wins(acc.first, v, acc.second, i) ? acc : Acc{v, i}; },
        [&](Acc x, Acc y) { return first_wins(x.first, y.first, x.second, y.second) ? x : y; },
        [&](int64_t o, const Acc& acc) { result[o] = acc.second; });
  });
}

} // namespace

void register_minmax_reduction_ops(OpRegistry& r) {
  r.def("amax(Tensor self, int[1] dim=[], bool keepdim=False) -> Tensor").method()
      .structured(amax_meta<true>, amax_kernel<true>).derivative("AmaxBackward0", amax_backward).saves({"self"}).saves_result();
  r.def("amin(Tensor self, int[1] dim=[], bool keepdim=False) -> Tensor").method()
      .structured(amax_meta<false>, amax_kernel<false>).derivative("AminBackward0", amax_backward).saves({"self"}).saves_result();
  r.def("aminmax(Tensor self, *, int? dim=None, bool keepdim=False) -> (Tensor min, Tensor max)").method()
      .structured(aminmax_meta, aminmax_kernel).derivative("AminmaxBackward0", aminmax_backward).saves({"self"}).saves_result();
  r.def("max(Tensor self) -> Tensor").method().structured(max_all_meta<true>, max_all_kernel<true>)
      .derivative("MaxBackward1", max_all_backward).saves({"self"}).saves_result();
  r.def("max.dim(Tensor self, int dim, bool keepdim=False) -> (Tensor values, Tensor indices)").method()
      .structured(max_dim_meta<true>, max_dim_kernel<true>).derivative("MaxBackward0", max_dim_backward).saves_results({1});
  r.def("max.other(Tensor self, Tensor other) -> Tensor").method().composite(max_other_run);
  r.def("min(Tensor self) -> Tensor").method().structured(max_all_meta<false>, max_all_kernel<false>)
      .derivative("MinBackward1", max_all_backward).saves({"self"}).saves_result();
  r.def("min.dim(Tensor self, int dim, bool keepdim=False) -> (Tensor values, Tensor indices)").method()
      .structured(max_dim_meta<false>, max_dim_kernel<false>).derivative("MinBackward0", max_dim_backward).saves_results({1});
  r.def("min.other(Tensor self, Tensor other) -> Tensor").method().composite(min_other_run);
  r.def("value_selecting_reduction_backward(Tensor grad, int dim, Tensor indices, SymInt[] sizes, bool keepdim) -> Tensor")
      .hidden().composite(value_selecting_reduction_backward_run);
  r.def("argmax(Tensor self, int? dim=None, bool keepdim=False) -> Tensor").method()
      .structured(argmax_meta<true>, argmax_kernel<true>);
  r.def("argmin(Tensor self, int? dim=None, bool keepdim=False) -> Tensor").method()
      .structured(argmax_meta<false>, argmax_kernel<false>);
}

} // namespace refc::ops
