// Reductions: sum, mean, prod, amax/amin, max/min (whole tensor and along a
// dim, with indices), argmax/argmin, var/std and var_mean/std_mean, norm and
// linalg_vector_norm, logsumexp, all/any, count_nonzero, cumsum/cumprod, and
// sum_to_size (what autograd uses to undo broadcasting). Each kernel runs
// the ATen CPU loop its op uses (reduction_kernels.h), so that results match
// PyTorch bit for bit: the summation order of floating sums, the Welford
// updates of var/std, the accumulation types, the empty-tensor identities.
#include "reference_compiler/ops/reduction_kernels.h"

#include "reference_compiler/lang/abstract.h"
#include "reference_compiler/ops/op_family.h"
#include "reference_compiler/ops/unary_kernels.h"

#include <cmath>
#include <limits>
#include <sstream>
#include <thread>

namespace refc::ops {

using lang::Value;
using tensor::IntVector;
using tensor::Scalar;
using tensor::SymInt;
using tensor::SymIntVector;

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
  std::vector<int64_t> perm(nd);
  for (int64_t i = 0; i < nd; ++i) perm[i] = nd - 1 - i;
  auto compare = [&](const IntVector& s, int64_t d0, int64_t d1, bool output) {
    if (output && (s[d0] == 0) != (s[d1] == 0)) return s[d1] == 0 ? 1 : -1;
    if (s[d0] == 0 || s[d1] == 0) return 0;
    if (s[d0] != s[d1]) return s[d0] < s[d1] ? -1 : 1;
    return shape[d0] > shape[d1] ? 1 : 0;
  };
  for (int64_t i = 1; i < nd; ++i) {
    int64_t dim1 = i;
    for (int64_t dim0 = i - 1; dim0 >= 0; --dim0) {
      int c = compare(os, perm[dim0], perm[dim1], true);
      if (c == 0) c = compare(is, perm[dim0], perm[dim1], false);
      if (c > 0) {
        std::swap(perm[dim0], perm[dim1]);
        dim1 = dim0;
      } else if (c < 0) {
        break;
      }
    }
  }
  ReductionIter it;
  for (int64_t d : perm) {
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

namespace {

using Grads = std::vector<Tensor>;

// ---- helpers ------------------------------------------------------------------------------------

// get_dtype_from_self(promote_integers=true): bool and integers sum to int64.
DType long_if_integral(DType t) { return tensor::is_floating(t) ? t : DType::Int64; }

template <class T> void fill_with(const Tensor& out, T value) {
  for_each_row(plan_loop(out, std::span<const Tensor>{}), [&](char** p, const int64_t* s, int64_t n) {
    for (int64_t i = 0; i < n; ++i) store<T>(p[0] + i * s[0], value);
  });
}
void fill_number(const Tensor& out, double value) {
  tensor::visit_dtype(out.dtype(), [&]<class T>() { fill_with<T>(out, convert<T>(value)); });
}

// The reduced dims of a `dim` argument: None or an empty list reduce all
// dims; an int or a list name them.
uint64_t mask_arg(const OpArgs& a, size_t i, int64_t nd) {
  if (a.is_none(i)) return reduction_mask(nd, std::nullopt);
  if (a[i].is_intlike()) return reduction_mask(nd, IntVector{a.int_(i)});
  return reduction_mask(nd, a.int_list(i));
}
uint64_t mask_arg(const OpArgs& a, size_t i) { return mask_arg(a, i, a.tensor(0).dim()); }

// Wrapping integer arithmetic (two's complement, as ATen's kernels wrap).
template <class T> T add_wrap(T a, T b) {
  if constexpr (std::is_integral_v<T> && !std::is_same_v<T, bool>)
    return static_cast<T>(static_cast<uint64_t>(a) + static_cast<uint64_t>(b));
  else return static_cast<T>(a + b);
}
template <class T> T mul_wrap(T a, T b) {
  if constexpr (std::is_same_v<T, bool>) return a && b;
  else if constexpr (std::is_integral_v<T>) return static_cast<T>(static_cast<uint64_t>(a) * static_cast<uint64_t>(b));
  else return static_cast<T>(a * b);
}

template <class T> bool is_nan(T v) {
  if constexpr (std::is_integral_v<T>) return false;
  else return std::isnan(static_cast<double>(v));
}

template <class T> T nan_of() {
  if constexpr (std::is_integral_v<T>) return T(0);
  else return T(std::numeric_limits<float>::quiet_NaN());
}

// max_impl/min_impl (scalar) and maximum/minimum (Vectorized): NaN wins.
template <class T> T max_impl(T a, T b) {
  if (is_nan(a) || is_nan(b)) return nan_of<T>();
  return std::max(a, b);
}
template <class T> T min_impl(T a, T b) {
  if (is_nan(a) || is_nan(b)) return nan_of<T>();
  return std::min(a, b);
}
template <class T> T vec_max(T a, T b) {
  if (is_nan(a) || is_nan(b)) return nan_of<T>();
  return a > b ? a : b;
}
template <class T> T vec_min(T a, T b) {
  if (is_nan(a) || is_nan(b)) return nan_of<T>();
  return a < b ? a : b;
}
template <class T> T lowest() {
  if constexpr (std::is_same_v<T, bool>) return false;
  else if constexpr (std::is_integral_v<T>) return std::numeric_limits<T>::lowest();
  else return T(-std::numeric_limits<float>::infinity());
}
template <class T> T highest() {
  if constexpr (std::is_same_v<T, bool>) return true;
  else if constexpr (std::is_integral_v<T>) return std::numeric_limits<T>::max();
  else return T(std::numeric_limits<float>::infinity());
}

template <class T> constexpr bool kFloating = std::is_floating_point_v<T> || kReducedFloat<T>;

void check_not_empty(const Tensor& self, const char* name) {
  check(!(self->sym_numel() == 0).expect_bool(),
        std::string(name) + ": Expected reduction dim to be specified for input.numel() == 0. Specify the "
                            "reduction dim with the 'dim' argument.");
}

// zero_numel_check_dims: reducing an empty dim has no identity.
void check_reduced_dims_nonempty(const Tensor& self, uint64_t mask, const char* name) {
  for (int64_t d = 0; d < self.dim(); ++d)
    if ((mask >> d & 1) && (self.sym_size(d) == 0).expect_bool())
      fail_index(std::string(name) + ": Expected reduction dim " + std::to_string(d) + " to have non-zero size.");
}

// Unsqueezes the reduced dims back (unsqueeze_multiple), undoing keepdim=False.
Tensor unsqueeze_reduced(Tensor t, uint64_t mask, int64_t ndim) {
  for (int64_t d = 0; d < ndim; ++d)
    if (mask >> d & 1) t = call_tensor("unsqueeze", t, d);
  return t;
}
Tensor restore_reduced(const Tensor& t, uint64_t mask, int64_t ndim, bool keepdim) {
  return keepdim || ndim == 0 ? t : unsqueeze_reduced(t, mask, ndim);
}

// ---- sum / mean ---------------------------------------------------------------------------------

// The reduction arguments every dims-style reduction op shares: the reduced
// dims (argument `dim_arg`, absent for whole-tensor overloads) and keepdim.
struct Dims {
  uint64_t mask;
  bool keepdim;
};
// `nd` is self's rank (given separately for backward, where self may not be saved).
Dims dims_of(const OpArgs& a, int64_t nd) {
  const FunctionSchema& s = a.schema();
  int dim = s.find_argument("dim"), keep = s.find_argument("keepdim");
  uint64_t mask = dim < 0 ? reduction_mask(nd, std::nullopt) : mask_arg(a, static_cast<size_t>(dim), nd);
  return {mask, keep >= 0 && a.bool_(static_cast<size_t>(keep))};
}
Dims dims_of(const OpArgs& a) { return dims_of(a, a.tensor(0).dim()); }
Dims dims_of(const BackwardContext& c) {
  return dims_of(c.args(), static_cast<int64_t>(c.spec_of_arg(0).sizes.size()));
}
std::optional<DType> dtype_of(const OpArgs& a) {
  int i = a.schema().find_argument("dtype");
  return i < 0 ? std::nullopt : a.dtype(static_cast<size_t>(i));
}

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
  return {call_tensor("expand", restore_reduced(g[0], d.mask, nd, d.keepdim), in.sizes)};
}

Grads mean_backward(const BackwardContext& c, const Grads& g) {
  const TensorSpec& in = c.spec_of_arg(0);
  Dims d = dims_of(c);
  int64_t count = 1;
  for (size_t i = 0; i < in.sizes.size(); ++i)
    if (d.mask >> i & 1) count *= in.sizes[i].expect_int();
  return {call_tensor("div.Tensor", sum_backward(c, g)[0], count)};
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

// Whether any element is zero (true without data: the safe path then).
bool has_zero(const Tensor& t) {
  if (!t.has_data()) return true;
  bool zero = false;
  tensor::visit_dtype(t.dtype(), [&]<class T>() {
    for_each_row(plan_loop(t, std::span<const Tensor>{}), [&](char** p, const int64_t* s, int64_t n) {
      for (int64_t i = 0; i < n; ++i) zero |= load<T>(p[0] + i * s[0]) == T(0);
    });
  });
  return zero;
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

template <bool kMax> void extremum_into(const Tensor& out, const Tensor& in, uint64_t mask, bool keepdim) {
  if (in.numel() == 0) return;
  ReductionIter it = make_reduction_iter(out, in, mask, keepdim);
  tensor::visit_dtype(in.dtype(), [&]<class T>() {
    if constexpr (kMax) {
      fill_with<T>(out, lowest<T>());
      reduce_vec<T>(it, max_impl<T>, vec_max<T>);
    } else {
      fill_with<T>(out, highest<T>());
      reduce_vec<T>(it, min_impl<T>, vec_min<T>);
    }
  });
}

template <bool kMax> void amax_kernel(const OpArgs& a, std::span<const Tensor> out) {
  Dims d = dims_of(a);
  extremum_into<kMax>(out[0], a.tensor(0), d.mask, d.keepdim);
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
Grads amax_backward(const BackwardContext& c, const Grads& g) {
  Tensor self = c.tensor(0);
  Dims d = dims_of(c);
  Tensor grad = restore_reduced(g[0], d.mask, self.dim(), d.keepdim);
  Tensor mask = call_tensor("eq.Tensor", restore_reduced(c.result(), d.mask, self.dim(), d.keepdim), self);
  IntVector dims;
  for (int64_t i = 0; i < self.dim(); ++i)
    if (d.mask >> i & 1) dims.push_back(i);
  Tensor count = call_tensor("sum.dim_IntList", mask, dims, true);
  return {call_tensor("mul.Tensor", call_tensor("div.Tensor", grad, count), mask)};
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

// var_backward: 2 / (n - correction) * grad * (self - mean).
Tensor var_backward(Tensor grad, const Tensor& self, const VarArgs& v) {
  if (self.dim() == 0 || v.all_dims) {
    double dof = static_cast<double>(self.numel()) - v.correction;
    if (dof <= 0) {
      Tensor same = call_tensor("eq.Tensor", self, call_tensor("mean", self));
      return call_tensor("mul.Tensor", grad,
                         call_tensor("where.Scalar", same, std::numeric_limits<double>::quiet_NaN(),
                                     std::numeric_limits<double>::infinity()));
    }
    return call_tensor("mul.Tensor", call_tensor("mul.Tensor", grad, 2.0 / dof),
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
  return call_tensor("mul.Tensor", call_tensor("mul.Tensor", grad, 2.0 / (n - v.correction)),
                     call_tensor("sub.Tensor", self, call_tensor("mean.dim", self, dims, true)));
}

// std_backward: the variance's gradient scaled by 1 / (2 std), 0 where std is 0.
Tensor std_backward(const Tensor& result, const Tensor& grad, const Tensor& self, const VarArgs& v) {
  Tensor scaled = call_tensor("div.Tensor", grad, call_tensor("mul.Tensor", result, 2));
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

// ---- norms ----------------------------------------------------------------------------------------

// linalg_vector_norm(self, ord, dim, keepdim, *, dtype)
std::vector<TensorSpec> vector_norm_meta(const OpArgs& a) {
  Tensor self = a.tensor(0);
  if (!tensor::is_floating(self.dtype()))
    fail("linalg.vector_norm: Expected a floating point or complex tensor as input. Got " +
         std::string(tensor::scalar_type_name(self.dtype())));
  double ord = a.scalar(1).to_double();
  if ((self->sym_numel() == 0).expect_bool() && (ord < 0 || ord == INFINITY)) {
    std::ostringstream ord_text_stream;
    if (a.scalar(1).is_float()) ord_text_stream << ord;
    else ord_text_stream << a.scalar(1).to_int();
    std::string ord_text = ord_text_stream.str();
    check(!a.is_none(2) && !a.int_list(2).empty(), "linalg.vector_norm cannot compute the " + ord_text +
                                                       " norm on an empty tensor because the operation does not have an identity");
    for (int64_t d : a.int_list(2))
      check(self.size(wrap_dim(d, self.dim())) != 0,
            "linalg.vector_norm cannot compute the " + ord_text + " norm on the dimension " + std::to_string(d) +
                "because this dimension is empty and the operation does not have an identity");
  }
  std::optional<DType> dtype = a.dtype(4);
  if (dtype) {
    check(tensor::is_floating(*dtype), "linalg.vector_norm: dtype should be floating point or complex, but got " +
                                           std::string(tensor::scalar_type_name(*dtype)));
    check(tensor::promote_types(self.dtype(), *dtype) == *dtype,
          "linalg.vector_norm: the dtype of the input (" + std::string(tensor::scalar_type_name(self.dtype())) +
              ") should be convertible without narrowing to the specified dtype (" +
              std::string(tensor::scalar_type_name(*dtype)) + ")");
  }
  return {reduction_spec(self, mask_arg(a, 2), a.bool_(3), dtype.value_or(self.dtype()))};
}

// The reductions of norm_kernel_tensor_iterator_impl, by order: accumulate,
// then finish (the root).
template <class A> struct NormOp {
  double ord;
  A init() const { return ord == -INFINITY ? A(INFINITY) : A(0); }
  A reduce(A acc, A x) const {
    if (ord == 0) return acc + (x == A(0) ? A(0) : A(1));
    if (ord == 1) return acc + std::abs(x);
    if (ord == 2) return acc + x * x;
    if (ord == INFINITY) return max_impl(acc, std::abs(x));
    if (ord == -INFINITY) return min_impl(acc, std::abs(x));
    return acc + std::pow(std::abs(x), static_cast<A>(ord));
  }
  A combine(A x, A y) const {
    if (std::isinf(ord)) return ord > 0 ? max_impl(x, y) : min_impl(x, y);
    return x + y;
  }
  A project(A acc) const {
    if (ord == 2) return std::sqrt(acc);
    if (ord == 0 || ord == 1 || std::isinf(ord)) return acc;
    return std::pow(acc, A(1) / static_cast<A>(ord));
  }
};

void vector_norm_kernel(const OpArgs& a, std::span<const Tensor> out) {
  Tensor self = a.tensor(0);
  const double ord = a.scalar(1).to_double();
  Dims d{mask_arg(a, 2), a.bool_(3)};
  const DType dtype = out[0].dtype();
  if (self.numel() == 0) {
    fill_number(out[0], ord < 0 ? INFINITY : 0);
    return;
  }
  // Reducing only dims of size 1: |x| (or x != 0 for ord 0).
  bool trivial = true;
  for (int64_t i = 0; i < self.dim(); ++i)
    if ((d.mask >> i & 1) && self.size(i) != 1) trivial = false;
  Tensor in = as_dtype(self, dtype);
  if (trivial) {
    Tensor view = call_tensor("reshape", in, out[0].sym_sizes());
    tensor::visit_dtype(dtype, [&]<class T>() {
      if constexpr (kFloating<T>) {
        using A = std::conditional_t<std::is_same_v<T, double>, double, float>;
        unary_loop<T, T>(out[0], view, [&](T x) {
          A v = static_cast<A>(x);
          return T(ord != 0 ? std::abs(v) : A(v != A(0) ? 1 : 0));
        });
      }
    });
    return;
  }
  ReductionIter it = make_reduction_iter(out[0], in, d.mask, d.keepdim);
  tensor::visit_dtype(dtype, [&]<class T>() {
    if constexpr (kFloating<T>) {
      using A = std::conditional_t<std::is_same_v<T, double>, double, float>;
      T* result = out[0].data<T>();
      // The vectorised ord-2 path over a contiguous innermost reduced dim.
      bool lastdim = it.num_reduce_dims() == 1 && it.out_strides[0] == 0 && it.in_strides[0] == sizeof(T) &&
                     !std::is_same_v<T, tensor::Half>;
      if (ord == 2 && lastdim) {
        const int64_t n = it.shape[0];
        constexpr int64_t lanes = kLanes<A>;
        constexpr int64_t step = kLanes<T>;
        ReductionIter rows = it;
        rows.shape[0] = 1;
        for_each_block(rows, rows.out, rows.in, 0, rows.numel(), [&](char** data, const int64_t* s, int64_t size0, int64_t size1) {
          for (int64_t j = 0; j < size1; ++j)
            for (int64_t r = 0; r < size0; ++r) {
              const T* x = reinterpret_cast<const T*>(data[1] + j * s[3] + r * s[1]);
              std::array<A, lanes> acc{};
              int64_t i = 0;
              for (; i < n - n % step; i += step) {
                for (int64_t k = 0; k < lanes; ++k) acc[k] = acc[k] + A(x[i + k]) * A(x[i + k]);
                if constexpr (step > lanes)
                  for (int64_t k = 0; k < lanes; ++k) acc[k] = acc[k] + A(x[i + lanes + k]) * A(x[i + lanes + k]);
              }
              for (int64_t k = 1; k < lanes; ++k) acc[0] = acc[0] + acc[k];
              for (; i < n; ++i) acc[0] = fmadd(A(x[i]), A(x[i]), acc[0]);
              store<T>(data[0] + j * s[2] + r * s[0], T(std::sqrt(acc[0])));
            }
        });
        return;
      }
      NormOp<A> op{ord};
      reduce_elements<T>(
          it, op.init(), [&](A acc, T x, int64_t) { return op.reduce(acc, static_cast<A>(x)); },
          [&](A x, A y) { return op.combine(x, y); }, [&](int64_t o, A acc) { result[o] = static_cast<T>(op.project(acc)); });
    }
  });
}

// norm_backward, by order.
Grads vector_norm_backward(const BackwardContext& c, const Grads& g) {
  OpArgs a = c.args();
  Tensor self = c.tensor(0), norm = c.result(), grad = g[0];
  double p = a.scalar(1).to_double();
  uint64_t mask = mask_arg(a, 2);
  if (!a.bool_(3) && self.dim() != 0) {
    grad = unsqueeze_reduced(grad, mask, self.dim());
    norm = unsqueeze_reduced(norm, mask, self.dim());
  }
  auto mul = [](const Tensor& x, const Tensor& y) { return call_tensor("mul.Tensor", x, y); };
  auto div = [](const Tensor& x, const Tensor& y) { return call_tensor("div.Tensor", x, y); };
  auto zero_where_norm_zero = [&](const Tensor& t) {
    return call_tensor("masked_fill.Scalar", t, call_tensor("eq.Scalar", norm, 0), 0);
  };
  if (p == 0) return {call_tensor("zeros_like", self)};
  if (p == 1) return {mul(call_tensor("sgn", self), grad)};
  if (p == 2) return {mul(grad, zero_where_norm_zero(div(self, norm)))};
  if (std::isinf(p)) {
    Tensor abs = call_tensor("abs", self);
    Tensor selected = call_tensor("logical_or", call_tensor("eq.Tensor", abs, norm), call_tensor("isnan", abs));
    IntVector dims;
    for (int64_t d = 0; d < self.dim(); ++d)
      if (mask >> d & 1) dims.push_back(d);
    Tensor count = call_tensor("sum.dim_IntList", selected, dims, true);
    return {mul(call_tensor("sgn", self), mul(div(grad, count), selected))};
  }
  Tensor abs = call_tensor("abs", self);
  if (p < 1) {
    Tensor scaled = mul(call_tensor("sgn", self),
                        call_tensor("masked_fill.Scalar", call_tensor("pow.Tensor_Scalar", abs, p - 1),
                                    call_tensor("eq.Scalar", self, 0), 0));
    return {mul(mul(scaled, grad), call_tensor("pow.Tensor_Scalar", norm, 1 - p))};
  }
  Tensor scaled = p < 2 ? mul(call_tensor("sgn", self), call_tensor("pow.Tensor_Scalar", abs, p - 1))
                        : mul(self, call_tensor("pow.Tensor_Scalar", abs, p - 2));
  return {mul(scaled, zero_where_norm_zero(div(grad, call_tensor("pow.Tensor_Scalar", norm, p - 1))))};
}

// torch.norm(input, p='fro', dim=None, keepdim=False, dtype=None), the Python
// function (and Tensor.norm): vector norms go to linalg_vector_norm.
Value norm_run(const OpArgs& a) {
  Tensor self = a.tensor(0);
  Value p = a[1];
  Value dim = a[2];
  if (!dim.is_none() && dim.is_intlike()) dim = int_list_value(IntVector{dim.as_int()});
  if (lang::isinstance(p, lang::types::str)) {
    std::string_view name = a.str(1);
    if (name != "fro")
      fail("linalg.matrix_norm: Order " + std::string(name) + " not supported.");
    return call("linalg_vector_norm", self, int64_t{2}, dim, a.bool_(3), a[4]);
  }
  Value ord = p.is_none() ? Value::floating(2.0) : p;
  return call("linalg_vector_norm", self, ord, dim, a.bool_(3), a[4]);
}

// The aten norm overloads: linalg_vector_norm with p defaulting to 2.
Value aten_norm_run(const OpArgs& a) {
  Value p = a.is_none(1) ? Value::floating(2.0) : a[1];
  int dim = a.schema().find_argument("dim"), keep = a.schema().find_argument("keepdim");
  int dtype = a.schema().find_argument("dtype");
  return call("linalg_vector_norm", a.tensor(0), p, dim < 0 ? Value::none() : a[static_cast<size_t>(dim)],
              keep < 0 ? false : a.bool_(static_cast<size_t>(keep)), dtype < 0 ? Value::none() : a[static_cast<size_t>(dtype)]);
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
  r.def("sum_to_size(Tensor self, SymInt[] size) -> Tensor").hidden().method().composite(sum_to_size_run);

  r.def("prod(Tensor self, *, ScalarType? dtype=None) -> Tensor").method().structured(sum_meta, prod_kernel)
      .derivative("ProdBackward0", prod_backward).saves({"self"}).saves_result();
  r.def("prod.dim_int(Tensor self, int dim, bool keepdim=False, *, ScalarType? dtype=None) -> Tensor").method()
      .structured(sum_meta, prod_kernel).derivative("ProdBackward1", prod_backward).saves({"self"}).saves_result();

  r.def("amax(Tensor self, int[1] dim=[], bool keepdim=False) -> Tensor").method()
      .structured(amax_meta<true>, amax_kernel<true>).derivative("AmaxBackward0", amax_backward).saves({"self"}).saves_result();
  r.def("amin(Tensor self, int[1] dim=[], bool keepdim=False) -> Tensor").method()
      .structured(amax_meta<false>, amax_kernel<false>).derivative("AminBackward0", amax_backward).saves({"self"}).saves_result();
  r.def("max(Tensor self) -> Tensor").method().structured(max_all_meta<true>, max_all_kernel<true>)
      .derivative("MaxBackward1", max_all_backward).saves({"self"}).saves_result();
  r.def("max.dim(Tensor self, int dim, bool keepdim=False) -> (Tensor values, Tensor indices)").method()
      .structured(max_dim_meta<true>, max_dim_kernel<true>).derivative("MaxBackward0", max_dim_backward).saves_result();
  r.def("max.other(Tensor self, Tensor other) -> Tensor").method().composite(max_other_run);
  r.def("min(Tensor self) -> Tensor").method().structured(max_all_meta<false>, max_all_kernel<false>)
      .derivative("MinBackward1", max_all_backward).saves({"self"}).saves_result();
  r.def("min.dim(Tensor self, int dim, bool keepdim=False) -> (Tensor values, Tensor indices)").method()
      .structured(max_dim_meta<false>, max_dim_kernel<false>).derivative("MinBackward0", max_dim_backward).saves_result();
  r.def("min.other(Tensor self, Tensor other) -> Tensor").method().composite(min_other_run);
  r.def("value_selecting_reduction_backward(Tensor grad, int dim, Tensor indices, SymInt[] sizes, bool keepdim) -> Tensor")
      .hidden().composite(value_selecting_reduction_backward_run);
  r.def("argmax(Tensor self, int? dim=None, bool keepdim=False) -> Tensor").method()
      .structured(argmax_meta<true>, argmax_kernel<true>);
  r.def("argmin(Tensor self, int? dim=None, bool keepdim=False) -> Tensor").method()
      .structured(argmax_meta<false>, argmax_kernel<false>);

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
      .structured(var_meta<2>, var_kernel<true>).derivative("StdMeanBackward0", var_mean_grad<true>).saves({"self"}).saves_result();

  r.def("linalg_vector_norm(Tensor self, Scalar ord=2, int[1]? dim=None, bool keepdim=False, *, ScalarType? dtype=None) -> Tensor")
      .structured(vector_norm_meta, vector_norm_kernel)
      .derivative("LinalgVectorNormBackward0", vector_norm_backward).saves({"self"}).saves_result();
  r.def("norm(Tensor self, Any p=\"fro\", int[1]? dim=None, bool keepdim=False, *, ScalarType? dtype=None) -> Tensor")
      .method().composite(norm_run);
  r.def("norm.Scalar(Tensor self, Scalar p=2) -> Tensor").hidden().composite(aten_norm_run);
  r.def("norm.ScalarOpt_dim(Tensor self, Scalar? p, int[1] dim, bool keepdim=False) -> Tensor").hidden()
      .composite(aten_norm_run);
  r.def("norm.ScalarOpt_dim_dtype(Tensor self, Scalar? p, int[1] dim, bool keepdim, *, ScalarType dtype) -> Tensor")
      .hidden().composite(aten_norm_run);
  r.def("norm.ScalarOpt_dtype(Tensor self, Scalar? p, *, ScalarType dtype) -> Tensor").hidden().composite(aten_norm_run);

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

  r.def("cumsum(Tensor self, int dim, *, ScalarType? dtype=None) -> Tensor").method()
      .structured(cum_meta, cum_kernel<false>).inplace("cumsum_").derivative("CumsumBackward0", cumsum_backward);
  r.def("cumprod(Tensor self, int dim, *, ScalarType? dtype=None) -> Tensor").method()
      .structured(cum_meta, cum_kernel<true>).inplace("cumprod_").derivative("CumprodBackward0", cumprod_grad)
      .saves({"self"}).saves_result();
  r.def("cumprod_backward(Tensor grad, Tensor input, int dim, Tensor output) -> Tensor").hidden()
      .composite(cumprod_backward_run);
}

} // namespace refc::ops
