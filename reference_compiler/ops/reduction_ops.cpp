// Reductions: sum, mean, nansum, nanmean, prod, logsumexp, all/any, count_nonzero, and
// sum_to_size (what autograd uses to undo broadcasting); and the shared
// reduction machinery of reduction_kernels.h. max/min and arg* are
// minmax_reduction_ops.cpp, var/std variance_ops.cpp, norms norm_ops.cpp,
// cumsum/cumprod scan_ops.cpp. Each kernel runs the ATen CPU loop its op
// uses (reduction_kernels.h), so that results match PyTorch bit for bit: the
// summation order of floating sums, the accumulation types, the empty-tensor
// identities.
#include "reference_compiler/ops/reduction_ops_internal.h"

#include "reference_compiler/ops/unary_kernels.h"

#include <cmath>
#include <limits>
#include <sstream>
#include <thread>

namespace refc::ops {

// ---- shared machinery (reduction_kernels.h) ------------------------------------------------

uint64_t reduction_mask(int64_t ndim, const std::optional<IntVector>& dims) {
  if (!dims || dims->empty()) return ndim >= 64 ? ~uint64_t{0} : (uint64_t{1} << ndim) - 1;
  if (ndim == 0) {
    for (int64_t d : *dims) wrap_dim(d, 0);
    return 0;
  }
  return dim_mask(*dims, ndim);
}

SymIntVector reduced_sizes(const Tensor& self, uint64_t mask, bool keepdim) {
  SymIntVector sizes;
  for (int64_t d = 0; d < self.dim(); ++d) {
    if (mask >> d & 1) {
      if (keepdim) sizes.push_back(1);
    } else {
      sizes.push_back(self.sym_size(d));
    }
  }
  return sizes;
}

TensorSpec reduction_spec(const Tensor& self, uint64_t mask, bool keepdim, DType dtype) {
  SymIntVector sizes = reduced_sizes(self, mask, keepdim);
  SymIntVector strides = tensor::contiguous_strides(sizes);
  return TensorSpec{std::move(sizes), std::move(strides), 0, dtype, self.device()};
}

int64_t reduced_count(const Tensor& self, uint64_t mask) {
  int64_t count = 1;
  for (int64_t d = 0; d < self.dim(); ++d)
    if (mask >> d & 1) count *= self.size(d);
  return count;
}

Tensor as_dtype(const Tensor& t, DType dtype) {
  return t.dtype() == dtype ? t : call_tensor("_to_copy", t, dtype);
}

int64_t intraop_threads() {
  static const int64_t n = std::max<int64_t>(1, std::thread::hardware_concurrency());
  return n;
}

int64_t ReductionIter::numel() const {
  int64_t n = 1;
  for (int64_t s : shape) n *= s;
  return n;
}

int64_t ReductionIter::num_reduce_dims() const {
  return std::count(out_strides.begin(), out_strides.end(), 0);
}

ReductionIter make_reduction_iter(const Tensor& out, const Tensor& in, uint64_t mask, bool keepdim) {
  const int64_t nd = in.dim();
  const int64_t out_item = static_cast<int64_t>(tensor::itemsize(out.dtype()));
  const int64_t in_item = static_cast<int64_t>(tensor::itemsize(in.dtype()));
  // Per input dim: the output's stride is 0 where it is reduced (ATen's
  // review_reduce_result + TensorIterator::compute_strides).
  IntVector shape(nd), os(nd), is(nd);
  for (int64_t d = 0, j = 0; d < nd; ++d) {
    shape[d] = in.size(d);
    is[d] = in.stride(d) * in_item;
    if (mask >> d & 1) {
      int64_t s = keepdim ? out.stride(j++) : 0;
      os[d] = in.size(d) == 1 ? s * out_item : 0;
    } else {
      os[d] = out.stride(j++) * out_item;
    }
  }
  // TensorIterator::reorder_dimensions: fastest first, reduced dims in front,
  // an insertion sort that leaves ambiguous pairs alone.
  auto compare = [&](const IntVector& s, int64_t d0, int64_t d1, bool output) {
    if (output && (s[d0] == 0) != (s[d1] == 0)) return s[d1] == 0 ? 1 : -1;
    if (s[d0] == 0 || s[d1] == 0) return 0;
    if (s[d0] != s[d1]) return s[d0] < s[d1] ? -1 : 1;
    return shape[d0] > shape[d1] ? 1 : 0;
  };
  std::vector<size_t> perm = reorder_dimensions(static_cast<size_t>(nd), [&](size_t d0, size_t d1) {
    int c = compare(os, static_cast<int64_t>(d0), static_cast<int64_t>(d1), true);
    return c != 0 ? c : compare(is, static_cast<int64_t>(d0), static_cast<int64_t>(d1), false);
  });
  ReductionIter it;
  for (size_t d : perm) {
    it.shape.push_back(shape[d]);
    it.out_strides.push_back(os[d]);
    it.in_strides.push_back(is[d]);
  }
  // TensorIterator::coalesce_dimensions.
  if (nd > 1) {
    size_t prev = 0;
    for (size_t d = 1; d < it.shape.size(); ++d) {
      bool merge = it.shape[prev] == 1 || it.shape[d] == 1 ||
                   (it.shape[prev] * it.out_strides[prev] == it.out_strides[d] &&
                    it.shape[prev] * it.in_strides[prev] == it.in_strides[d]);
      if (merge) {
        if (it.shape[prev] == 1) {
          it.out_strides[prev] = it.out_strides[d];
          it.in_strides[prev] = it.in_strides[d];
        }
        it.shape[prev] *= it.shape[d];
      } else if (++prev != d) {
        it.shape[prev] = it.shape[d];
        it.out_strides[prev] = it.out_strides[d];
        it.in_strides[prev] = it.in_strides[d];
      }
    }
    it.shape.resize(prev + 1);
    it.out_strides.resize(prev + 1);
    it.in_strides.resize(prev + 1);
  }
  it.out = static_cast<char*>(out.raw_data());
  it.in = static_cast<char*>(in.raw_data());
  it.out_itemsize = out_item;
  it.in_itemsize = in_item;
  it.out_numel = out.numel();
  return it;
}

namespace reduction {

// out = sum of self over mask (cascade summation for floats), in out's dtype.
void sum_into(const Tensor& out, const Tensor& self, uint64_t mask, bool keepdim) {
  if (self.numel() == 0) {
    fill_number(out, 0);
    return;
  }
  Tensor in = as_dtype(self, out.dtype());
  ReductionIter it = make_reduction_iter(out, in, mask, keepdim);
  // 16-bit floats whose two innermost iteration dims are both reduced would
  // round partial sums to 16 bits between blocks: ATen sums in float instead.
  if ((out.dtype() == DType::Float16 || out.dtype() == DType::BFloat16) && it.ndim() >= 2 &&
      it.out_strides[0] == 0 && it.out_strides[1] == 0) {
    Tensor tmp = Tensor::empty(out.sym_sizes(), DType::Float32);
    sum_into(tmp, as_dtype(self, DType::Float32), mask, keepdim);
    copy_into(out, tmp);
    return;
  }
  tensor::visit_dtype(out.dtype(), [&]<class T>() {
    fill_with<T>(out, T(0));
    if constexpr (kFloating<T>) cascade_sum<T>(it);
    else reduce_vec<T>(it, add_wrap<T>, add_wrap<T>);
  });
}

} // namespace reduction

namespace {

using namespace reduction;

// ---- sum / mean ---------------------------------------------------------------------------------

std::vector<TensorSpec> sum_meta(const OpArgs& a) {
  Tensor self = a.tensor(0);
  Dims d = dims_of(a);
  return {reduction_spec(self, d.mask, d.keepdim, dtype_of(a).value_or(long_if_integral(self.dtype())))};
}

void sum_kernel(const OpArgs& a, std::span<const Tensor> out) {
  Dims d = dims_of(a);
  sum_into(out[0], a.tensor(0), d.mask, d.keepdim);
}

std::vector<TensorSpec> mean_meta(const OpArgs& a) {
  Tensor self = a.tensor(0);
  std::optional<DType> dtype = dtype_of(a);
  DType out = dtype.value_or(self.dtype());
  if (!tensor::is_floating(out))
    fail("mean(): could not infer output dtype. " + std::string(dtype ? "Optional" : "Input") +
         " dtype must be either a floating point or complex dtype. Got: " + std::string(tensor::scalar_type_name(out)));
  Dims d = dims_of(a);
  return {reduction_spec(self, d.mask, d.keepdim, out)};
}

// sum, then divide by the number of reduced elements (16-bit outputs: in float).
void mean_kernel(const OpArgs& a, std::span<const Tensor> out) {
  Tensor self = a.tensor(0);
  Dims d = dims_of(a);
  const int64_t count = reduced_count(self, d.mask);
  bool reduced = out[0].dtype() == DType::Float16 || out[0].dtype() == DType::BFloat16;
  Tensor acc = reduced ? Tensor::empty(out[0].sym_sizes(), DType::Float32) : out[0];
  sum_into(acc, self, d.mask, d.keepdim);
  tensor::visit_dtype(acc.dtype(), [&]<class T>() {
    if constexpr (std::is_floating_point_v<T>) {
      const T n = static_cast<T>(count);
      T* p = acc.data<T>();
      for (int64_t i = 0; i < acc.numel(); ++i) p[i] = p[i] / n;
    }
  });
  if (reduced) copy_into(out[0], acc);
}

Grads sum_backward(const BackwardContext& c, const Grads& g) {
  const TensorSpec& in = c.spec_of_arg(0);
  Dims d = dims_of(c);
  int64_t nd = static_cast<int64_t>(in.sizes.size());
  // A whole reduction's 0-d gradient expands as it is (derivatives.yaml's sum.default).
  if (g[0].dim() == 0) return {call_tensor("expand", g[0], in.sizes)};
  return {call_tensor("expand", restore_reduced(g[0], d.mask, nd, d.keepdim), in.sizes)};
}

Grads mean_backward(const BackwardContext& c, const Grads& g) {
  const TensorSpec& in = c.spec_of_arg(0);
  Dims d = dims_of(c);
  SymInt count = 1; // symbolic sizes stay symbolic
  for (size_t i = 0; i < in.sizes.size(); ++i)
    if (d.mask >> i & 1) count = count * in.sizes[i];
  return {call_tensor("div.Scalar", sum_backward(c, g)[0], count)}; // derivatives.yaml divides by a Scalar
}

// nansum: sum with NaNs counted as zero (ATen's cascade sum with
// ignore_nan, whose additions of zero leave the summation order alone). The
// copy keeps self's strides, so the reduction walks it in the same order.
Tensor zeroing_nans(const Tensor& self) {
  if (!tensor::is_floating(self.dtype())) return self;
  Tensor copy = call_tensor("clone", self);
  tensor::visit_dtype(copy.dtype(), [&]<class T>() {
    if constexpr (kFloating<T>) unary_loop<T, T>(copy, copy, [](T v) { return is_nan(v) ? T(0) : v; });
  });
  return copy;
}
void nansum_kernel(const OpArgs& a, std::span<const Tensor> out) {
  Dims d = dims_of(a);
  sum_into(out[0], zeroing_nans(a.tensor(0)), d.mask, d.keepdim);
}
// NansumBackward0: the gradient of sum where self is not NaN.
Grads nansum_backward(const BackwardContext& c, const Grads& g) {
  Tensor kept = call_tensor("logical_not", call_tensor("isnan", c.tensor(0)));
  return {call_tensor("mul.Tensor", sum_backward(c, g)[0], kept)};
}
// nanmean = nansum / the number of non-NaN elements (ATen's composite).
Value nanmean_run(const OpArgs& a) {
  Tensor self = a.tensor(0);
  if (!tensor::is_floating(self.dtype()))
    fail("nanmean(): expected input to have floating point or complex dtype but got " +
         std::string(tensor::scalar_type_name(self.dtype())));
  Tensor factor = call_tensor("sum.dim_IntList", call_tensor("logical_not", call_tensor("isnan", self)), a[1], a[2]);
  return call("div.Tensor", call_tensor("nansum", self, a[1], a[2], a[3]), factor);
}

// Sums `self` down to `size` (the inverse of expanding size to self's shape).
Value sum_to_size_run(const OpArgs& a) {
  Tensor self = a.tensor(0);
  SymIntVector size = a.sym_int_list(1);
  int64_t lead = self.dim() - static_cast<int64_t>(size.size());
  check(lead >= 0, "size {" + shape_str(size) + "} is not expandable to size {" + shape_str(self.sym_sizes()) + "}.");
  IntVector dims;
  for (int64_t d = 0; d < self.dim(); ++d)
    if (d < lead || ((size[d - lead] == 1).expect_bool() && !(self.sym_size(d) == 1).expect_bool())) dims.push_back(d);
  Tensor out = self;
  if (!dims.empty()) out = call_tensor("sum.dim_IntList", self, dims, true);
  if (lead > 0) out = call_tensor("view", out, size);
  return out.to_value();
}

// ---- prod ------------------------------------------------------------------------------------

void prod_kernel(const OpArgs& a, std::span<const Tensor> out) {
  Tensor self = a.tensor(0);
  Dims d = dims_of(a);
  if (self.numel() == 0) {
    fill_number(out[0], 1);
    return;
  }
  Tensor in = as_dtype(self, out[0].dtype());
  ReductionIter it = make_reduction_iter(out[0], in, d.mask, d.keepdim);
  tensor::visit_dtype(in.dtype(), [&]<class T>() {
    fill_with<T>(out[0], T(1));
    reduce_vec<T>(it, mul_wrap<T>, mul_wrap<T>);
  });
}

// prod_safe_zeros_backward: the product of everything but each element, as
// exclusive cumulative products from both ends.
Tensor prod_safe_zeros_backward(const Tensor& grad, const Tensor& input, int64_t dim) {
  if (input.numel() == 0) return call_tensor("expand_as", grad, input);
  SymIntVector ones_size(input.sym_sizes().begin(), input.sym_sizes().end());
  ones_size[dim] = 1;
  Tensor ones = call_tensor("ones", ones_size, grad.dtype());
  int64_t n = input.size(dim);
  Tensor normal = call_tensor("cumprod", call_tensor("cat", std::vector<Tensor>{ones, call_tensor("narrow", input, dim, 0, n - 1)}, dim), dim);
  Tensor reversed = call_tensor("flip", call_tensor("narrow", input, dim, 1, n - 1), IntVector{dim});
  Tensor reverse = call_tensor("flip", call_tensor("cumprod", call_tensor("cat", std::vector<Tensor>{ones, reversed}, dim), dim),
                               IntVector{dim});
  return call_tensor("mul.Tensor", grad, call_tensor("mul.Tensor", normal, reverse));
}


Grads prod_backward(const BackwardContext& c, const Grads& g) {
  OpArgs a = c.args();
  Tensor self = c.tensor(0), result = c.result();
  if (self.dim() == 0) return {g[0]};
  if (a.schema().find_argument("dim") < 0) { // whole-tensor product
    if (!has_zero(self)) return {call_tensor("mul.Tensor", g[0], call_tensor("div.Tensor", result, self))};
    Tensor flat = call_tensor("view", call_tensor("contiguous", self), IntVector{-1});
    return {call_tensor("view_as", prod_safe_zeros_backward(g[0], flat, 0), self)};
  }
  int64_t dim = wrap_dim(a.int_(1), self.dim());
  Tensor grad = g[0];
  if (!a.bool_(2)) {
    grad = call_tensor("unsqueeze", grad, dim);
    result = call_tensor("unsqueeze", result, dim);
  }
  if (!has_zero(self)) return {call_tensor("mul.Tensor", grad, call_tensor("div.Tensor", result, self))};
  return {prod_safe_zeros_backward(grad, self, dim)};
}

// ---- logsumexp ------------------------------------------------------------------------------------

std::vector<TensorSpec> logsumexp_meta(const OpArgs& a) {
  Tensor self = a.tensor(0);
  DType dtype = tensor::is_floating(self.dtype()) ? self.dtype() : tensor::default_float_dtype();
  return {reduction_spec(self, mask_arg(a, 1), a.bool_(2), dtype)};
}

// max-shifted: log(sum(exp(self - max))) + max, with infinite maxima not shifted.
void logsumexp_kernel(const OpArgs& a, std::span<const Tensor> out) {
  Tensor self = as_dtype(a.tensor(0), out[0].dtype());
  uint64_t mask = mask_arg(a, 1);
  bool keepdim = a.bool_(2);
  if (self.numel() == 0) {
    sum_into(out[0], call_tensor("exp", self), mask, keepdim);
    copy_into(out[0], call_tensor("log", out[0]));
    return;
  }
  Tensor maxes = Tensor::empty(reduced_sizes(self, mask, true), self.dtype());
  extremum_into<true>(maxes, self, mask, true);
  // ATen fills the infinite maxima through a view of `maxes`, so they are
  // not subtracted either (-inf - -inf would be NaN).
  maxes = call_tensor("masked_fill.Scalar", maxes, call_tensor("eq.Scalar", call_tensor("abs", maxes), INFINITY), 0);
  Tensor shift = keepdim ? maxes : call_tensor("view", maxes, out[0].sym_sizes());
  sum_into(out[0], call_tensor("exp", call_tensor("sub.Tensor", self, maxes)), mask, keepdim);
  copy_into(out[0], call_tensor("add.Tensor", call_tensor("log", out[0]), shift));
}

// LogsumexpBackward0: grad * exp(self - result).
Grads logsumexp_backward(const BackwardContext& c, const Grads& g) {
  OpArgs a = c.args();
  Tensor self = c.tensor(0), grad = g[0], result = c.result();
  uint64_t mask = mask_arg(a, 1);
  if (!a.bool_(2) && self.dim() != 0) {
    grad = unsqueeze_reduced(grad, mask, self.dim());
    result = unsqueeze_reduced(result, mask, self.dim());
  }
  return {call_tensor("mul.Tensor", grad, call_tensor("exp", call_tensor("sub.Tensor", self, result)))};
}

// ---- all / any ------------------------------------------------------------------------------------

// all/any return bool, or uint8 for uint8 input; all.dims(dim=[]) reduces nothing.
uint64_t allany_mask(const OpArgs& a) {
  int dim = a.schema().find_argument("dim");
  if (dim >= 0 && !a.is_none(static_cast<size_t>(dim)) && !a[static_cast<size_t>(dim)].is_intlike() &&
      a.int_list(static_cast<size_t>(dim)).empty())
    return 0;
  return dims_of(a).mask;
}
std::vector<TensorSpec> allany_meta(const OpArgs& a) {
  Tensor self = a.tensor(0);
  Dims d = dims_of(a);
  return {reduction_spec(self, allany_mask(a), d.keepdim, self.dtype() == DType::UInt8 ? DType::UInt8 : DType::Bool)};
}

template <bool kAll> void allany_kernel(const OpArgs& a, std::span<const Tensor> out) {
  Tensor self = a.tensor(0);
  if (self.numel() == 0) {
    fill_number(out[0], kAll ? 1 : 0);
    return;
  }
  uint64_t mask = allany_mask(a);
  if (self.numel() == 1 || mask == 0) {
    copy_into(out[0], as_dtype(call_tensor("view", self, out[0].sym_sizes()), DType::Bool));
    return;
  }
  Tensor in = as_dtype(self, out[0].dtype());
  ReductionIter it = make_reduction_iter(out[0], in, mask, dims_of(a).keepdim);
  auto run = [&]<class T>() {
    fill_with<T>(out[0], T(kAll));
    auto op = [](T x, T y) -> T {
      if constexpr (kAll) return (x && y) ? 1 : 0;
      else return (x || y) ? 1 : 0;
    };
    reduce_vec<T>(it, op, op);
  };
  if (in.dtype() == DType::UInt8) run.template operator()<uint8_t>();
  else run.template operator()<bool>();
}

// ---- count_nonzero ---------------------------------------------------------------------------------

std::vector<TensorSpec> count_nonzero_meta(const OpArgs& a) {
  return {reduction_spec(a.tensor(0), dims_of(a).mask, false, DType::Int64)};
}

void count_nonzero_kernel(const OpArgs& a, std::span<const Tensor> out) {
  Tensor self = a.tensor(0);
  if (self.numel() == 0) {
    fill_with<int64_t>(out[0], 0);
    return;
  }
  ReductionIter it = make_reduction_iter(out[0], self, dims_of(a).mask, false);
  int64_t* result = out[0].data<int64_t>();
  tensor::visit_dtype(self.dtype(), [&]<class T>() {
    reduce_elements<T>(
        it, int64_t{0}, [](int64_t n, T x, int64_t) { return n + (x != T(0) ? 1 : 0); },
        [](int64_t x, int64_t y) { return x + y; }, [&](int64_t o, int64_t n) { result[o] = n; });
  });
}

} // namespace

void register_reduction_ops(OpRegistry& r) {
  r.def("sum(Tensor self, *, ScalarType? dtype=None) -> Tensor").method().structured(sum_meta, sum_kernel)
      .derivative("SumBackward0", sum_backward);
  r.def("sum.dim_IntList(Tensor self, int[1]? dim, bool keepdim=False, *, ScalarType? dtype=None) -> Tensor")
      .method().structured(sum_meta, sum_kernel).derivative("SumBackward1", sum_backward);
  r.def("mean(Tensor self, *, ScalarType? dtype=None) -> Tensor").method().structured(mean_meta, mean_kernel)
      .derivative("MeanBackward0", mean_backward);
  r.def("mean.dim(Tensor self, int[1]? dim, bool keepdim=False, *, ScalarType? dtype=None) -> Tensor")
      .method().structured(mean_meta, mean_kernel).derivative("MeanBackward1", mean_backward);
  r.def("nansum(Tensor self, int[1]? dim=None, bool keepdim=False, *, ScalarType? dtype=None) -> Tensor").method()
      .structured(sum_meta, nansum_kernel).derivative("NansumBackward0", nansum_backward).saves({"self"});
  r.def("nanmean(Tensor self, int[1]? dim=None, bool keepdim=False, *, ScalarType? dtype=None) -> Tensor").method()
      .composite(nanmean_run);
  r.def("sum_to_size(Tensor self, SymInt[] size) -> Tensor").hidden().method().composite(sum_to_size_run);

  r.def("prod(Tensor self, *, ScalarType? dtype=None) -> Tensor").method().structured(sum_meta, prod_kernel)
      .derivative("ProdBackward0", prod_backward).saves({"self"}).saves_result();
  r.def("prod.dim_int(Tensor self, int dim, bool keepdim=False, *, ScalarType? dtype=None) -> Tensor").method()
      .structured(sum_meta, prod_kernel).derivative("ProdBackward1", prod_backward).saves({"self"}).saves_result();

  r.def("logsumexp(Tensor self, int[1] dim, bool keepdim=False) -> Tensor").method()
      .structured(logsumexp_meta, logsumexp_kernel).derivative("LogsumexpBackward0", logsumexp_backward)
      .saves({"self"}).saves_result();

  r.def("all(Tensor self) -> Tensor").method().structured(allany_meta, allany_kernel<true>);
  r.def("all.dim(Tensor self, int dim, bool keepdim=False) -> Tensor").method().structured(allany_meta, allany_kernel<true>);
  r.def("all.dims(Tensor self, int[]? dim=None, bool keepdim=False) -> Tensor").method()
      .structured(allany_meta, allany_kernel<true>);
  r.def("any(Tensor self) -> Tensor").method().structured(allany_meta, allany_kernel<false>);
  r.def("any.dim(Tensor self, int dim, bool keepdim=False) -> Tensor").method().structured(allany_meta, allany_kernel<false>);
  r.def("any.dims(Tensor self, int[]? dim=None, bool keepdim=False) -> Tensor").method()
      .structured(allany_meta, allany_kernel<false>);
  r.def("count_nonzero.dim_IntList(Tensor self, int[] dim) -> Tensor").method()
      .structured(count_nonzero_meta, count_nonzero_kernel);
  r.def("count_nonzero(Tensor self, int? dim=None) -> Tensor").method().structured(count_nonzero_meta, count_nonzero_kernel);
}

} // namespace refc::ops
