// Reductions that order values rather than combine them: median and
// nanmedian (whole tensor and along a dim), kthvalue, mode, quantile and
// nanquantile, unique (_unique2, unique_dim, unique_consecutive), and the
// counting ops bincount and histc. The selection kernels port ATen's CPU
// loops (Sorting.cpp, TensorCompareKernel.cpp, Unique.cpp,
// SummaryOps.cpp, HistogramKernel.cpp) including the algorithm that picks
// among equal values — nth_element on (value, index), quick_select_template,
// std::sort — so that the returned indices match PyTorch's on ties.
#include "reference_compiler/ops/op_family.h"
#include "reference_compiler/ops/ordering.h"
#include "reference_compiler/ops/unary_kernels.h"

#include <algorithm>
#include <cmath>
#include <numeric>

namespace refc::ops {

namespace {

// The 1-d slices of `t` along `dim` as the rows of a contiguous [rows, n]
// tensor, rows in the row-major order of the other dims (a 0-d tensor is one
// row of one element).
Tensor rows_along(const Tensor& t, int64_t dim) {
  if (t.dim() == 0) return call_tensor("reshape", t, IntVector{1, 1});
  int64_t rows = 1;
  for (int64_t d = 0; d < t.dim(); ++d)
    if (d != dim) rows *= t.size(d);
  Tensor moved = call_tensor("contiguous", call_tensor("movedim.int", t, dim, -1));
  return call_tensor("reshape", moved, IntVector{rows, t.size(dim)});
}

// ---- median / nanmedian of the whole tensor -------------------------------------------------------

std::vector<TensorSpec> median_all_meta(const OpArgs& a) {
  Tensor self = a.tensor(0);
  return {TensorSpec{{}, {}, 0, self.dtype(), self.device()}};
}

// median_impl: NaN if any (median only), else the element of rank
// (count - 1) / 2 among the non-NaN values.
template <bool kIgnoreNan> void median_all_kernel(const OpArgs& a, std::span<const Tensor> out) {
  Tensor self = a.tensor(0);
  if (self.dtype() == DType::Bool) dtype_not_implemented("median_cpu", self.dtype());
  if (self.numel() == 0) {
    copy_into(out[0], call_tensor("full", SymIntVector{}, std::numeric_limits<double>::quiet_NaN()));
    return;
  }
  Tensor flat = rows_along(call_tensor("reshape", self, IntVector{-1}), 0);
  tensor::visit_dtype(self.dtype(), [&]<class T>() {
    std::vector<T> v(flat.data<T>(), flat.data<T>() + flat.numel());
    const int64_t nans = std::count_if(v.begin(), v.end(), is_nan<T>);
    if (!kIgnoreNan && nans > 0) {
      *out[0].data<T>() = *std::find_if(v.begin(), v.end(), is_nan<T>);
      return;
    }
    auto median = v.begin() + (static_cast<int64_t>(v.size()) - nans - 1) / 2;
    std::nth_element(v.begin(), median, v.end(),
                     [](T x, T y) { return key(x) < key(y) || (is_nan(y) && !is_nan(x)); });
    *out[0].data<T>() = *median;
  });
}

// MedianBackward0 (evenly_distribute_backward): the gradient shared among
// the elements equal to the result, or among the NaNs when it is NaN.
Grads median_all_backward(const BackwardContext& c, const Grads& g) {
  Tensor self = c.tensor(0), value = c.result();
  bool nan_result = tensor::is_floating(value.dtype()) && value.has_data() &&
                    std::isnan(call_tensor("_to_copy", value, DType::Float64).data<double>()[0]);
  Tensor mask = nan_result ? call_tensor("isnan", self) : call_tensor("eq.Tensor", self, value);
  return {call_tensor("mul.Tensor", mask, call_tensor("div.Tensor", g[0], call_tensor("sum", mask)))};
}

// ---- (values, indices) along one dim: median.dim, nanmedian.dim, kthvalue, mode -----------------------

// The op's name in messages and its dim / keepdim argument positions.
struct SelectArgs {
  const char* name;
  int64_t dim;
  bool keepdim;
};
SelectArgs select_args(const OpArgs& a) {
  const FunctionSchema& s = a.schema();
  const char* name = s.name == "median" ? "median()" : s.name == "nanmedian" ? "nanmedian()"
                     : s.name == "kthvalue" ? "kthvalue()" : "mode()";
  const size_t dim = static_cast<size_t>(s.find_argument("dim")), keep = static_cast<size_t>(s.find_argument("keepdim"));
  return {name, wrap_dim(a.int_(dim), a.tensor(0).dim()), a.bool_(keep)};
}

std::vector<TensorSpec> select_meta(const OpArgs& a) {
  Tensor self = a.tensor(0);
  SelectArgs s = select_args(a);
  if (self.dim() > 0 && (self.sym_size(s.dim) == 0).expect_bool())
    fail_index(std::string(s.name) + ": Expected reduction dim " + std::to_string(s.dim) + " to have non-zero size.");
  if (a.schema().name == "kthvalue") {
    const int64_t k = a.int_(1), n = self.dim() == 0 ? 1 : self.size(s.dim);
    check(k >= 1 && k <= n, "kthvalue(): selected number k out of range for dimension " + std::to_string(s.dim));
  }
  SymIntVector sizes;
  for (int64_t d = 0; d < self.dim(); ++d) {
    if (d != s.dim) sizes.push_back(self.sym_size(d));
    else if (s.keepdim) sizes.push_back(1);
  }
  SymIntVector strides = tensor::contiguous_strides(sizes);
  return {TensorSpec{sizes, strides, 0, self.dtype(), self.device()},
          TensorSpec{sizes, strides, 0, DType::Int64, self.device()}};
}

// median_with_indices_impl: the first NaN (median only), else the element
// of rank (count - 1) / 2 in (value, index) order among the non-NaN values.
template <bool kIgnoreNan> struct MedianSelect {
  template <class T> int64_t operator()(const T* x, int64_t n, const OpArgs&) const {
    if (!kIgnoreNan) {
      const T* nan = std::find_if(x, x + n, is_nan<T>);
      if (nan != x + n) return nan - x;
    }
    std::vector<int64_t> idx(static_cast<size_t>(n));
    std::iota(idx.begin(), idx.end(), 0);
    const int64_t nans = kIgnoreNan ? std::count_if(x, x + n, is_nan<T>) : 0;
    auto nth = idx.begin() + (n - nans - 1) / 2;
    std::nth_element(idx.begin(), nth, idx.end(), [x](int64_t i, int64_t j) {
      return key(x[i]) < key(x[j]) || (key(x[i]) == key(x[j]) && i < j) || (is_nan(x[j]) && !is_nan(x[i]));
    });
    return *nth;
  }
};

// kthvalue: ATen's quick_select_template (median-of-three quickselect, NaN
// greatest) on a copy of the slice, swapping values and indices together.
struct KthSelect {
  template <class T> int64_t operator()(const T* x, int64_t n, const OpArgs& a) const {
    const int64_t k = a.int_(1) - 1;
    using V = std::conditional_t<std::is_same_v<T, bool>, uint8_t, T>; // not vector<bool>'s proxies
    std::vector<V> v(x, x + n);
    std::vector<int64_t> idx(static_cast<size_t>(n));
    std::iota(idx.begin(), idx.end(), 0);
    auto gt = [](V p, V q) { return (is_nan(p) && !is_nan(q)) || key(p) > key(q); };
    auto swap = [&](int64_t i, int64_t j) {
      std::swap(v[i], v[j]);
      std::swap(idx[i], idx[j]);
    };
    int64_t lo = 0, hi = n - 1;
    while (hi > lo) {
      if (hi == lo + 1) {
        if (gt(v[lo], v[hi])) swap(lo, hi);
        break;
      }
      swap(lo + (hi - lo) / 2, lo + 1);
      if (gt(v[lo + 1], v[hi])) swap(lo + 1, hi);
      if (gt(v[lo], v[hi])) swap(lo, hi);
      if (gt(v[lo + 1], v[lo])) swap(lo + 1, lo);
      int64_t i = lo + 1, j = hi;
      const V pivot = v[lo];
      while (true) {
        do ++i;
        while (gt(pivot, v[i]));
        do --j;
        while (gt(v[j], pivot));
        if (j < i) break;
        swap(i, j);
      }
      swap(lo, j);
      if (j <= k) lo = i;
      if (j >= k) hi = j - 1;
    }
    return idx[k];
  }
};

// mode: std::sort of (value, index) by value, then the last element of the
// first longest run of equal values.
struct ModeSelect {
  template <class T> int64_t operator()(const T* x, int64_t n, const OpArgs&) const {
    std::vector<std::pair<T, int64_t>> e(static_cast<size_t>(n));
    for (int64_t i = 0; i < n; ++i) e[i] = {x[i], i};
    std::sort(e.begin(), e.end(), [](const auto& p, const auto& q) { return key(p.first) < key(q.first); });
    int64_t mode = 0, run = 0, best = 0;
    for (int64_t i = 0; i < n; ++i) {
      ++run;
      if (i == n - 1 || key(e[i].first) != key(e[i + 1].first)) {
        if (run > best) {
          mode = e[i].second;
          best = run;
        }
        run = 0;
      }
    }
    return mode;
  }
};

template <class Select> void select_kernel(const OpArgs& a, std::span<const Tensor> out) {
  Tensor self = a.tensor(0);
  if (self.numel() == 0) return;
  const std::string& name = a.schema().name;
  if (self.dtype() == DType::Bool && name != "mode")
    dtype_not_implemented(name == "kthvalue" ? "kthvalue_cpu" : "median_out", self.dtype());
  Tensor rows = rows_along(self, select_args(a).dim);
  const int64_t n = rows.size(1);
  tensor::visit_dtype(self.dtype(), [&]<class T>() {
    const T* x = rows.data<T>();
    T* values = out[0].data<T>();
    int64_t* indices = out[1].data<int64_t>();
    for (int64_t r = 0; r < rows.size(0); ++r) {
      const int64_t i = Select{}(x + r * n, n, a);
      values[r] = x[r * n + i];
      indices[r] = i;
    }
  });
}

// MedianBackward1 / NanmedianBackward1 / KthvalueBackward0 / ModeBackward0:
// the gradient goes to the selected indices.
Grads select_backward(const BackwardContext& c, const Grads& g) {
  OpArgs a = c.args();
  const FunctionSchema& s = a.schema();
  const TensorSpec& self = c.spec_of_arg(0);
  const int64_t nd = static_cast<int64_t>(self.sizes.size());
  const int64_t dim = wrap_dim(a.int_(static_cast<size_t>(s.find_argument("dim"))), nd);
  return {call_tensor("value_selecting_reduction_backward", g[0], dim, c.result(1), self.sizes,
                      a.bool_(static_cast<size_t>(s.find_argument("keepdim"))))};
}

// ---- quantile / nanquantile --------------------------------------------------------------------------

// quantile_compute: sort, turn q into fractional ranks, gather the values
// at floor and ceil of each rank and interpolate as `interpolation` says.
template <bool kIgnoreNan> Value quantile_run(const OpArgs& a) {
  Tensor self = a.tensor(0);
  Tensor q = tensor::is_tensor(a[1]) ? a.tensor(1) : call_tensor("full", SymIntVector{}, a.double_(1), self.dtype());
  std::optional<int64_t> dim = a.optional_int(2);
  const bool keepdim = a.bool_(3);
  const std::string interpolation(a.str(4));
  check(self.numel() > 0, "quantile() input tensor must be non-empty");
  check(q.dim() <= 1, "quantile() q must be a scalar or 1D tensor");
  check(self.dtype() == DType::Float32 || self.dtype() == DType::Float64,
        "quantile() input tensor must be either float or double dtype");
  check(self.dtype() == q.dtype(), "quantile() q tensor must be same dtype as the input tensor");
  const char* modes[] = {"linear", "lower", "higher", "midpoint", "nearest"};
  check(std::find(std::begin(modes), std::end(modes), interpolation) != std::end(modes),
        "quantile() interpolation must be one of linear, lower, higher, midpoint or nearest. Got interpolation=" +
            interpolation);
  const int64_t wrapped = dim ? wrap_dim(*dim, self.dim()) : 0;
  Tensor in_range = call_tensor("all", call_tensor("logical_and", call_tensor("ge.Scalar", q, 0), call_tensor("le.Scalar", q, 1)));
  check(*in_range.data<bool>(), "quantile() q values must be in the range [0, 1]");

  // The output shape (q's size in front), padded with a q slot for a 0-d q.
  SymIntVector out_shape;
  if (dim && self.dim() > 0) {
    for (int64_t i = 0; i < self.dim(); ++i) {
      if (i != wrapped) out_shape.push_back(self.sym_size(i));
      else if (keepdim) out_shape.push_back(1);
    }
  } else if (keepdim) {
    out_shape.assign(static_cast<size_t>(self.dim()), 1);
  }
  out_shape.insert(out_shape.begin(), q.numel());

  // Sorted along the reduced dim (moved last), viewed as (out_shape[1:], n);
  // the ranks then broadcast to (out_shape[1:], q's size).
  Tensor sorted = dim ? call_tensor("transpose.int", call_tensor("unsqueeze", self, -1), wrapped, -1)
                      : call_tensor("flatten.using_ints", self);
  sorted = unpack_tensors(call("sort", sorted))[0];
  SymIntVector in_shape(out_shape.begin() + 1, out_shape.end());
  in_shape.push_back(sorted.sym_size(sorted.dim() - 1));
  sorted = call_tensor("reshape", sorted, in_shape);

  Tensor ranks;
  Tensor isnan = call_tensor("isnan", sorted);
  if (kIgnoreNan) {
    Tensor valid = call_tensor("sum.dim_IntList", call_tensor("logical_not", isnan), IntVector{-1}, true);
    ranks = call_tensor("mul.Tensor", q, call_tensor("sub.Tensor", valid, 1));
    ranks = call_tensor("masked_fill.Scalar", ranks, call_tensor("lt.Scalar", ranks, 0), 0);
  } else {
    const int64_t last = sorted.size(sorted.dim() - 1) - 1;
    Tensor any_nan = call_tensor("any.dim", isnan, -1, true);
    Tensor scaled = call_tensor("mul.Tensor", q, last);
    SymIntVector common = broadcast_shapes(scaled.sym_sizes(), any_nan.sym_sizes());
    ranks = call_tensor("masked_fill.Scalar", call_tensor("expand", scaled, common), call_tensor("expand", any_nan, common),
                        last);
  }
  if (interpolation == "lower") ranks = call_tensor("floor", ranks);
  else if (interpolation == "higher") ranks = call_tensor("ceil", ranks);
  else if (interpolation == "nearest") ranks = call_tensor("round", ranks);
  Tensor below = call_tensor("_to_copy", ranks, DType::Int64);
  Tensor values = call_tensor("gather", sorted, -1, below);
  if (interpolation == "linear" || interpolation == "midpoint") {
    Tensor weights = interpolation == "midpoint" ? call_tensor("full_like", ranks, 0.5)
                                                 : call_tensor("sub.Tensor", ranks, below);
    Tensor above = call_tensor("gather", sorted, -1, call_tensor("_to_copy", call_tensor("ceil", ranks), DType::Int64));
    values = call_tensor("lerp.Tensor", values, above, weights);
  }
  if (q.dim() == 0) return call("squeeze.dim", values, -1);
  return call("squeeze.dim", call_tensor("transpose.int", call_tensor("unsqueeze", values, 0), 0, -1), -1);
}

// ---- unique --------------------------------------------------------------------------------------------

// The groups of equal elements of a 1-d sequence: for each element its
// group, and each group's first element and size.
struct Groups {
  std::vector<int64_t> of, first, size;
};

// _unique2 (CPU: always sorted): elements ordered by value (NaN last, each
// NaN its own group), equal ones grouped.
Value unique2_run(const OpArgs& a) {
  Tensor self = a.tensor(0);
  const bool return_inverse = a.bool_(2), return_counts = a.bool_(3);
  Tensor flat = call_tensor("contiguous", call_tensor("reshape", self, IntVector{-1}));
  const int64_t n = flat.numel();
  std::vector<int64_t> order(static_cast<size_t>(n)), inverse(static_cast<size_t>(n)), counts;
  std::iota(order.begin(), order.end(), 0);
  Tensor output;
  tensor::visit_dtype(self.dtype(), [&]<class T>() {
    const T* x = flat.data<T>();
    std::stable_sort(order.begin(), order.end(), [x](int64_t i, int64_t j) {
      return (!is_nan(x[i]) && is_nan(x[j])) || key(x[i]) < key(x[j]);
    });
    std::vector<T> values;
    for (int64_t i = 0; i < n; ++i) {
      const T v = x[order[i]];
      if (values.empty() || is_nan(v) || key(values.back()) != key(v)) {
        values.push_back(v);
        counts.push_back(0);
      }
      ++counts.back();
      inverse[order[i]] = static_cast<int64_t>(values.size()) - 1;
    }
    output = Tensor::empty(SymIntVector{static_cast<int64_t>(values.size())}, self.dtype(), self.device());
    std::copy(values.begin(), values.end(), output.data<T>());
  });
  Tensor inv = Tensor::empty(return_inverse ? SymIntVector(self.sym_sizes().begin(), self.sym_sizes().end()) : SymIntVector{0}, DType::Int64, self.device());
  if (return_inverse) std::copy(inverse.begin(), inverse.end(), inv.data<int64_t>());
  Tensor cnt = Tensor::empty(SymIntVector{return_counts ? static_cast<int64_t>(counts.size()) : 0}, DType::Int64, self.device());
  if (return_counts) std::copy(counts.begin(), counts.end(), cnt.data<int64_t>());
  return tensor_tuple_value({output, inv, cnt});
}

// Groups the slices of `rows` (a contiguous [m, width] tensor): consecutive
// equal ones when `consecutive`, else all equal ones, in lexicographic order.
Groups group_rows(const Tensor& rows, bool consecutive) {
  const int64_t m = rows.size(0), width = rows.size(1);
  std::vector<int64_t> order(static_cast<size_t>(m));
  std::iota(order.begin(), order.end(), 0);
  Groups g;
  g.of.resize(static_cast<size_t>(m));
  tensor::visit_dtype(rows.dtype(), [&]<class T>() {
    const T* x = rows.data<T>();
    auto row_less = [&](int64_t i, int64_t j) {
      for (int64_t k = 0; k < width; ++k)
        if (key(x[i * width + k]) != key(x[j * width + k])) return key(x[i * width + k]) < key(x[j * width + k]);
      return false;
    };
    auto row_equal = [&](int64_t i, int64_t j) {
      for (int64_t k = 0; k < width; ++k)
        if (key(x[i * width + k]) != key(x[j * width + k])) return false;
      return true;
    };
    if (!consecutive) std::sort(order.begin(), order.end(), row_less);
    for (int64_t i = 0; i < m; ++i) {
      if (i == 0 || !row_equal(order[i - 1], order[i])) {
        g.first.push_back(order[i]);
        g.size.push_back(0);
      }
      ++g.size.back();
      g.of[order[i]] = static_cast<int64_t>(g.first.size()) - 1;
    }
  });
  return g;
}

Tensor long_tensor(const std::vector<int64_t>& v, tensor::Device device) {
  Tensor t = Tensor::empty(SymIntVector{static_cast<int64_t>(v.size())}, DType::Int64, device);
  std::copy(v.begin(), v.end(), t.data<int64_t>());
  return t;
}

// unique_dim / unique_consecutive along a dim: the distinct slices along
// `dim`, their inverse (one per slice) and counts.
Value unique_slices(const Tensor& self, int64_t dim, bool consecutive, bool return_inverse, bool return_counts) {
  dim = wrap_dim(dim, self.dim());
  const int64_t m = self.size(dim);
  int64_t width = 1;
  for (int64_t d = 0; d < self.dim(); ++d)
    if (d != dim) width *= self.size(d);
  Tensor rows = call_tensor("contiguous", call_tensor("reshape", call_tensor("movedim.int", self, dim, 0), IntVector{m, width}));
  Groups g = group_rows(rows, consecutive);
  Tensor output = call_tensor("index_select", self, dim, long_tensor(g.first, self.device()));
  Tensor inv = return_inverse ? long_tensor(g.of, self.device()) : Tensor::empty(SymIntVector{0}, DType::Int64, self.device());
  Tensor cnt = return_counts ? long_tensor(g.size, self.device()) : Tensor::empty(SymIntVector{0}, DType::Int64, self.device());
  return tensor_tuple_value({output, inv, cnt});
}

Value unique_dim_run(const OpArgs& a) {
  return unique_slices(a.tensor(0), a.int_(1), false, a.bool_(3), a.bool_(4));
}

// unique_consecutive without a dim: runs of equal elements of the flattened tensor.
Value unique_consecutive_run(const OpArgs& a) {
  Tensor self = a.tensor(0);
  const bool return_inverse = a.bool_(1), return_counts = a.bool_(2);
  if (std::optional<int64_t> dim = a.optional_int(3); dim && self.dim() > 0)
    return unique_slices(self, *dim, true, return_inverse, return_counts);
  Tensor flat = call_tensor("contiguous", call_tensor("reshape", self, IntVector{-1, 1}));
  Groups g = group_rows(flat, true);
  Tensor output = call_tensor("index_select", call_tensor("reshape", self, IntVector{-1}), 0, long_tensor(g.first, self.device()));
  Tensor inv = return_inverse ? call_tensor("view", long_tensor(g.of, self.device()), self.sym_sizes())
                              : Tensor::empty(SymIntVector{0}, DType::Int64, self.device());
  Tensor cnt = return_counts ? long_tensor(g.size, self.device()) : Tensor::empty(SymIntVector{0}, DType::Int64, self.device());
  return tensor_tuple_value({output, inv, cnt});
}

// ---- bincount / histc ------------------------------------------------------------------------------------

// _bincount_cpu_template: counts (or summed weights: float32 weights in
// float32, others in float64) of each value of a 1-d non-negative integer tensor.
Value bincount_run(const OpArgs& a) {
  Tensor self = a.tensor(0), weights = a.optional_tensor(1);
  const int64_t minlength = a.int_(2);
  if (!tensor::is_integral(self.dtype()) || self.dtype() == DType::Bool) dtype_not_implemented("bincount_cpu", self.dtype());
  check(minlength >= 0, "minlength should be >= 0");
  if (self.dim() == 1 && self.numel() == 0) return call("zeros", SymIntVector{minlength}, DType::Int64);
  Tensor values = call_tensor("_to_copy", call_tensor("contiguous", self), DType::Int64);
  const int64_t* x = values.data<int64_t>();
  check(self.dim() == 1 && *std::min_element(x, x + values.numel()) >= 0,
        "bincount only supports 1-d non-negative integral inputs.");
  check(!weights.defined() || (weights.dim() == 1 && weights.size(0) == self.size(0)),
        "weights should be 1-d and have the same length as input");
  const int64_t bins = std::max(*std::max_element(x, x + values.numel()) + 1, minlength);
  if (!weights.defined()) {
    Tensor out = call_tensor("zeros", SymIntVector{bins}, DType::Int64);
    for (int64_t i = 0; i < values.numel(); ++i) ++out.data<int64_t>()[x[i]];
    return out.to_value();
  }
  const DType dtype = weights.dtype() == DType::Float32 ? DType::Float32 : DType::Float64;
  Tensor w = call_tensor("contiguous", call_tensor("_to_copy", weights, dtype));
  Tensor out = call_tensor("zeros", SymIntVector{bins}, dtype);
  tensor::visit_dtype(dtype, [&]<class T>() {
    if constexpr (std::is_floating_point_v<T>)
      for (int64_t i = 0; i < values.numel(); ++i) out.data<T>()[x[i]] += w.data<T>()[i];
  });
  return out.to_value();
}

std::vector<TensorSpec> histc_meta(const OpArgs& a) {
  Tensor self = a.tensor(0);
  const int64_t bins = a.int_(1);
  check(bins > 0, "torch.histc(): bins must be > 0, but got " + std::to_string(bins) + " for dimension 0");
  return {TensorSpec{{bins}, {1}, 0, self.dtype(), self.device()}};
}

// histogramdd's linear-interpolation kernel for one dimension: the bin of
// each element in [min, max] (the input's range when min == max), the last
// bin closed on the right.
void histc_kernel(const OpArgs& a, std::span<const Tensor> out) {
  Tensor self = a.tensor(0);
  if (!tensor::is_floating(self.dtype())) dtype_not_implemented("histogram_histc_cpu", self.dtype());
  const int64_t bins = a.int_(1);
  double lo = a.scalar(2).to_double(), hi = a.scalar(3).to_double();
  Tensor flat = call_tensor("contiguous", call_tensor("reshape", self, IntVector{-1}));
  tensor::visit_dtype(self.dtype(), [&]<class T>() {
    if constexpr (!std::is_integral_v<T>) {
      const T* x = flat.data<T>();
      const int64_t n = flat.numel();
      if (lo == hi && n > 0) {
        lo = hi = static_cast<double>(x[0]);
        for (int64_t i = 0; i < n; ++i) {
          lo = std::min(lo, static_cast<double>(x[i]));
          hi = std::max(hi, static_cast<double>(x[i]));
        }
      }
      if (lo == hi) {
        lo -= 1;
        hi += 1;
      }
      check(!(std::isinf(lo) || std::isinf(hi) || std::isnan(lo) || std::isnan(hi)),
            "torch.histc: range of [" + std::to_string(lo) + ", " + std::to_string(hi) + "] is not finite");
      check(lo < hi, "torch.histc: max must be larger than min");
      using A = std::conditional_t<std::is_same_v<T, double>, double, float>;
      const A left = static_cast<A>(static_cast<T>(lo)), right = static_cast<A>(static_cast<T>(hi));
      T* h = out[0].data<T>();
      std::fill(h, h + bins, T(0));
      for (int64_t i = 0; i < n; ++i) {
        const A v = static_cast<A>(x[i]);
        if (!(v >= left && v <= right)) continue;
        int64_t pos = static_cast<int64_t>((v - left) * static_cast<A>(bins) / (right - left));
        if (pos == bins) pos -= 1;
        h[pos] = static_cast<T>(static_cast<A>(h[pos]) + A(1));
      }
    }
  });
}

} // namespace

void register_sort_reduction_ops(OpRegistry& r) {
  r.def("median(Tensor self) -> Tensor").method().structured(median_all_meta, median_all_kernel<false>)
      .derivative("MedianBackward0", median_all_backward).saves({"self"}).saves_result();
  r.def("median.dim(Tensor self, int dim, bool keepdim=False) -> (Tensor values, Tensor indices)").method()
      .structured(select_meta, select_kernel<MedianSelect<false>>).derivative("MedianBackward1", select_backward)
      .saves_results({1});
  r.def("nanmedian(Tensor self) -> Tensor").method().structured(median_all_meta, median_all_kernel<true>)
      .derivative("NanmedianBackward0", median_all_backward).saves({"self"}).saves_result();
  r.def("nanmedian.dim(Tensor self, int dim, bool keepdim=False) -> (Tensor values, Tensor indices)").method()
      .structured(select_meta, select_kernel<MedianSelect<true>>).derivative("NanmedianBackward1", select_backward)
      .saves_results({1});
  r.def("kthvalue(Tensor self, int k, int dim=-1, bool keepdim=False) -> (Tensor values, Tensor indices)").method()
      .structured(select_meta, select_kernel<KthSelect>).derivative("KthvalueBackward0", select_backward).saves_results({1});
  r.def("mode(Tensor self, int dim=-1, bool keepdim=False) -> (Tensor values, Tensor indices)").method()
      .structured(select_meta, select_kernel<ModeSelect>).derivative("ModeBackward0", select_backward).saves_results({1});

  r.def("quantile(Tensor self, Tensor q, int? dim=None, bool keepdim=False, *, str interpolation='linear') -> Tensor")
      .method().composite(quantile_run<false>);
  r.def("quantile.scalar(Tensor self, float q, int? dim=None, bool keepdim=False, *, str interpolation='linear') -> Tensor")
      .method().composite(quantile_run<false>);
  r.def("nanquantile(Tensor self, Tensor q, int? dim=None, bool keepdim=False, *, str interpolation='linear') -> Tensor")
      .method().composite(quantile_run<true>);
  r.def("nanquantile.scalar(Tensor self, float q, int? dim=None, bool keepdim=False, *, str interpolation='linear') -> Tensor")
      .method().composite(quantile_run<true>);

  // torch.unique / torch.unique_consecutive are Python functions over these (_functional_extra.py).
  r.def("_unique2(Tensor self, bool sorted=True, bool return_inverse=False, bool return_counts=False) -> (Tensor, Tensor, Tensor)")
      .custom(unique2_run);
  r.def("unique_dim(Tensor self, int dim, bool sorted=True, bool return_inverse=False, bool return_counts=False) -> (Tensor, Tensor, Tensor)")
      .custom(unique_dim_run);
  r.def("unique_consecutive(Tensor self, bool return_inverse=False, bool return_counts=False, int? dim=None) -> (Tensor, Tensor, Tensor)")
      .hidden().custom(unique_consecutive_run);

  r.def("bincount(Tensor self, Tensor? weights=None, SymInt minlength=0) -> Tensor").method().custom(bincount_run);
  r.def("histc(Tensor self, int bins=100, Scalar min=0, Scalar max=0) -> Tensor").method()
      .structured(histc_meta, histc_kernel);
}

} // namespace refc::ops
