// Sorting and searching: sort / argsort / msort / topk, and searchsorted /
// bucketize on sorted sequences. sort and topk make ATen's std::sort /
// std::stable_sort / std::partial_sort / std::nth_element calls, so even ties
// come out in PyTorch's order.
#include "reference_compiler/ops/index_support.h"

namespace refc::ops {

namespace {

using namespace indexing;

// ---- searchsorted / bucketize ---------------------------------------------------------------------------

// searchsorted(sorted_sequence, self, *, out_int32, right, side, sorter): for each
// value, ATen's binary search for the first boundary >= it (> it when right).
struct Search {
  Tensor boundaries, values, sorter;
  bool right, out_int32;
};
Search search_args(const OpArgs& a) {
  Search s{a.tensor(0), a.is_number(1) ? wrapped_number_tensor(a.scalar(1)) : a.tensor(1), a.optional_tensor(5),
           a.bool_(3), a.bool_(2)};
  std::optional<std::string_view> side = a.optional_str(4);
  check(!(side && *side == "left" && s.right),
        "torch.searchsorted(): side and right can't be set to opposites, got side of left while right was True");
  check(!side || *side == "left" || *side == "right",
        "torch.searchsorted(): side can only be 'left' or 'right' but got " + std::string(side.value_or("")));
  s.right = s.right || (side && *side == "right");
  const Tensor &b = s.boundaries, &v = s.values;
  check(b.dim() != 0, "torch.searchsorted(): boundaries tensor should have positive dimension, but got 0 dimension");
  check(v.dim() > 0 || b.dim() == 1,
        "torch.searchsorted(): input value can be a scalar only when boundaries tensor dimension is 1, but we got "
        "boundaries tensor dim(" + std::to_string(b.dim()) + ") and input value's dim(" + std::to_string(v.dim()) +
            ") numel(" + std::to_string(v.numel()) + ")");
  bool leading_match = b.dim() == v.dim();
  for (int64_t d = 0; leading_match && d + 1 < b.dim(); ++d) leading_match = b.size(d) == v.size(d);
  check(b.dim() == 1 || leading_match,
        "torch.searchsorted(): boundaries tensor should be 1 dimension or the first N-1 dimensions of boundaries tensor "
        "and input value tensor must match, but we got boundaries tensor " + shape_str(b.sym_sizes()) +
            " and input value tensor " + shape_str(v.sym_sizes()));
  if (s.sorter.defined()) {
    check(s.sorter.dtype() == DType::Int64, "torch.searchsorted(): sorter must be a tensor of long dtype but got dtype " +
                                                std::string(tensor::scalar_type_name(s.sorter.dtype())));
    check(s.sorter.sym_sizes().size() == b.sym_sizes().size() &&
              std::equal(b.sizes().begin(), b.sizes().end(), s.sorter.sizes().begin()),
          "torch.searchsorted(): boundary and sorter must have the same size, but got boundary tensor " +
              shape_str(b.sym_sizes()) + "and got sorter tensor " + shape_str(s.sorter.sym_sizes()));
  }
  return s;
}
std::vector<TensorSpec> searchsorted_meta(const OpArgs& a) {
  Search s = search_args(a);
  return {contiguous_spec(sizes_of(s.values), s.out_int32 ? DType::Int32 : DType::Int64, s.values)};
}
void searchsorted_kernel(const OpArgs& a, std::span<const Tensor> out) {
  Search s = search_args(a);
  const DType common = tensor::promote_types(s.boundaries.dtype(), s.values.dtype());
  Tensor b = contiguous(to_dtype(s.boundaries, common)), v = contiguous(to_dtype(s.values, common));
  Tensor sorter = s.sorter.defined() ? contiguous(s.sorter) : Tensor();
  const int64_t len = b.dim() == 0 ? 1 : b.size(b.dim() - 1);
  const int64_t per_row = b.dim() == 1 ? v.numel() : (v.dim() == 0 ? 1 : v.size(v.dim() - 1));
  tensor::visit_dtype(common, [&]<class T>() {
    const T* bd = b.data<T>();
    const int64_t* st = sorter.defined() ? sorter.data<int64_t>() : nullptr;
    for (int64_t i = 0; i < v.numel(); ++i) {
      const T val = v.data<T>()[i];
      const int64_t row = b.dim() == 1 ? 0 : i / per_row;
      int64_t lo = 0, hi = len;
      while (lo < hi) {
        const int64_t mid = lo + ((hi - lo) >> 1);
        const T m = st ? bd[row * len + st[row * len + mid]] : bd[row * len + mid];
        const bool go_right = s.right ? !(m > val) : !(m >= val);
        if (go_right) lo = mid + 1;
        else hi = mid;
      }
      if (s.out_int32) out[0].data<int32_t>()[i] = static_cast<int32_t>(lo);
      else out[0].data<int64_t>()[i] = lo;
    }
  });
}
// bucketize(self, boundaries, *, out_int32, right) = searchsorted(boundaries, self, ...).
Value bucketize_run(const OpArgs& a) {
  Tensor boundaries = a.tensor(1);
  check(boundaries.dim() == 1, "boundaries tensor must be 1 dimension, but got dim(" + std::to_string(boundaries.dim()) + ")");
  return call(a.is_number(0) ? "searchsorted.Scalar" : "searchsorted.Tensor", boundaries, a[0], a[2], a[3]);
}

// ---- sort / topk -------------------------------------------------------------------------------------------

// The comparison type ATen sorts in (acc_type: float -> double, 16-bit floats -> float).
template <class T>
using SortKey = std::conditional_t<std::is_same_v<T, float> || std::is_same_v<T, double>, double,
                                   std::conditional_t<std::is_floating_point_v<T> || std::is_same_v<T, tensor::Half> ||
                                                          std::is_same_v<T, tensor::BFloat16>,
                                                      float, T>>;
template <class K> bool is_nan_key(K v) {
  if constexpr (std::is_floating_point_v<K>) return std::isnan(v);
  else return false;
}
// NaN sorts above everything, as in ATen.
template <class K> bool less_nan_last(K x, K y) { return (!is_nan_key(x) && is_nan_key(y)) || x < y; }
template <class K> bool greater_nan_first(K x, K y) { return (is_nan_key(x) && !is_nan_key(y)) || x > y; }

// Runs f(in_offset, out_offsets..., length, in_step, out_step) for every 1-d slice along `dim`.
template <class F> void for_each_slice(const Tensor& in, const Tensor& out, int64_t dim, F&& f) {
  IntVector sizes, is, os;
  for (int64_t d = 0; d < in.dim(); ++d)
    if (d != dim) {
      sizes.push_back(in.size(d));
      is.push_back(in.stride(d));
      os.push_back(out.stride(d));
    }
  for_each_position<2>(sizes, {is, os}, [&](const std::array<int64_t, 2>& off) { f(off[0], off[1]); });
}

std::vector<TensorSpec> sort_meta(const OpArgs& a) {
  Tensor self = a.tensor(0);
  const bool stable_overload = a.schema().overload == "stable";
  wrap_dim(a.int_(stable_overload ? 2 : 1), self.dim());
  SymIntVector sizes = sizes_of(self);
  SymIntVector strides = layout_following_strides(sizes, std::span<const Tensor>(&self, 1));
  return {TensorSpec{sizes, strides, 0, self.dtype(), self.device()},
          TensorSpec{sizes, strides, 0, DType::Int64, self.device()}};
}
void sort_kernel(const OpArgs& a, std::span<const Tensor> out) {
  Tensor self = a.tensor(0);
  const bool stable_overload = a.schema().overload == "stable";
  const int64_t dim = self.dim() == 0 ? 0 : wrap_dim(a.int_(stable_overload ? 2 : 1), self.dim());
  const bool descending = a.bool_(stable_overload ? 3 : 2);
  // ATen: std::stable_sort when asked for, else std::sort (ties in its order).
  const bool stable = stable_overload && a.optional_bool(1).value_or(false);
  if (self.dim() == 0) {
    copy_into(out[0], self);
    *out[1].data<int64_t>() = 0;
    return;
  }
  const int64_t n = self.size(dim);
  tensor::visit_dtype(self.dtype(), [&]<class T>() {
    using K = SortKey<T>;
    std::vector<std::pair<K, int64_t>> row(static_cast<size_t>(n));
    const int64_t is = self.stride(dim), vs = out[0].stride(dim), ix = out[1].stride(dim);
    for_each_slice(self, out[0], dim, [&](int64_t in_off, int64_t out_off) {
      for (int64_t j = 0; j < n; ++j) row[j] = {static_cast<K>(at<T>(self, in_off + j * is)), j};
      auto run = [&](auto cmp) {
        if (is == 0) return; // an expanded dim: all equal, left in order
        if (stable) std::stable_sort(row.begin(), row.end(), cmp);
        else std::sort(row.begin(), row.end(), cmp);
      };
      if (descending) run([](const auto& x, const auto& y) { return greater_nan_first(x.first, y.first); });
      else run([](const auto& x, const auto& y) { return less_nan_last(x.first, y.first); });
      for (int64_t j = 0; j < n; ++j) {
        at<T>(out[0], out_off + j * vs) = at<T>(self, in_off + row[j].second * is);
        out[1].data<int64_t>()[out_off + j * ix] = row[j].second;
      }
    });
  });
}
// value_selecting_reduction_backward with keepdim: scatter the gradient back at the indices.
Grads select_values_backward(const BackwardContext& c, const Grads& g, int64_t dim_arg) {
  const TensorSpec& self = c.spec_of_arg(0);
  Tensor zeros = call_tensor("zeros", self.sizes, g[0].dtype());
  const int64_t dim = self.sizes.empty() ? 0 : wrap_dim(c.args().int_(dim_arg), static_cast<int64_t>(self.sizes.size()));
  return {call_tensor("scatter.src", zeros, dim, c.result(1), g[0])};
}
Grads sort_backward(const BackwardContext& c, const Grads& g) { return select_values_backward(c, g, 1); }
Grads sort_stable_backward(const BackwardContext& c, const Grads& g) { return select_values_backward(c, g, 2); }

Value argsort_run(const OpArgs& a) { return unpack_tensors(call("sort", a[0], a[1], a[2]))[1].to_value(); }
Value argsort_stable_run(const OpArgs& a) {
  return unpack_tensors(call("sort.stable", a[0], a[1], a[2], a[3]))[1].to_value();
}
Value msort_run(const OpArgs& a) { return unpack_tensors(call("sort", a[0], int64_t{0}, false))[0].to_value(); }

std::vector<TensorSpec> topk_meta(const OpArgs& a) {
  Tensor self = a.tensor(0);
  const int64_t k = a.int_(1), dim = self.dim() == 0 ? 0 : wrap_dim(a.int_(2), self.dim());
  check(k >= 0 && k <= (self.dim() > 0 ? self.size(dim) : 1), "selected index k out of range");
  check(self.dtype() != DType::Bool, "topk does not support bool dtypes on CPU");
  SymIntVector sizes = sizes_of(self);
  if (!sizes.empty()) sizes[dim] = k;
  return {contiguous_spec(sizes, self.dtype(), self), contiguous_spec(sizes, DType::Int64, self)};
}
// ATen's topk_impl_loop: partial_sort for small k, else nth_element (+ sort of
// the first k - 1 when sorted), comparing (value, index) pairs by value only.
void topk_kernel(const OpArgs& a, std::span<const Tensor> out) {
  Tensor self = a.tensor(0);
  const int64_t k = a.int_(1), dim = self.dim() == 0 ? 0 : wrap_dim(a.int_(2), self.dim());
  const bool largest = a.bool_(3), sorted = a.bool_(4);
  if (k == 0) return;
  if (self.dim() == 0) {
    copy_into(out[0], self);
    *out[1].data<int64_t>() = 0;
    return;
  }
  const int64_t n = self.size(dim);
  tensor::visit_dtype(self.dtype(), [&]<class T>() {
    if constexpr (!std::is_same_v<T, bool>) {
      using K = SortKey<T>;
      using Elem = std::pair<K, int64_t>;
      std::vector<Elem> queue(static_cast<size_t>(n));
      auto cmp_large = [](const Elem& x, const Elem& y) { return greater_nan_first(x.first, y.first); };
      auto cmp_small = [](const Elem& x, const Elem& y) { return less_nan_last(x.first, y.first); };
      const int64_t is = self.stride(dim), vs = out[0].stride(dim), ix = out[1].stride(dim);
      for_each_slice(self, out[0], dim, [&](int64_t in_off, int64_t out_off) {
        for (int64_t j = 0; j < n; ++j) queue[j] = {static_cast<K>(at<T>(self, in_off + j * is)), j};
        auto run = [&](auto cmp) {
          if (k * 64 <= n) {
            std::partial_sort(queue.begin(), queue.begin() + k, queue.end(), cmp);
          } else {
            std::nth_element(queue.begin(), queue.begin() + k - 1, queue.end(), cmp);
            if (sorted) std::sort(queue.begin(), queue.begin() + k - 1, cmp);
          }
        };
        if (largest) run(cmp_large);
        else run(cmp_small);
        // Output rows of out[1] share out[0]'s layout (both contiguous).
        for (int64_t j = 0; j < k; ++j) {
          at<T>(out[0], out_off + j * vs) = static_cast<T>(queue[j].first);
          out[1].data<int64_t>()[out_off + j * ix] = queue[j].second;
        }
      });
    }
  });
}
Grads topk_backward(const BackwardContext& c, const Grads& g) { return select_values_backward(c, g, 2); }

} // namespace

void register_sort_ops(OpRegistry& r) {
  r.def("searchsorted.Tensor(Tensor sorted_sequence, Tensor self, *, bool out_int32=False, bool right=False, "
        "str? side=None, Tensor? sorter=None) -> Tensor").structured(searchsorted_meta, searchsorted_kernel);
  r.def("searchsorted.Scalar(Tensor sorted_sequence, Scalar self, *, bool out_int32=False, bool right=False, "
        "str? side=None, Tensor? sorter=None) -> Tensor").structured(searchsorted_meta, searchsorted_kernel);
  r.def("bucketize.Tensor(Tensor self, Tensor boundaries, *, bool out_int32=False, bool right=False) -> Tensor")
      .composite(bucketize_run);
  r.def("bucketize.Scalar(Scalar self, Tensor boundaries, *, bool out_int32=False, bool right=False) -> Tensor")
      .composite(bucketize_run);
  r.def("sort(Tensor self, int dim=-1, bool descending=False) -> (Tensor values, Tensor indices)").method()
      .structured(sort_meta, sort_kernel).derivative("SortBackward0", sort_backward).saves_results({1});
  r.def("sort.stable(Tensor self, *, bool? stable, int dim=-1, bool descending=False) -> (Tensor values, Tensor indices)")
      .method().structured(sort_meta, sort_kernel).derivative("SortBackward1", sort_stable_backward).saves_results({1});
  r.def("argsort(Tensor self, int dim=-1, bool descending=False) -> Tensor").method().composite(argsort_run);
  r.def("argsort.stable(Tensor self, *, bool stable, int dim=-1, bool descending=False) -> Tensor").method()
      .composite(argsort_stable_run);
  r.def("msort(Tensor self) -> Tensor").method().composite(msort_run);
  r.def("topk(Tensor self, SymInt k, int dim=-1, bool largest=True, bool sorted=True) -> (Tensor values, Tensor indices)")
      .method().structured(topk_meta, topk_kernel).derivative("TopkBackward0", topk_backward).saves_results({1});
}

} // namespace refc::ops
