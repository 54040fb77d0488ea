// Indexing ops: index_select / index_add / index_copy / index_fill /
// take_along_dim, advanced indexing (index.Tensor, index_put and its in-place
// forms, which Python's x[idx] and x[idx] = v go through), take / put, and
// embedding with its dense backward. Gather and scatter are scatter_ops.cpp,
// the masked ops and nonzero masked_ops.cpp, sort and search sort_ops.cpp.
//
// Kernels visit positions in the order ATen's CPU kernels do, so duplicate
// indices resolve as in PyTorch (the last write wins, sums accumulate in
// order): index_put walks the indexing result in row-major order.
#include "reference_compiler/ops/index_support.h"

namespace refc::ops {

namespace {

using namespace indexing;

// ---- index_select / index_add / index_copy / index_fill -------------------------------------------------

// The (at most 1-d) index tensor's values; negative ones wrap when `wrap`,
// anything else out of [0, bound) fails with `oob(value)`.
template <class Oob> IntVector index_values(const Tensor& index, int64_t bound, bool wrap, Oob&& oob) {
  IntVector v(static_cast<size_t>(index.numel()));
  const int64_t step = index.dim() == 0 ? 0 : index.stride(0);
  for (int64_t i = 0; i < index.numel(); ++i) {
    int64_t x = index_at(index, i * step);
    if (wrap && x < 0 && x >= -bound) x += bound;
    if (x < 0 || x >= bound) oob(index_at(index, i * step));
    v[i] = x;
  }
  return v;
}
IntVector index_values(const Tensor& index, int64_t bound) {
  return index_values(index, bound, false, [](int64_t) { fail_index("index out of range in self"); });
}
IntVector iota(size_t n) {
  IntVector v(n);
  std::iota(v.begin(), v.end(), 0);
  return v;
}

// f(dst element, src element) over slice dst_rows[i] of dst and slice
// src_rows[i] of src along `dim`, for i in order (a 0-d tensor is one slice).
template <class T, class F>
void walk_slices(const Tensor& dst, const IntVector& dst_rows, const Tensor& src, const IntVector& src_rows, int64_t dim,
                 F&& f) {
  IntVector sizes, ds, ss;
  for (int64_t d = 0; d < dst.dim(); ++d)
    if (d != dim) {
      sizes.push_back(dst.size(d));
      ds.push_back(dst.stride(d));
      ss.push_back(src.dim() == 0 ? 0 : src.stride(d));
    }
  const int64_t dstep = dst.dim() == 0 ? 0 : dst.stride(dim), sstep = src.dim() == 0 ? 0 : src.stride(dim);
  for (size_t i = 0; i < dst_rows.size(); ++i) {
    const int64_t dbase = dst_rows[i] * dstep, sbase = src_rows[i] * sstep;
    for_each_position<2>(sizes, {ds, ss}, [&](const std::array<int64_t, 2>& off) {
      f(at<T>(dst, dbase + off[0]), at<T>(src, sbase + off[1]));
    });
  }
}

std::vector<TensorSpec> index_select_meta(const OpArgs& a) {
  Tensor self = a.tensor(0), index = a.tensor(2);
  if (index.dim() > 1) fail_index("index_select(): Index is supposed to be a vector");
  check(!(self.dim() == 0 && index.numel() != 1), "index_select(): Index to scalar can have only 1 value, got " +
                                                      std::to_string(index.numel()) + " value(s)");
  check(is_index_dtype(index.dtype()), "index_select(): Expected dtype int32 or int64 for index");
  const int64_t dim = wrap_dim(a.int_(1), self.dim());
  SymIntVector sizes = sizes_of(self);
  if (self.dim() > 0) sizes[dim] = index.numel();
  return {contiguous_spec(std::move(sizes), self.dtype(), self)};
}
void index_select_kernel(const OpArgs& a, std::span<const Tensor> out) {
  Tensor self = a.tensor(0), index = a.tensor(2);
  const int64_t dim = wrap_dim(a.int_(1), self.dim());
  IntVector rows = index_values(index, size_or_one(self, dim));
  tensor::visit_dtype(self.dtype(), [&]<class T>() {
    walk_slices<T>(out[0], iota(rows.size()), self, rows, dim, [](T& d, const T& s) { d = s; });
  });
}
// The gradients' zeros are grad.new_zeros(self's sizes), as FunctionsManual makes them.
Grads index_select_backward(const BackwardContext& c, const Grads& g) {
  Tensor zeros = call_tensor("new_zeros", g[0], c.spec_of_arg(0).sizes);
  return {call_tensor("index_add", zeros, c.args().int_(1), c.tensor(2), g[0])};
}

// index_add / index_copy(self, dim, index, source): source slice i goes to slice index[i].
std::vector<TensorSpec> index_add_meta(const OpArgs& a) {
  Tensor self = a.tensor(0), index = a.tensor(2), source = a.tensor(3);
  const int64_t dim = wrap_dim(a.int_(1), self.dim());
  check(index.dim() <= 1, "index_add_(): Index is supposed to be a vector");
  check(is_index_dtype(index.dtype()), "index_add_(): Expected dtype int32/int64 for index");
  check(self.dtype() == source.dtype(), "index_add_(): self (" + std::string(tensor::scalar_type_name(self.dtype())) +
                                            ") and source (" + std::string(tensor::scalar_type_name(source.dtype())) +
                                            ") must have the same scalar type");
  check(dims_of(source) == dims_of(self) || source.dim() == 0,
        "index_add_(): Source/destination tensor must have same number of dimensions");
  const int64_t n = source.dim() == 0 ? 1 : source.size(dim);
  check(index.numel() == n, "index_add_(): Number of indices (" + std::to_string(index.numel()) +
                                ") should be equal to source.size(dim) (" + std::to_string(n) + ")");
  return {contiguous_spec(sizes_of(self), self.dtype(), self)};
}
void index_add_kernel(const OpArgs& a, std::span<const Tensor> out) {
  Tensor self = a.tensor(0), index = a.tensor(2), source = a.tensor(3);
  const int64_t dim = wrap_dim(a.int_(1), self.dim());
  if (!self.is_same(out[0])) copy_into(out[0], self);
  IntVector rows = index_values(index, size_or_one(out[0], dim));
  tensor::visit_dtype(self.dtype(), [&]<class T>() {
    const T alpha = a.scalar(4).to<T>();
    walk_slices<T>(out[0], rows, source, iota(rows.size()), dim, [alpha](T& d, const T& s) {
      if constexpr (std::is_same_v<T, bool>) d = d || (alpha && s);
      else d = static_cast<T>(d + alpha * s);
    });
  });
}
// The gradient of a source indexed into `dim`: the selected slices, shaped like the source.
Tensor selected_source_grad(const BackwardContext& c, const Tensor& grad, int64_t dim, const Tensor& index) {
  const TensorSpec& src = c.spec_of_arg(3);
  Tensor sel = call_tensor("index_select", grad, dim, index);
  return src.sizes.empty() ? call_tensor("reshape", sel, SymIntVector{}) : call_tensor("expand", sel, src.sizes);
}
Grads index_add_backward(const BackwardContext& c, const Grads& g) {
  OpArgs a = c.args();
  Grads out(3);
  if (c.needs_grad_of_arg(0)) out[0] = g[0];
  if (c.needs_grad_of_arg(3)) {
    Tensor sel = selected_source_grad(c, g[0], a.int_(1), c.tensor(2));
    out[2] = a.scalar(4).to_double() == 1 ? sel : call_tensor("mul.Tensor", sel, a.scalar(4));
  }
  return out;
}

std::vector<TensorSpec> index_copy_meta(const OpArgs& a) {
  Tensor self = a.tensor(0), index = a.tensor(2), source = a.tensor(3);
  const int64_t dim = wrap_dim(a.int_(1), self.dim());
  if (index.dim() >= 2)
    fail_index("index_copy_(): Index should have dimension 1 or 0 (got " + std::to_string(index.dim()) + ")");
  if (source.dim() == 0 && index.numel() != 1)
    fail_index("index_copy_(): When source is scalar, index should have one element (got " +
               std::to_string(index.numel()) + ")");
  if (source.dim() != self.dim() && source.dim() != 0 && self.dim() != 0)
    fail_index("index_copy_(): When source and destination are not scalars, their dimensionality must match. Source "
               "dimensionality (" + std::to_string(source.dim()) + "), destination dimensionality (" +
               std::to_string(self.dim()) + ")");
  check(index.dtype() == DType::Int64, "index_copy_(): Expected a long tensor for index, but got " +
                                           std::string(tensor::scalar_type_name(index.dtype())));
  check(self.dtype() == source.dtype(), "index_copy_(): self and source expected to have the same dtype, but got (self) " +
                                            std::string(tensor::scalar_type_name(self.dtype())) + " and (source) " +
                                            std::string(tensor::scalar_type_name(source.dtype())));
  const int64_t n = source.dim() == 0 ? 1 : source.size(dim);
  check(index.numel() == n, "index_copy_(): Number of indices (" + std::to_string(index.numel()) +
                                ") should be equal to source.size(dim) (" + std::to_string(n) + ")");
  return {contiguous_spec(sizes_of(self), self.dtype(), self)};
}
void index_copy_kernel(const OpArgs& a, std::span<const Tensor> out) {
  Tensor self = a.tensor(0), index = a.tensor(2), source = a.tensor(3);
  const int64_t dim = wrap_dim(a.int_(1), self.dim()), bound = size_or_one(self, dim);
  if (!self.is_same(out[0])) copy_into(out[0], self);
  IntVector rows = index_values(index, bound, false, [&](int64_t idx) {
    fail_index("index_copy_(): index " + std::to_string(idx) + " is out of bounds for dimension " + std::to_string(dim) +
               " with size " + std::to_string(bound));
  });
  tensor::visit_dtype(self.dtype(), [&]<class T>() {
    walk_slices<T>(out[0], rows, source, iota(rows.size()), dim, [](T& d, const T& s) { d = s; });
  });
}
Grads index_copy_backward(const BackwardContext& c, const Grads& g) {
  OpArgs a = c.args();
  Grads out(3);
  if (c.needs_grad_of_arg(0)) out[0] = call_tensor("index_fill.int_Scalar", g[0], a.int_(1), c.tensor(2), int64_t{0});
  if (c.needs_grad_of_arg(3)) out[2] = selected_source_grad(c, g[0], a.int_(1), c.tensor(2));
  return out;
}

// index_fill(self, dim, index, value): slices index[i] set to value (a Scalar or 0-d tensor).
std::vector<TensorSpec> index_fill_meta(const OpArgs& a) {
  Tensor self = a.tensor(0), index = a.tensor(2);
  wrap_dim(a.int_(1), self.dim());
  check(index.dtype() == DType::Int64, "index_fill_(): Expected dtype int64 for index.");
  if (index.dim() > 1) fail_index("index_fill_(): Index is supposed to be a vector");
  if (!a.is_number(3)) {
    Tensor value = a.tensor(3);
    check(value.dim() == 0, "index_fill_ only supports a 0-dimensional value tensor, but got tensor with " +
                                std::to_string(value.dim()) + " dimension(s).");
  }
  return {contiguous_spec(sizes_of(self), self.dtype(), self)};
}
void index_fill_kernel(const OpArgs& a, std::span<const Tensor> out) {
  Tensor self = a.tensor(0), index = a.tensor(2);
  const int64_t dim = wrap_dim(a.int_(1), self.dim()), bound = size_or_one(self, dim);
  if (!self.is_same(out[0])) copy_into(out[0], self);
  IntVector rows = index_values(index, bound, true, [&](int64_t idx) {
    fail_index("index " + std::to_string(idx) + " is out of bounds for dimension " + std::to_string(dim) +
               " with size " + std::to_string(bound));
  });
  Tensor value = to_dtype(a.is_number(3) ? wrapped_number_tensor(a.scalar(3)) : a.tensor(3), out[0].dtype());
  tensor::visit_dtype(out[0].dtype(), [&]<class T>() {
    walk_slices<T>(out[0], rows, value, IntVector(rows.size(), 0), dim, [](T& d, const T& v) { d = v; });
  });
}
Grads index_fill_backward(const BackwardContext& c, const Grads& g) {
  OpArgs a = c.args();
  Grads out(c.input_specs.size());
  Tensor index = c.tensor(2);
  if (c.needs_grad_of_arg(0)) out[0] = call_tensor("index_fill.int_Scalar", g[0], a.int_(1), index, int64_t{0});
  if (out.size() > 2 && c.needs_grad_of_arg(3)) {
    // Each filled slice counts once, however often its index repeats.
    Tensor idx = contiguous(index);
    IntVector unique;
    for (int64_t i = 0; i < idx.numel(); ++i) {
      const int64_t v = idx.data<int64_t>()[i];
      if (std::find(unique.begin(), unique.end(), v) == unique.end()) unique.push_back(v);
    }
    Tensor u = Tensor::empty(SymIntVector{static_cast<int64_t>(unique.size())}, DType::Int64);
    std::copy(unique.begin(), unique.end(), u.data<int64_t>());
    out[2] = call_tensor("sum", call_tensor("index_select", g[0], a.int_(1), u));
  }
  return out;
}

// take_along_dim(self, indices, dim): gather after broadcasting all but `dim`.
Value take_along_dim_run(const OpArgs& a) {
  Tensor self = a.tensor(0), indices = a.tensor(1);
  if (a.is_none(2))
    return call("gather", call_tensor("reshape", self, IntVector{-1}), 0, call_tensor("reshape", indices, IntVector{-1}));
  check(self.dim() == indices.dim(), "torch.take_along_dim(): input and indices should have the same number of "
                                     "dimensions, but got " + std::to_string(self.dim()) + " dimensions for input, and " +
                                         std::to_string(indices.dim()) + " dimensions for indices");
  check(indices.dtype() == DType::Int64, "torch.take_along_dim(): dtype of indices should be Long but got " +
                                             std::string(tensor::scalar_type_name(indices.dtype())));
  const int64_t dim = wrap_dim(a.int_(2), self.dim());
  SymIntVector self_sizes = sizes_of(self), index_sizes = sizes_of(indices);
  self_sizes[dim] = indices.sym_size(dim);
  Tensor idx = call_tensor("expand", indices, broadcast_shapes(self_sizes, indices.sym_sizes()));
  index_sizes[dim] = self.sym_size(dim);
  Tensor src = call_tensor("expand", self, broadcast_shapes(index_sizes, self.sym_sizes()));
  return call("gather", src, dim, idx);
}

// ---- advanced indexing -----------------------------------------------------------------------------------

// ATen's AdvancedIndex: self (permuted so the indexed dims are adjacent) and
// the long index tensors broadcast together; the result has self's leading
// unindexed dims, the broadcast index shape, then the trailing ones.
struct AdvancedIndex {
  Tensor src;
  std::vector<Tensor> indices;  // one per indexed dim, broadcast to index_shape
  IntVector indexed_sizes, indexed_strides;
  int64_t dims_before = 0, dims_after = 0;
  IntVector index_shape, result_sizes;
};

[[noreturn]] void fail_index_type() {
  fail_index("tensors used as indices must be long, int, byte or bool tensors");
}

AdvancedIndex make_advanced_index(const Tensor& self, const std::vector<Tensor>& given) {
  if (given.size() > static_cast<size_t>(self.dim()))
    fail_index("too many indices for tensor of dimension " + std::to_string(self.dim()) + " (got " +
               std::to_string(given.size()) + ")");
  // Masks become the long indices of their nonzero positions.
  std::vector<Tensor> indices;
  for (const Tensor& t : given) {
    if (!t.defined()) {
      indices.emplace_back();
      continue;
    }
    if (t.dtype() == DType::Bool || t.dtype() == DType::UInt8) {
      for (int64_t j = 0; j < t.dim(); ++j) {
        const int64_t src_dim = static_cast<int64_t>(indices.size()) + j;
        if (src_dim >= self.dim() || t.size(j) != self.size(src_dim))
          fail_index("The shape of the mask " + shape_str(t.sym_sizes()) + " at index " + std::to_string(j) +
                     " does not match the shape of the indexed tensor " + shape_str(self.sym_sizes()) + " at index " +
                     std::to_string(src_dim));
      }
      Tensor nz = call_tensor("nonzero", t);
      for (int64_t j = 0; j < t.dim(); ++j) indices.push_back(call_tensor("select.int", nz, 1, j));
    } else if (is_index_dtype(t.dtype())) {
      indices.push_back(t);
    } else {
      fail_index_type();
    }
  }
  // Broadcast the index tensors together.
  SymIntVector shape;
  bool first = true;
  for (const Tensor& t : indices)
    if (t.defined()) {
      try {
        shape = first ? sizes_of(t) : broadcast_shapes(shape, t.sym_sizes());
      } catch (const lang::PyError&) {
        std::string shapes;
        for (const Tensor& u : indices)
          if (u.defined()) shapes += (shapes.empty() ? "" : ", ") + shape_str(u.sym_sizes());
        fail_index("shape mismatch: indexing tensors could not be broadcast together with shapes " + shapes);
      }
      first = false;
    }
  while (indices.size() < static_cast<size_t>(self.dim())) indices.emplace_back();
  // Non-adjacent indexed dims move to the front.
  Tensor src = self;
  int64_t runs = 0;
  for (size_t i = 0; i < indices.size(); ++i)
    if (indices[i].defined() && (i == 0 || !indices[i - 1].defined())) ++runs;
  if (runs > 1) {
    IntVector perm;
    std::vector<Tensor> reordered;
    for (int pass = 0; pass < 2; ++pass)
      for (size_t i = 0; i < indices.size(); ++i)
        if (indices[i].defined() == (pass == 0)) {
          perm.push_back(static_cast<int64_t>(i));
          reordered.push_back(indices[i]);
        }
    src = call_tensor("permute", self, perm);
    indices = std::move(reordered);
  }
  AdvancedIndex r;
  r.src = src;
  r.index_shape = tensor::expect_ints(shape);
  for (size_t d = 0; d < indices.size(); ++d) {
    const int64_t dd = static_cast<int64_t>(d);
    if (!indices[d].defined()) {
      (r.indices.empty() ? r.dims_before : r.dims_after)++;
      continue;
    }
    r.indexed_sizes.push_back(src.size(dd));
    r.indexed_strides.push_back(src.stride(dd));
    r.indices.push_back(call_tensor("expand", indices[d], shape));
  }
  if (std::find(r.indexed_sizes.begin(), r.indexed_sizes.end(), 0) != r.indexed_sizes.end() &&
      std::find(r.index_shape.begin(), r.index_shape.end(), 0) == r.index_shape.end())
    fail_index("index is out of bounds for dimension with size 0");
  for (int64_t d = 0; d < r.dims_before; ++d) r.result_sizes.push_back(src.size(d));
  r.result_sizes.insert(r.result_sizes.end(), r.index_shape.begin(), r.index_shape.end());
  for (int64_t d = src.dim() - r.dims_after; d < src.dim(); ++d) r.result_sizes.push_back(src.size(d));
  return r;
}

// Calls f(src_offset, result_position_offsets...) for every result element in
// row-major order: src_offset addresses r.src; `extra` tensors (broadcast to
// the result shape) get their offsets too.
template <size_t K, class F>
void walk_advanced(const AdvancedIndex& r, const std::array<IntVector, K>& extra, F&& f) {
  const int64_t nidx = static_cast<int64_t>(r.indices.size());
  const int64_t nres = static_cast<int64_t>(r.result_sizes.size());
  const int64_t nshape = static_cast<int64_t>(r.index_shape.size());
  // Operands: 0 = src (restrided), 1..nidx = index tensors, then extras.
  constexpr size_t kMaxIndices = 8;
  check(nidx <= static_cast<int64_t>(kMaxIndices), "refc: at most 8 index tensors are supported");
  std::array<IntVector, 1 + kMaxIndices + K> strides;
  for (auto& s : strides) s.assign(static_cast<size_t>(nres), 0);
  for (int64_t d = 0; d < r.dims_before; ++d) strides[0][d] = r.src.stride(d);
  for (int64_t d = 0; d < r.dims_after; ++d)
    strides[0][nres - r.dims_after + d] = r.src.stride(r.src.dim() - r.dims_after + d);
  for (int64_t k = 0; k < nidx; ++k)
    for (int64_t d = 0; d < nshape; ++d) strides[1 + k][r.dims_before + d] = r.indices[k].stride(d);
  for (size_t k = 0; k < K; ++k) strides[1 + kMaxIndices + k] = extra[k];
  for_each_position<1 + kMaxIndices + K>(r.result_sizes, strides, [&](const std::array<int64_t, 1 + kMaxIndices + K>& off) {
    int64_t src = off[0];
    for (int64_t k = 0; k < nidx; ++k) {
      int64_t idx = index_at(r.indices[k], off[1 + k]);
      const int64_t size = r.indexed_sizes[k];
      if (idx < -size || idx >= size)
        fail_index("index " + std::to_string(idx) + " is out of bounds for dimension " + std::to_string(k) +
                   " with size " + std::to_string(size));
      if (idx < 0) idx += size;
      src += idx * r.indexed_strides[k];
    }
    std::array<int64_t, K> rest{};
    for (size_t k = 0; k < K; ++k) rest[k] = off[1 + kMaxIndices + k];
    f(src, rest);
  });
}

std::vector<TensorSpec> index_meta(const OpArgs& a) {
  Tensor self = a.tensor(0);
  AdvancedIndex r = make_advanced_index(self, a.tensor_list(1));
  return {contiguous_spec(tensor::to_sym(r.result_sizes), self.dtype(), self)};
}
void index_kernel(const OpArgs& a, std::span<const Tensor> out) {
  AdvancedIndex r = make_advanced_index(a.tensor(0), a.tensor_list(1));
  tensor::visit_dtype(out[0].dtype(), [&]<class T>() {
    walk_advanced<1>(r, {strides_of(out[0])}, [&](int64_t s, const std::array<int64_t, 1>& o) {
      at<T>(out[0], o[0]) = at<T>(r.src, s);
    });
  });
}
Grads index_backward(const BackwardContext& c, const Grads& g) {
  // grad.new_zeros(self's sizes, self.options())
  Tensor zeros = call_tensor("new_zeros", g[0], c.spec_of_arg(0).sizes, g[0].dtype(), std::nullopt, g[0].device());
  return {call_tensor("index_put_", zeros, c.args()[1], g[0], true)};
}

// index_put(self, indices, values, accumulate) and its in-place forms.
std::vector<TensorSpec> index_put_meta(const OpArgs& a) {
  Tensor self = a.tensor(0), values = a.tensor(2);
  AdvancedIndex r = make_advanced_index(self, a.tensor_list(1));
  check(self.dtype() == values.dtype(), "Index put requires the source and destination dtypes match, got " +
                                            std::string(tensor::scalar_type_name(self.dtype())) + " for the destination and " +
                                            std::string(tensor::scalar_type_name(values.dtype())) + " for the source.");
  bool expandable = values.dim() <= static_cast<int64_t>(r.result_sizes.size());
  for (int64_t d = 0; expandable && d < values.dim(); ++d) {
    const int64_t vs = values.size(values.dim() - 1 - d), rs = r.result_sizes[r.result_sizes.size() - 1 - d];
    expandable = vs == 1 || vs == rs;
  }
  check(expandable, "shape mismatch: value tensor of shape " + shape_str(values.sym_sizes()) +
                        " cannot be broadcast to indexing result of shape " + shape_str(r.result_sizes));
  return {contiguous_spec(sizes_of(self), self.dtype(), self)};
}
void index_put_kernel(const OpArgs& a, std::span<const Tensor> out) {
  Tensor self = a.tensor(0), values = a.tensor(2);
  const bool accumulate = a.bool_(3);
  if (!self.is_same(out[0])) copy_into(out[0], self);
  AdvancedIndex r = make_advanced_index(out[0], a.tensor_list(1));
  tensor::visit_dtype(out[0].dtype(), [&]<class T>() {
    walk_advanced<1>(r, {broadcast_strides(values, r.result_sizes)}, [&](int64_t d, const std::array<int64_t, 1>& v) {
      T& dst = at<T>(r.src, d);
      const T x = at<T>(values, v[0]);
      if (!accumulate) dst = x;
      else if constexpr (std::is_same_v<T, bool>) dst = dst || x;
      else dst = static_cast<T>(dst + x);
    });
  });
}
Grads index_put_backward(const BackwardContext& c, const Grads& g) {
  OpArgs a = c.args();
  Grads out(c.input_specs.size());
  const bool accumulate = a.bool_(3);
  // Flattened inputs: self, the defined indices, values.
  const size_t values_k = out.size() - 1;
  if (c.needs_grad[0])
    out[0] = accumulate ? g[0]
                        : call_tensor("index_put", g[0], a[1], call_tensor("zeros", c.input_specs[values_k].sizes, g[0].dtype()), false);
  if (c.needs_grad[values_k]) out[values_k] = call_tensor("index.Tensor", g[0], a[1]);
  return out;
}

// ---- take / put ------------------------------------------------------------------------------------------

void check_long_index(const Tensor& index, const char* method) {
  check(index.dtype() == DType::Int64, std::string(method) + "(): Expected a long tensor for index, but got " +
                                           std::string(tensor::scalar_type_name(index.dtype())));
}
int64_t flat_index(int64_t idx, int64_t numel) {
  if (idx < -numel || idx >= numel)
    fail_index("out of range: tried to access index " + std::to_string(idx) + " on a tensor of " +
               std::to_string(numel) + " elements.");
  return idx < 0 ? idx + numel : idx;
}
// Element offset of row-major position `i` of tensor t.
int64_t offset_of(const Tensor& t, int64_t i) {
  int64_t off = 0;
  for (int64_t d = t.dim() - 1; d >= 0; --d) {
    off += (i % t.size(d)) * t.stride(d);
    i /= t.size(d);
  }
  return off;
}

std::vector<TensorSpec> take_meta(const OpArgs& a) {
  Tensor self = a.tensor(0), index = a.tensor(1);
  check_long_index(index, "take");
  return {contiguous_spec(sizes_of(index), self.dtype(), self)};
}
void take_kernel(const OpArgs& a, std::span<const Tensor> out) {
  Tensor self = a.tensor(0), index = contiguous(a.tensor(1));
  const int64_t n = self.numel();
  tensor::visit_dtype(self.dtype(), [&]<class T>() {
    for (int64_t i = 0; i < index.numel(); ++i)
      at<T>(out[0], i) = at<T>(self, offset_of(self, flat_index(index.data<int64_t>()[i], n)));
  });
}
Grads take_backward(const BackwardContext& c, const Grads& g) {
  Tensor zeros = call_tensor("zeros", c.spec_of_arg(0).sizes, g[0].dtype());
  return {call_tensor("put_", zeros, c.tensor(1), g[0], true)};
}

std::vector<TensorSpec> put_meta(const OpArgs& a) {
  Tensor self = a.tensor(0), index = a.tensor(1), source = a.tensor(2);
  check_long_index(index, "put_");
  check(self.dtype() == source.dtype(), "put_(): self and source expected to have the same dtype, but got self.dtype = " +
                                            std::string(tensor::scalar_type_name(self.dtype())) + " and source.dtype = " +
                                            std::string(tensor::scalar_type_name(source.dtype())));
  check(source.numel() == index.numel(), "put_(): Expected source and index to have the same number of elements, but got source.numel() = " +
                                             std::to_string(source.numel()) + ", index.numel() = " + std::to_string(index.numel()));
  return {contiguous_spec(sizes_of(self), self.dtype(), self)};
}
void put_kernel(const OpArgs& a, std::span<const Tensor> out) {
  Tensor self = a.tensor(0), index = contiguous(a.tensor(1)), source = contiguous(a.tensor(2));
  const bool accumulate = a.bool_(3);
  if (!self.is_same(out[0])) copy_into(out[0], self);
  const int64_t n = out[0].numel();
  tensor::visit_dtype(self.dtype(), [&]<class T>() {
    for (int64_t i = 0; i < index.numel(); ++i) {
      T& dst = at<T>(out[0], offset_of(out[0], flat_index(index.data<int64_t>()[i], n)));
      const T x = source.data<T>()[i];
      if (!accumulate) dst = x;
      else if constexpr (std::is_same_v<T, bool>) dst = dst || x;
      else dst = static_cast<T>(dst + x);
    }
  });
}
Grads put_backward(const BackwardContext& c, const Grads& g) {
  OpArgs a = c.args();
  Grads out(3);
  if (c.needs_grad_of_arg(0))
    out[0] = a.bool_(3) ? g[0]
                        : call_tensor("put", g[0], c.tensor(1), call_tensor("zeros", c.spec_of_arg(2).sizes, g[0].dtype()), false);
  if (c.needs_grad_of_arg(2))
    out[2] = call_tensor("reshape", call_tensor("take", g[0], c.tensor(1)), c.spec_of_arg(2).sizes);
  return out;
}

// ---- embedding ----------------------------------------------------------------------------------------------

void check_embedding_indices(const Tensor& indices, const char* what) {
  if (!is_index_dtype(indices.dtype()))
    fail("Expected tensor for argument #1 'indices' to have one of the following scalar types: Long, Int; but got " +
         std::string(tensor::legacy_type_name(indices.dtype())) + " instead (while checking arguments for " + what + ")");
}

std::vector<TensorSpec> embedding_meta(const OpArgs& a) {
  Tensor weight = a.tensor(0), indices = a.tensor(1);
  check(weight.dim() == 2, "'weight' must be 2-D");
  check_embedding_indices(indices, "embedding");
  SymIntVector sizes = sizes_of(indices);
  sizes.push_back(weight.sym_size(1));
  return {contiguous_spec(std::move(sizes), weight.dtype(), weight)};
}
void embedding_kernel(const OpArgs& a, std::span<const Tensor> out) {
  Tensor weight = a.tensor(0), indices = call_tensor("reshape", a.tensor(1), IntVector{-1});
  Tensor flat = call_tensor("view", out[0], IntVector{indices.numel(), weight.size(1)});
  IntVector rows = index_values(indices, weight.size(0));
  tensor::visit_dtype(weight.dtype(), [&]<class T>() {
    walk_slices<T>(flat, iota(rows.size()), weight, rows, 0, [](T& d, const T& s) { d = s; });
  });
}
Grads embedding_backward(const BackwardContext& c, const Grads& g) {
  OpArgs a = c.args();
  if (a.bool_(4))
    lang::raise(lang::exc::NotImplementedError, "refc: sparse embedding gradients are not supported");
  return {call_tensor("embedding_dense_backward", g[0], c.tensor(1), c.spec_of_arg(0).sizes[0], a[2], a[3])};
}

// embedding_dense_backward(grad_output, indices, num_weights, padding_idx, scale_grad_by_freq)
std::vector<TensorSpec> embedding_dense_backward_meta(const OpArgs& a) {
  Tensor grad = a.tensor(0), indices = a.tensor(1);
  check_embedding_indices(indices, "embedding_backward");
  return {contiguous_spec({a.sym_int(2), grad.sym_sizes().back()}, grad.dtype(), grad)};
}
// Rows of grad_output added into grad_weight[index] in index order (padding_idx skipped,
// each scaled by 1/count with scale_grad_by_freq).
void embedding_dense_backward_kernel(const OpArgs& a, std::span<const Tensor> out) {
  Tensor indices = contiguous(a.tensor(1));
  const int64_t n = indices.numel(), width = out[0].size(1), padding_idx = a.int_(3);
  Tensor grad = call_tensor("reshape", contiguous(a.tensor(0)), IntVector{n, width});
  const bool scale_by_freq = a.bool_(4);
  IntVector counts(static_cast<size_t>(out[0].size(0)), 0);
  for (int64_t i = 0; i < n; ++i) {
    const int64_t k = index_at(indices, i);
    if (k < 0 || k >= out[0].size(0)) fail_index("index out of range in self");
    ++counts[k];
  }
  tensor::visit_dtype(out[0].dtype(), [&]<class T>() {
    T* gw = out[0].data<T>();
    std::fill(gw, gw + out[0].numel(), T(0));
    for (int64_t i = 0; i < n; ++i) {
      const int64_t k = index_at(indices, i);
      if (k == padding_idx) continue;
      const double scale = scale_by_freq ? 1.0 / static_cast<double>(counts[k]) : 1.0;
      for (int64_t j = 0; j < width; ++j) {
        const T g = grad.data<T>()[i * width + j];
        gw[k * width + j] = scale == 1.0 ? static_cast<T>(gw[k * width + j] + g)
                                         : static_cast<T>(gw[k * width + j] + static_cast<T>(scale) * g);
      }
    }
  });
}
// embedding_dense_double_backward: gather the rows back, zero at padding_idx.
Grads embedding_dense_double_backward(const BackwardContext& c, const Grads& g) {
  OpArgs a = c.args();
  Tensor indices = c.tensor(1);
  Tensor rows = call_tensor("index_select", g[0], 0, call_tensor("reshape", indices, IntVector{-1}));
  const int64_t padding_idx = a.int_(3);
  if (padding_idx >= 0) {
    Tensor flat = contiguous(call_tensor("reshape", indices, IntVector{-1}));
    Tensor mask = Tensor::empty(SymIntVector{flat.numel(), 1}, DType::Bool);
    for (int64_t i = 0; i < flat.numel(); ++i) mask.data<bool>()[i] = index_at(flat, i) == padding_idx;
    rows = call_tensor("masked_fill.Scalar", rows, mask, int64_t{0});
  }
  SymIntVector sizes = sizes_of(indices);
  sizes.push_back(-1);
  return {call_tensor("view", rows, sizes)};
}

} // namespace

void register_index_ops(OpRegistry& r) {
  r.def("index_select(Tensor self, int dim, Tensor index) -> Tensor").method()
      .structured(index_select_meta, index_select_kernel)
      .derivative("IndexSelectBackward0", index_select_backward).saves({"index"});
  r.def("index_add(Tensor self, int dim, Tensor index, Tensor source, *, Scalar alpha=1) -> Tensor").method()
      .structured(index_add_meta, index_add_kernel).inplace("index_add_")
      .derivative("IndexAddBackward0", index_add_backward).saves_for("index", {"source"}).saves_for("source", {"source"});
  r.def("index_copy(Tensor self, int dim, Tensor index, Tensor source) -> Tensor").method()
      .structured(index_copy_meta, index_copy_kernel).inplace("index_copy_")
      .derivative("IndexCopyBackward0", index_copy_backward).saves({"index"});
  r.def("index_fill.int_Scalar(Tensor self, int dim, Tensor index, Scalar value) -> Tensor").method()
      .structured(index_fill_meta, index_fill_kernel).inplace("index_fill_.int_Scalar")
      .derivative("IndexFillBackward0", index_fill_backward).saves({"index"});
  r.def("index_fill.int_Tensor(Tensor self, int dim, Tensor index, Tensor value) -> Tensor").method()
      .structured(index_fill_meta, index_fill_kernel).inplace("index_fill_.int_Tensor")
      .derivative("IndexFillBackward1", index_fill_backward).saves({"index"});
  r.def("take_along_dim(Tensor self, Tensor indices, int? dim=None) -> Tensor").method().composite(take_along_dim_run);
  r.def("index.Tensor(Tensor self, Tensor?[] indices) -> Tensor").method().structured(index_meta, index_kernel)
      .derivative("IndexBackward0", index_backward).saves({"indices"});
  r.def("index_put(Tensor self, Tensor?[] indices, Tensor values, bool accumulate=False) -> Tensor").method()
      .structured(index_put_meta, index_put_kernel).inplace("index_put_", kFunction | kMethod)
      .derivative("IndexPutBackward0", index_put_backward).saves({"indices"});
  r.def("take(Tensor self, Tensor index) -> Tensor").method().structured(take_meta, take_kernel)
      .derivative("TakeBackward0", take_backward).saves({"self", "index"});
  r.def("put(Tensor self, Tensor index, Tensor source, bool accumulate=False) -> Tensor").method()
      .structured(put_meta, put_kernel).inplace("put_").derivative("PutBackward0", put_backward).saves({"index"});
  r.def("embedding(Tensor weight, Tensor indices, SymInt padding_idx=-1, bool scale_grad_by_freq=False, "
        "bool sparse=False) -> Tensor")
      .structured(embedding_meta, embedding_kernel).derivative("EmbeddingBackward0", embedding_backward).saves({"indices"});
  r.def("embedding_dense_backward(Tensor grad_output, Tensor indices, SymInt num_weights, SymInt padding_idx, "
        "bool scale_grad_by_freq) -> Tensor")
      .structured(embedding_dense_backward_meta, embedding_dense_backward_kernel)
      .derivative("EmbeddingDenseBackwardBackward0", embedding_dense_double_backward).saves({"indices"});
}

} // namespace refc::ops
