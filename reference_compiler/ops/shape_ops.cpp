// Ops that rearrange or pad values into a new tensor: cat and stack (and the
// hstack/vstack/dstack/column_stack composites), tril/triu and
// tril_indices/triu_indices, repeat / tile / repeat_interleave, roll, flip
// (fliplr, flipud, rot90), and padding (constant_pad_nd, the
// reflection/replication pads with their backward ops, circular padding and
// the `pad` front end F.pad calls). Kernels copy through strided views with
// copy_into, so every dtype works and no kernel needs per-dtype code.
#include "reference_compiler/ops/op_family.h"

#include <algorithm>
#include <cstring>

namespace refc::ops {

void fill_tensor_with(const Tensor& t, const Scalar& s); // creation_ops.cpp

namespace {

SymIntVector sizes_of(const Tensor& t) { return {t.sym_sizes().begin(), t.sym_sizes().end()}; }
// The size of dim -k (Tensor::size takes only wrapped dims).
int64_t size_from_end(const Tensor& t, int64_t k) { return t.size(t.dim() - k); }

Tensor slice(const Tensor& t, int64_t dim, const SymInt& start, const SymInt& end) {
  return call_tensor("slice.Tensor", t, dim, start, end, int64_t{1});
}

// ---- cat / stack --------------------------------------------------------------------------------

// A 1-d tensor with no elements: cat skips it (PyTorch's legacy behaviour).
bool legacy_empty(const Tensor& t) { return t.dim() == 1 && (t.sym_size(0) == 0).expect_bool(); }

DType promoted(const std::vector<Tensor>& tensors) {
  DType t = tensors[0].dtype();
  for (const Tensor& x : tensors) t = tensor::promote_types(t, x.dtype());
  return t;
}

struct CatGeometry {
  int64_t dim;
  SymIntVector sizes;
};
CatGeometry cat_geometry(const std::vector<Tensor>& tensors, int64_t dim_arg) {
  if (tensors.empty()) fail_value("torch.cat(): expected a non-empty list of Tensors");
  for (size_t i = 0; i < tensors.size(); ++i)
    check(tensors[i].dim() > 0, "zero-dimensional tensor (at position " + std::to_string(i) + ") cannot be concatenated");
  const Tensor* ref = nullptr;
  for (const Tensor& t : tensors)
    if (!legacy_empty(t)) {
      ref = &t;
      break;
    }
  if (!ref) return {wrap_dim(dim_arg, tensors[0].dim()), sizes_of(tensors[0])};
  const int64_t dim = wrap_dim(dim_arg, ref->dim());
  SymIntVector sizes = sizes_of(*ref);
  sizes[dim] = 0;
  for (size_t i = 0; i < tensors.size(); ++i) {
    const Tensor& t = tensors[i];
    if (legacy_empty(t)) continue;
    check(t.dim() == ref->dim(), "Tensors must have same number of dimensions: got " + std::to_string(ref->dim()) +
                                     " and " + std::to_string(t.dim()));
    for (int64_t d = 0; d < t.dim(); ++d)
      if (d != dim && !(t.sym_size(d) == ref->sym_size(d)).expect_bool())
        fail("Sizes of tensors must match except in dimension " + std::to_string(dim) + ". Expected size " +
             ref->sym_size(d).str() + " but got size " + t.sym_size(d).str() + " for tensor number " +
             std::to_string(i) + " in the list.");
    sizes[dim] += t.sym_size(dim);
  }
  return {dim, std::move(sizes)};
}

std::vector<TensorSpec> cat_meta(const OpArgs& a) {
  std::vector<Tensor> tensors = a.tensor_list(0);
  CatGeometry g = cat_geometry(tensors, a.int_(1));
  return {contiguous_spec(std::move(g.sizes), promoted(tensors), tensors[0])};
}
void cat_kernel(const OpArgs& a, std::span<const Tensor> out) {
  std::vector<Tensor> tensors = a.tensor_list(0);
  CatGeometry g = cat_geometry(tensors, a.int_(1));
  SymInt offset = 0;
  for (const Tensor& t : tensors) {
    if (legacy_empty(t)) continue;
    const SymInt& len = t.sym_size(g.dim);
    copy_into(slice(out[0], g.dim, offset, offset + len), t);
    offset += len;
  }
}
// cat_tensors_backward: narrow the gradient back into pieces (legacy empty inputs get an empty gradient).
Grads cat_backward(const BackwardContext& c, const Grads& g) {
  Grads out(c.input_specs.size());
  const int64_t dim_arg = c.args().int_(1);
  int64_t dim = 0;
  for (const TensorSpec& s : c.input_specs)
    if (!(s.sizes.size() == 1 && (s.sizes[0] == 0).expect_bool())) {
      dim = wrap_dim(dim_arg, static_cast<int64_t>(s.sizes.size()));
      break;
    }
  SymInt offset = 0;
  for (size_t i = 0; i < out.size(); ++i) {
    const TensorSpec& s = c.input_specs[i];
    if (s.sizes.size() == 1 && (s.sizes[0] == 0).expect_bool()) {
      out[i] = call_tensor("zeros", IntVector{0}, g[0].dtype());
      continue;
    }
    const SymInt& len = s.sizes[dim];
    if (c.needs_grad[i]) out[i] = call_tensor("narrow", g[0], dim, offset, len);
    offset += len;
  }
  return out;
}

std::vector<TensorSpec> stack_meta(const OpArgs& a) {
  std::vector<Tensor> tensors = a.tensor_list(0);
  check(!tensors.empty(), "stack expects a non-empty TensorList");
  for (size_t i = 1; i < tensors.size(); ++i) {
    bool same = tensors[i].dim() == tensors[0].dim();
    for (int64_t d = 0; same && d < tensors[0].dim(); ++d) same = (tensors[i].sym_size(d) == tensors[0].sym_size(d)).expect_bool();
    check(same, "stack expects each tensor to be equal size, but got " + shape_str(tensors[0].sym_sizes()) +
                    " at entry 0 and " + shape_str(tensors[i].sym_sizes()) + " at entry " + std::to_string(i));
  }
  const int64_t dim = wrap_dim(a.int_(1), tensors[0].dim() + 1);
  SymIntVector sizes = sizes_of(tensors[0]);
  sizes.insert(sizes.begin() + dim, static_cast<int64_t>(tensors.size()));
  return {contiguous_spec(std::move(sizes), promoted(tensors), tensors[0])};
}
void stack_kernel(const OpArgs& a, std::span<const Tensor> out) {
  std::vector<Tensor> tensors = a.tensor_list(0);
  const int64_t dim = wrap_dim(a.int_(1), tensors[0].dim() + 1);
  for (size_t i = 0; i < tensors.size(); ++i)
    copy_into(call_tensor("select.int", out[0], dim, static_cast<int64_t>(i)), tensors[i]);
}
// stack_tensors_backward: select each slice, converted back to its input's dtype.
Grads stack_backward(const BackwardContext& c, const Grads& g) {
  Grads out(c.input_specs.size());
  const int64_t dim = wrap_dim(c.args().int_(1), g[0].dim());
  for (size_t i = 0; i < out.size(); ++i) {
    if (!c.needs_grad[i]) continue;
    Tensor s = call_tensor("select.int", g[0], dim, static_cast<int64_t>(i));
    out[i] = s.dtype() == c.input_specs[i].dtype ? s : call_tensor("to.dtype", s, c.input_specs[i].dtype);
  }
  return out;
}

// hstack / vstack / dstack / column_stack: atleast_Nd, then cat.
std::vector<Tensor> nonempty_list(const OpArgs& a, const char* name) {
  std::vector<Tensor> tensors = a.tensor_list(0);
  check(!tensors.empty(), std::string(name) + " expects a non-empty TensorList");
  return tensors;
}
Tensor atleast(const Tensor& t, int64_t n) {
  if (t.dim() >= n) return t;
  if (t.dim() == 0) return call_tensor("reshape", t, SymIntVector(static_cast<size_t>(n), 1));
  if (n == 2) return call_tensor("unsqueeze", t, 0);
  // atleast_3d: [N] -> [1, N, 1], [M, N] -> [M, N, 1]
  Tensor r = t.dim() == 1 ? call_tensor("unsqueeze", t, 0) : t;
  return call_tensor("unsqueeze", r, -1);
}
Value hstack_run(const OpArgs& a) {
  std::vector<Tensor> tensors = nonempty_list(a, "hstack");
  for (Tensor& t : tensors) t = atleast(t, 1);
  return call("cat", tensors, tensors[0].dim() == 1 ? 0 : 1);
}
Value vstack_run(const OpArgs& a) {
  std::vector<Tensor> tensors = nonempty_list(a, "vstack");
  for (Tensor& t : tensors) t = atleast(t, 2);
  return call("cat", tensors, 0);
}
Value dstack_run(const OpArgs& a) {
  std::vector<Tensor> tensors = nonempty_list(a, "dstack");
  for (Tensor& t : tensors) t = atleast(t, 3);
  return call("cat", tensors, 2);
}
Value column_stack_run(const OpArgs& a) {
  std::vector<Tensor> tensors = nonempty_list(a, "column_stack");
  for (Tensor& t : tensors)
    if (t.dim() <= 1) t = call_tensor("reshape", t, SymIntVector{t->sym_numel(), 1});
  return call("hstack", tensors);
}
Value cat_alias_run(const OpArgs& a) { return call("cat", a[0], a[1]); }

// ---- tril / triu ----------------------------------------------------------------------------------

std::vector<TensorSpec> tri_meta(const OpArgs& a) {
  Tensor self = a.tensor(0);
  const std::string name = a.schema().name.substr(0, 4);
  check(self.dim() >= 2, name + ": input tensor must have at least 2 dimensions");
  return {contiguous_spec(sizes_of(self), self.dtype(), self)};
}
// Keeps self where (col - row) <= k (tril) or >= k (triu), zero elsewhere.
template <bool kLower> void tri_kernel(const OpArgs& a, std::span<const Tensor> out) {
  Tensor self = a.tensor(0);
  const int64_t k = a.int_(1);
  if (!self.is_same(out[0])) copy_into(out[0], self);
  const int64_t rows = size_from_end(out[0], 2), cols = size_from_end(out[0], 1);
  Tensor zero = wrapped_number_tensor(Scalar(int64_t{0}));
  for (int64_t r = 0; r < rows; ++r) {
    // The zeroed columns of row r: [r + k + 1, cols) for tril, [0, r + k) for triu.
    const int64_t lo = kLower ? std::clamp<int64_t>(r + k + 1, 0, cols) : 0;
    const int64_t hi = kLower ? cols : std::clamp<int64_t>(r + k, 0, cols);
    if (lo >= hi) continue;
    Tensor row = call_tensor("select.int", out[0], -2, r);
    copy_into(slice(row, -1, lo, hi), zero);
  }
}
template <bool kLower> Grads tri_backward(const BackwardContext& c, const Grads& g) {
  return {call_tensor(kLower ? "tril" : "triu", g[0], c.args().int_(1))};
}

// ---- repeat / repeat_interleave -----------------------------------------------------------------------

std::vector<TensorSpec> repeat_meta(const OpArgs& a) {
  Tensor self = a.tensor(0);
  SymIntVector repeats = a.sym_int_list(1);
  check(static_cast<int64_t>(repeats.size()) >= self.dim(),
        "Number of dimensions of repeat dims can not be smaller than number of dimensions of tensor");
  const size_t lead = repeats.size() - static_cast<size_t>(self.dim());
  SymIntVector sizes(repeats.size());
  for (size_t d = 0; d < repeats.size(); ++d) sizes[d] = repeats[d] * (d < lead ? SymInt(1) : self.sym_size(static_cast<int64_t>(d - lead)));
  check_factory_sizes(sizes);
  return {contiguous_spec(std::move(sizes), self.dtype(), self)};
}
// The output viewed as [r0, s0, r1, s1, ...] receives self broadcast along every r.
void repeat_kernel(const OpArgs& a, std::span<const Tensor> out) {
  Tensor self = a.tensor(0);
  IntVector repeats = a.int_list(1);
  if (out[0].numel() == 0) return;
  const size_t lead = repeats.size() - static_cast<size_t>(self.dim());
  SymIntVector sizes, out_strides, in_strides;
  for (size_t d = 0; d < repeats.size(); ++d) {
    const int64_t s = d < lead ? 1 : self.size(static_cast<int64_t>(d - lead));
    const int64_t in_stride = d < lead ? 0 : self.stride(static_cast<int64_t>(d - lead));
    sizes.insert(sizes.end(), {repeats[d], s});
    out_strides.insert(out_strides.end(), {out[0].stride(static_cast<int64_t>(d)) * s, out[0].stride(static_cast<int64_t>(d))});
    in_strides.insert(in_strides.end(), {0, in_stride});
  }
  Tensor dst = Tensor::alias(tensor::tensor_type(), out[0]->storage, sizes, out_strides, out[0]->sym_storage_offset(), out[0].dtype());
  Tensor src = Tensor::alias(tensor::tensor_type(), self->storage, sizes, in_strides, self->sym_storage_offset(), self.dtype());
  copy_into(dst, src);
}
// FunctionsManual's repeat_backward: sum the repeated copies of each dim in one reshape + sum.
Grads repeat_backward(const BackwardContext& c, const Grads& g) {
  SymIntVector repeats = c.args().sym_int_list(1);
  const SymIntVector& input = c.spec_of_arg(0).sizes;
  for (const SymInt& r : repeats)
    if ((r == 0).expect_bool()) return {call_tensor("zeros", input, g[0].dtype())};
  Tensor grad = g[0];
  const size_t lead = static_cast<size_t>(grad.dim()) - input.size();
  for (size_t i = 0; i < lead; ++i) grad = call_tensor("sum.dim_IntList", grad, IntVector{0}, false);
  SymIntVector grad_size;
  IntVector sum_dims;
  for (size_t d = 0; d < input.size(); ++d) {
    const SymInt& r = repeats[d + lead];
    if (!(r == 1).expect_bool()) {
      grad_size.push_back(r);
      sum_dims.push_back(static_cast<int64_t>(grad_size.size() - 1));
    }
    grad_size.push_back(input[d]);
  }
  if (!sum_dims.empty()) grad = call_tensor("sum.dim_IntList", call_tensor("reshape", grad, grad_size), sum_dims);
  return {grad};
}

// repeat_interleave.self_int: unsqueeze, expand, copy and flatten.
Value repeat_interleave_int_run(const OpArgs& a) {
  Tensor self = a.tensor(0);
  const SymInt repeats = a.sym_int(1);
  check((repeats >= 0).expect_bool(), "Repeats can not be negative");
  Tensor input = a.is_none(2) ? call_tensor("flatten.using_ints", self) : self;
  const int64_t dim = a.is_none(2) ? 0 : wrap_dim(a.int_(2), self.dim());
  SymIntVector expanded = sizes_of(input);
  expanded.insert(expanded.begin() + dim + 1, repeats);
  Tensor e = call_tensor("expand", call_tensor("unsqueeze", input, dim + 1), expanded);
  return call("flatten.using_ints", call_tensor("clone", e, "contiguous_format"), dim, dim + 1);
}
// repeat_interleave.Tensor: index i repeated repeats[i] times.
std::vector<TensorSpec> repeat_interleave_counts_meta(const OpArgs& a) {
  Tensor repeats = a.tensor(0);
  check(repeats.dim() == 1, "repeat_interleave only accept 1D vector as repeat");
  check(repeats.dtype() == DType::Int64 || repeats.dtype() == DType::Int32, "repeats has to be Long or Int tensor");
  Tensor counts = to_dtype(repeats, DType::Int64);
  int64_t total = 0;
  for (int64_t i = 0; i < counts.size(0); ++i) {
    const int64_t r = counts.data<int64_t>()[i * counts.stride(0)];
    check(r >= 0, "repeats can not be negative");
    total += r;
  }
  return {contiguous_spec({total}, repeats.dtype(), repeats)};
}
void repeat_interleave_counts_kernel(const OpArgs& a, std::span<const Tensor> out) {
  Tensor counts = to_dtype(a.tensor(0), DType::Int64);
  tensor::visit_dtype(out[0].dtype(), [&]<class T>() {
    T* o = out[0].data<T>();
    for (int64_t i = 0, k = 0; i < counts.size(0); ++i)
      for (int64_t r = counts.data<int64_t>()[i * counts.stride(0)]; r > 0; --r) o[k++] = static_cast<T>(i);
  });
}
// repeat_interleave.self_Tensor: index_select with the expanded indices.
Value repeat_interleave_tensor_run(const OpArgs& a) {
  Tensor self = a.tensor(0), repeats = a.tensor(1);
  Tensor input = a.is_none(2) ? call_tensor("flatten.using_ints", self) : self;
  const int64_t dim = a.is_none(2) ? 0 : wrap_dim(a.int_(2), self.dim());
  if (repeats.dim() == 0 || (repeats.dim() == 1 && repeats.size(0) == 1))
    repeats = call_tensor("expand", call_tensor("reshape", repeats, IntVector{1}), SymIntVector{input.sym_size(dim)});
  check(repeats.size(0) == input.size(dim), "repeats must have the same size as input along dim, but got repeats.size(0) = " +
                                                repeats.sym_size(0).str() + " and input.size(" + std::to_string(dim) +
                                                ") = " + input.sym_size(dim).str());
  return call("index_select", input, dim, call_tensor("repeat_interleave.Tensor", repeats));
}

// ---- roll / flip ----------------------------------------------------------------------------------

struct RollArgs {
  IntVector shifts, dims;
};
RollArgs roll_args(const OpArgs& a) {
  RollArgs r{a.int_list(1), a.int_list(2)};
  check(!r.shifts.empty(), "`shifts` required");
  if (!(r.dims.empty() && r.shifts.size() == 1))
    check(r.shifts.size() == r.dims.size(), "shifts and dimensions must align. shifts: " + std::to_string(r.shifts.size()) +
                                                ", dims:" + std::to_string(r.dims.size()));
  return r;
}
std::vector<TensorSpec> same_shape_meta(const OpArgs& a) {
  Tensor self = a.tensor(0);
  return {contiguous_spec(sizes_of(self), self.dtype(), self)};
}
std::vector<TensorSpec> roll_meta(const OpArgs& a) {
  Tensor self = a.tensor(0);
  RollArgs r = roll_args(a);
  for (int64_t d : r.dims) wrap_dim(d, self.dim());
  return same_shape_meta(a);
}
// dst = src rolled by `shift` along dim (both with the same shape).
void roll_into(const Tensor& dst, const Tensor& src, int64_t dim, int64_t shift) {
  const int64_t size = src.size(dim);
  const int64_t start = ((size - shift) % size + size) % size; // source index of dst[0]
  copy_into(slice(dst, dim, 0, size - start), slice(src, dim, start, size));
  copy_into(slice(dst, dim, size - start, size), slice(src, dim, 0, start));
}
void roll_kernel(const OpArgs& a, std::span<const Tensor> out) {
  Tensor self = a.tensor(0);
  RollArgs r = roll_args(a);
  if (self.numel() == 0) return;
  if (r.dims.empty()) {
    // Roll the flattened tensor.
    Tensor flat = call_tensor("reshape", self, IntVector{self.numel()});
    roll_into(call_tensor("view", out[0], IntVector{self.numel()}), flat, 0, r.shifts[0]);
    return;
  }
  Tensor cur = self;
  for (size_t i = 0; i < r.dims.size(); ++i) {
    Tensor next = i + 1 == r.dims.size() ? out[0] : Tensor::empty(self.sym_sizes(), self.dtype());
    roll_into(next, cur, wrap_dim(r.dims[i], self.dim()), r.shifts[i]);
    cur = next;
  }
}
Grads roll_backward(const BackwardContext& c, const Grads& g) {
  OpArgs a = c.args();
  IntVector shifts = a.int_list(1), dims = a.int_list(2);
  std::reverse(shifts.begin(), shifts.end());
  std::reverse(dims.begin(), dims.end());
  for (int64_t& s : shifts) s = -s;
  return {call_tensor("roll", g[0], shifts, dims)};
}

std::vector<TensorSpec> flip_meta(const OpArgs& a) {
  Tensor self = a.tensor(0);
  dim_mask(a.int_list(1), self.dim());
  return same_shape_meta(a);
}
// Copies from a view of self with the flipped dims' strides negated.
void flip_kernel(const OpArgs& a, std::span<const Tensor> out) {
  Tensor self = a.tensor(0);
  if (self.numel() == 0) return;
  const uint64_t mask = self.dim() == 0 ? 0 : dim_mask(a.int_list(1), self.dim());
  SymIntVector strides(self.sym_strides().begin(), self.sym_strides().end());
  SymInt offset = self->sym_storage_offset();
  for (int64_t d = 0; d < self.dim(); ++d)
    if (mask >> d & 1) {
      offset += (self.sym_size(d) - 1) * strides[d];
      strides[d] = -strides[d];
    }
  copy_into(out[0], Tensor::alias(tensor::tensor_type(), self->storage, sizes_of(self), strides, offset, self.dtype()));
}
Grads flip_backward(const BackwardContext& c, const Grads& g) { return {call_tensor("flip", g[0], c.args()[1])}; }

// tile: repeat with the repeats left-padded by ones to self's rank.
Value tile_run(const OpArgs& a) {
  Tensor self = a.tensor(0);
  SymIntVector reps = a.sym_int_list(1);
  if (self.dim() > static_cast<int64_t>(reps.size()))
    reps.insert(reps.begin(), static_cast<size_t>(self.dim()) - reps.size(), tensor::SymInt(1));
  return call("repeat", self, reps);
}
Value fliplr_run(const OpArgs& a) {
  Tensor self = a.tensor(0);
  check(self.dim() >= 2, "Input must be >= 2-d.");
  return call("flip", self, IntVector{1});
}
Value flipud_run(const OpArgs& a) {
  Tensor self = a.tensor(0);
  check(self.dim() >= 1, "Input must be >= 1-d.");
  return call("flip", self, IntVector{0});
}
// rot90(self, k, dims): flips and a transpose, as ATen composes them.
Value rot90_run(const OpArgs& a) {
  Tensor self = a.tensor(0);
  IntVector dims = a.int_list(2);
  const int64_t total = self.dim();
  check(dims.size() == 2, "expected total rotation dims == 2, but got dims = " + std::to_string(dims.size()));
  check(total >= 2, "expected total dims >= 2, but got total dims = " + std::to_string(total));
  check(dims[0] != dims[1] && std::abs(dims[0] - dims[1]) != total,
        "expected rotation dims to be different, but got dim0 = " + std::to_string(dims[0]) + " and dim1 = " +
            std::to_string(dims[1]));
  check(dims[0] < total && dims[0] >= -total, "Rotation dim0 out of range, dim0 = " + std::to_string(dims[0]));
  check(dims[1] < total && dims[1] >= -total, "Rotation dim1 out of range, dim1 = " + std::to_string(dims[1]));
  switch ((4 + a.int_(1) % 4) % 4) {
  case 1: return call("transpose.int", call_tensor("flip", self, IntVector{dims[1]}), dims[0], dims[1]);
  case 2: return call("flip", self, dims);
  case 3: return call("transpose.int", call_tensor("flip", self, IntVector{dims[0]}), dims[0], dims[1]);
  default: return call("clone", self, "contiguous_format");
  }
}

// tril_indices / triu_indices(row, col, offset, *, dtype=long, ...): the
// coordinates of the triangle, row by row.
template <bool kLower> std::vector<IntVector> triangle(const OpArgs& a) {
  const int64_t rows = a.int_(0), cols = a.int_(1), offset = a.int_(2);
  check(rows >= 0, "row must be non-negative, got" + std::to_string(rows));
  check(cols >= 0, "col must be non-negative, got" + std::to_string(cols));
  std::vector<IntVector> rc(2);
  for (int64_t i = 0; i < rows; ++i) {
    const int64_t lo = kLower ? 0 : std::max<int64_t>(0, i + offset);
    const int64_t hi = kLower ? std::min<int64_t>(cols, i + offset + 1) : cols;
    for (int64_t j = lo; j < hi; ++j) {
      rc[0].push_back(i);
      rc[1].push_back(j);
    }
  }
  return rc;
}
template <bool kLower> std::vector<TensorSpec> tri_indices_meta(const OpArgs& a) {
  const int64_t n = static_cast<int64_t>(triangle<kLower>(a)[0].size());
  SymIntVector sizes{2, n};
  SymIntVector strides = tensor::contiguous_strides(sizes);
  return {TensorSpec{sizes, strides, 0, a.dtype(3).value_or(DType::Int64), a.device(5).value_or(tensor::kCPU)}};
}
template <bool kLower> void tri_indices_kernel(const OpArgs& a, std::span<const Tensor> out) {
  std::vector<IntVector> rc = triangle<kLower>(a);
  const int64_t n = static_cast<int64_t>(rc[0].size());
  tensor::visit_dtype(out[0].dtype(), [&]<class T>() {
    T* o = out[0].data<T>();
    for (int64_t k = 0; k < n; ++k) {
      o[k] = static_cast<T>(rc[0][k]);
      o[n + k] = static_cast<T>(rc[1][k]);
    }
  });
}

// ---- constant padding ----------------------------------------------------------------------------------

// constant_pad_nd(self, pad, value): pad pairs run from the last dim backwards.
struct ConstantPad {
  Tensor narrowed;    // self with negative pads cut off
  bool only_narrowed; // no positive pad: the result is a clone of `narrowed`
  SymIntVector sizes;
};
ConstantPad constant_pad(const Tensor& self, const IntVector& pad) {
  check(pad.size() % 2 == 0, "Length of pad must be even but instead it equals " + std::to_string(pad.size()));
  const int64_t l_inp = self.dim(), l_pad = static_cast<int64_t>(pad.size() / 2), l_diff = l_inp - l_pad;
  check(l_inp >= l_pad, "Length of pad should be no more than twice the number of dimensions of the input. Pad length is " +
                            std::to_string(pad.size()) + " while the input has " + std::to_string(l_inp) + "dimensions.");
  ConstantPad r{self, true, {}};
  for (int64_t i = l_diff; i < l_inp; ++i) {
    const size_t k = static_cast<size_t>(2 * (l_inp - i - 1));
    if (pad[k] < 0) r.narrowed = call_tensor("narrow", r.narrowed, i, -pad[k], r.narrowed.size(i) + pad[k]);
    else if (pad[k] != 0) r.only_narrowed = false;
    if (pad[k + 1] < 0) r.narrowed = call_tensor("narrow", r.narrowed, i, int64_t{0}, r.narrowed.size(i) + pad[k + 1]);
    else if (pad[k + 1] != 0) r.only_narrowed = false;
  }
  r.sizes = sizes_of(self);
  for (int64_t i = 0; i < l_pad; ++i) {
    const size_t k = pad.size() - static_cast<size_t>((i + 1) * 2);
    const int64_t in = self.size(l_diff + i), new_dim = in + pad[k] + pad[k + 1];
    check(r.only_narrowed || new_dim > 0,
          "The input size " + std::to_string(in) + ", plus negative padding " + std::to_string(pad[k]) + " and " +
              std::to_string(pad[k + 1]) + " resulted in a negative output size, which is invalid. Check dimension " +
              std::to_string(l_diff + i) + " of your input.");
    r.sizes[l_diff + i] = new_dim;
  }
  return r;
}
std::vector<TensorSpec> constant_pad_nd_meta(const OpArgs& a) {
  Tensor self = a.tensor(0);
  ConstantPad p = constant_pad(self, a.int_list(1));
  return {contiguous_spec(p.only_narrowed ? sizes_of(p.narrowed) : p.sizes, self.dtype(), self)};
}
void constant_pad_nd_kernel(const OpArgs& a, std::span<const Tensor> out) {
  Tensor self = a.tensor(0);
  IntVector pad = a.int_list(1);
  ConstantPad p = constant_pad(self, pad);
  if (!p.only_narrowed) fill_tensor_with(out[0], a.scalar(2));
  // The region of the output the (narrowed) input lands in.
  Tensor dst = out[0];
  const int64_t l_pad = static_cast<int64_t>(pad.size() / 2), l_diff = self.dim() - l_pad;
  if (!p.only_narrowed)
    for (int64_t i = l_diff; i < self.dim(); ++i) {
      const size_t k = static_cast<size_t>(2 * (self.dim() - i - 1));
      dst = call_tensor("narrow", dst, i, std::max<int64_t>(pad[k], 0), p.narrowed.size(i));
    }
  copy_into(dst, p.narrowed);
}
Grads constant_pad_nd_backward(const BackwardContext& c, const Grads& g) {
  IntVector pad = c.args().int_list(1);
  for (int64_t& p : pad) p = -p;
  return {call_tensor("constant_pad_nd", g[0], pad, int64_t{0})};
}

// ---- reflection / replication padding --------------------------------------------------------------

// The input index output position j reads, along a dim of `size` padded by `pad` in front.
int64_t reflect_index(int64_t j, int64_t size, int64_t pad) {
  const int64_t i = j < pad ? pad * 2 - j : j < size + pad ? j : (size + pad - 1) * 2 - j;
  return i - pad;
}
int64_t replicate_index(int64_t j, int64_t size, int64_t pad) {
  const int64_t i = j < pad ? pad : j < size + pad ? j : size + pad - 1;
  return i - pad;
}

struct PadMode {
  const char* name; // "reflection" / "replication"
  int64_t (*index)(int64_t, int64_t, int64_t);
};
constexpr PadMode kReflect{"reflection", reflect_index};
constexpr PadMode kReplicate{"replication", replicate_index};

// Output sizes of an N-d reflection/replication pad, with ATen's checks.
template <int64_t N, const PadMode& kMode> SymIntVector pad_nd_sizes(const Tensor& input, const IntVector& pad) {
  check(static_cast<int64_t>(pad.size()) == 2 * N, "padding size is expected to be " + std::to_string(2 * N));
  const bool batched = input.dim() == N + 2;
  bool valid = input.dim() == N + 1 || batched;
  for (int64_t d = batched ? 1 : 0; valid && d < input.dim(); ++d) valid = input.size(d) != 0;
  check(valid, "Expected " + std::to_string(N + 1) + "D or " + std::to_string(N + 2) +
                   "D (batch mode) tensor with possibly 0 batch size and other non-zero dimensions for input, but got: " +
                   shape_str(input.sym_sizes()));
  SymIntVector sizes = sizes_of(input);
  const bool reflect = &kMode == &kReflect;
  static constexpr const char* kArg[] = {"#4", "#6", "#8"};
  static constexpr const char* kName[] = {"W", "H", "D"};
  std::string in_s, out_s;
  bool too_small = false;
  for (int64_t i = 0; i < N; ++i) { // i = 0 is the last dim
    const int64_t dim = input.dim() - 1 - i, in = input.size(dim), l = pad[2 * i], r = pad[2 * i + 1];
    if (reflect)
      check(l < in && r < in, std::string("Argument ") + kArg[i] +
                                  ": Padding size should be less than the corresponding input dimension, but got: padding (" +
                                  std::to_string(l) + ", " + std::to_string(r) + ") at dimension " + std::to_string(dim) +
                                  " of input " + shape_str(input.sym_sizes()));
    sizes[dim] = in + l + r;
    too_small |= in + l + r < 1;
    in_s = std::string(kName[i]) + ": " + std::to_string(in) + (in_s.empty() ? "" : ", ") + in_s;
    out_s = std::string(kName[i]) + ": " + std::to_string(in + l + r) + (out_s.empty() ? "" : " ") + out_s;
  }
  check(!too_small, "input (" + in_s + ") is too small. Calculated output " + out_s);
  return sizes;
}

// For each padded dim (last first), the input index of every output position.
std::vector<IntVector> pad_index_maps(tensor::IntArrayRef in, tensor::IntArrayRef out, const IntVector& pad, int64_t n,
                                      const PadMode& mode) {
  std::vector<IntVector> maps;
  for (int64_t i = 0; i < n; ++i) {
    const size_t dim = in.size() - 1 - static_cast<size_t>(i);
    IntVector m(static_cast<size_t>(out[dim]));
    for (int64_t j = 0; j < out[dim]; ++j) m[j] = mode.index(j, in[dim], pad[2 * i]);
    maps.push_back(std::move(m));
  }
  return maps;
}

// Visits every (output offset, input offset) pair of contiguous tensors in output order.
template <class F>
void for_each_padded(tensor::IntArrayRef in, tensor::IntArrayRef out, const std::vector<IntVector>& maps, F f) {
  const int64_t n = static_cast<int64_t>(maps.size()), nd = static_cast<int64_t>(out.size());
  int64_t outer = 1;
  for (int64_t d = 0; d < nd - n; ++d) outer *= out[d];
  int64_t in_block = 1, out_block = 1;
  for (int64_t d = nd - n; d < nd; ++d) {
    in_block *= in[d];
    out_block *= out[d];
  }
  IntVector idx(static_cast<size_t>(n), 0); // idx[0] is the last dim
  for (int64_t o = 0; o < outer; ++o) {
    std::fill(idx.begin(), idx.end(), 0);
    for (int64_t k = 0; k < out_block; ++k) {
      int64_t src = 0, stride = 1;
      for (int64_t i = 0; i < n; ++i) {
        src += maps[i][idx[i]] * stride;
        stride *= in[nd - 1 - i];
      }
      f(o * out_block + k, o * in_block + src);
      for (int64_t i = 0; i < n && ++idx[i] == out[nd - 1 - i]; ++i) idx[i] = 0;
    }
  }
}

template <int64_t N, const PadMode& kMode> std::vector<TensorSpec> pad_nd_meta(const OpArgs& a) {
  Tensor self = a.tensor(0);
  return {contiguous_spec(pad_nd_sizes<N, kMode>(self, a.int_list(1)), self.dtype(), self)};
}
template <int64_t N, const PadMode& kMode> void pad_nd_kernel(const OpArgs& a, std::span<const Tensor> out) {
  Tensor self = call_tensor("contiguous", a.tensor(0));
  auto maps = pad_index_maps(self.sizes(), out[0].sizes(), a.int_list(1), N, kMode);
  const size_t item = tensor::itemsize(self.dtype());
  const char* src = static_cast<const char*>(self.raw_data());
  char* dst = static_cast<char*>(out[0].raw_data());
  for_each_padded(self.sizes(), out[0].sizes(), maps,
                  [&](int64_t o, int64_t i) { std::memcpy(dst + o * item, src + i * item, item); });
}
// *_backward(grad_output, self, padding): every output position's gradient added to the input it read.
template <int64_t N, const PadMode& kMode> std::vector<TensorSpec> pad_nd_backward_meta(const OpArgs& a) {
  Tensor self = a.tensor(1);
  pad_nd_sizes<N, kMode>(self, a.int_list(2));
  return {contiguous_spec(sizes_of(self), self.dtype(), self)};
}
template <int64_t N, const PadMode& kMode> void pad_nd_backward_kernel(const OpArgs& a, std::span<const Tensor> out) {
  Tensor grad = call_tensor("contiguous", a.tensor(0));
  auto maps = pad_index_maps(out[0].sizes(), grad.sizes(), a.int_list(2), N, kMode);
  tensor::visit_dtype(out[0].dtype(), [&]<class T>() {
    T* gi = out[0].data<T>();
    const T* go = grad.data<T>();
    std::fill(gi, gi + out[0].numel(), T(0));
    for_each_padded(out[0].sizes(), grad.sizes(), maps,
                    [&](int64_t o, int64_t i) { gi[i] = static_cast<T>(gi[i] + go[o]); });
  });
}

template <int64_t N, const PadMode& kMode> const char* pad_op_name(bool backward) {
  static const std::string names[2] = {std::string(kMode.name) + "_pad" + std::to_string(N) + "d",
                                       std::string(kMode.name) + "_pad" + std::to_string(N) + "d_backward"};
  return names[backward ? 1 : 0].c_str();
}
template <int64_t N, const PadMode& kMode> Grads pad_nd_backward(const BackwardContext& c, const Grads& g) {
  return {call_tensor(pad_op_name<N, kMode>(true), g[0], c.tensor(0), c.args()[1])};
}
template <int64_t N, const PadMode& kMode> Grads pad_nd_double_backward(const BackwardContext& c, const Grads& g) {
  Grads out(2);
  if (c.needs_grad_of_arg(0)) out[0] = call_tensor(pad_op_name<N, kMode>(false), g[0], c.args()[2]);
  if (c.needs_grad_of_arg(1)) out[1] = call_tensor("zeros", c.spec_of_arg(1).sizes, g[0].dtype());
  return out;
}

// ---- circular padding and pad ---------------------------------------------------------------------------

// ATen's _pad_circular: copy the input into the middle, then wrap each padded dim.
Value pad_circular_run(const OpArgs& a) {
  Tensor self = a.tensor(0);
  IntVector padding = a.int_list(1);
  const int64_t ndim = self.dim(), padded = static_cast<int64_t>(padding.size() / 2), nonpadded = ndim - padded;
  check(nonpadded == 1 || nonpadded == 2,
        "Invalid padding size, expected 1 or 2 non-padded dimensions, which would be equivalent to padding of length " +
            std::to_string((ndim - 1) * 2) + " or " + std::to_string((ndim - 2) * 2) + " respectively but got " +
            std::to_string(padding.size()));
  IntVector out_shape(self.sizes().begin(), self.sizes().end());
  for (int64_t i = 0; i < padded; ++i) {
    const int64_t l = padding[2 * (padded - i - 1)], r = padding[2 * (padded - i - 1) + 1], size = self.size(nonpadded + i);
    out_shape[nonpadded + i] = size + l + r;
    check(l <= size && r <= size, "Padding value causes wrapping around more than once.");
    check(out_shape[nonpadded + i] >= 0, "Negative padding value is resulting in an empty dimension");
  }
  Tensor out = call_tensor("new_empty", self, out_shape);
  Tensor out_slice = out, in_slice = self;
  for (int64_t i = 0; i < padded; ++i) {
    const int64_t dim = padded - i + nonpadded - 1, l = padding[2 * i], r = padding[2 * i + 1];
    out_slice = slice(out_slice, dim, std::max<int64_t>(l, 0), out_shape[dim] - std::max<int64_t>(r, 0));
    in_slice = slice(in_slice, dim, std::max<int64_t>(-l, 0), self.size(dim) - std::max<int64_t>(-r, 0));
  }
  call("copy_", out_slice, in_slice);
  for (int64_t i = 0; i < padded; ++i) {
    const int64_t dim = padded - i + nonpadded - 1, l = padding[2 * i], r = padding[2 * i + 1];
    if (l > 0)
      call("copy_", slice(out, dim, 0, l),
           slice(out, dim, out_shape[dim] - l - std::max<int64_t>(r, 0), out_shape[dim] - std::max<int64_t>(r, 0)));
    if (r > 0)
      call("copy_", slice(out, dim, out_shape[dim] - r, out_shape[dim]),
           slice(out, dim, std::max<int64_t>(l, 0), std::max<int64_t>(l, 0) + r));
  }
  return out.to_value();
}

// pad(self, pad, mode, value): F.pad's dispatcher over the padding ops.
Value pad_run(const OpArgs& a) {
  Tensor self = a.tensor(0);
  IntVector pad = a.int_list(1);
  std::string_view mode = a.str(2);
  std::optional<double> value = a.optional_double(3);
  if (mode != "constant" && mode != "reflect" && mode != "replicate" && mode != "circular")
    lang::raise(lang::exc::NotImplementedError, "Unrecognised padding mode " + std::string(mode));
  check(pad.size() % 2 == 0, "Padding length must be divisible by 2");
  check(static_cast<int64_t>(pad.size()) <= 2 * self.dim(),
        "Padding length should be less than or equal to two times the input dimension but got padding length " +
            std::to_string(pad.size()) + " and input of dimension " + std::to_string(self.dim()));
  if (mode == "constant") return call("constant_pad_nd", self, pad, value.value_or(0.0));
  check(!value || *value == 0, "Padding mode \"" + std::string(mode) + "\" doesn't take in value argument");
  const int64_t n = static_cast<int64_t>(pad.size() / 2), dim = self.dim();
  if (n >= 1 && n <= 3 && (dim == n + 1 || dim == n + 2)) {
    if (mode == "circular") return call("_pad_circular", self, pad);
    const std::string op = std::string(mode == "reflect" ? "reflection" : "replication") + "_pad" + std::to_string(n) + "d";
    return call(op, self, pad);
  }
  lang::raise(lang::exc::NotImplementedError,
              "Padding size " + std::to_string(pad.size()) + " is not supported for " + std::to_string(dim) +
                  "D input tensor.\nSupported combinations for non-constant padding:\n"
                  "  - 2D or 3D input: padding size = 2 (pads last dimension)\n"
                  "  - 3D or 4D input: padding size = 4 (pads last 2 dimensions)\n"
                  "  - 4D or 5D input: padding size = 6 (pads last 3 dimensions)");
}

template <int64_t N, const PadMode& kMode> void def_pad(OpRegistry& r) {
  const std::string n = std::to_string(N), k = std::to_string(2 * N);
  const std::string name = pad_op_name<N, kMode>(false), node = std::string(kMode.name == std::string("reflection") ? "Reflection" : "Replication") + "Pad" + n + "D";
  r.def(name + "(Tensor self, SymInt[" + k + "] padding) -> Tensor").hidden()
      .structured(pad_nd_meta<N, kMode>, pad_nd_kernel<N, kMode>)
      .derivative(node + "Backward0", pad_nd_backward<N, kMode>).saves({"self"});
  r.def(name + "_backward(Tensor grad_output, Tensor self, SymInt[" + k + "] padding) -> Tensor").hidden()
      .structured(pad_nd_backward_meta<N, kMode>, pad_nd_backward_kernel<N, kMode>)
      .derivative(node + "BackwardBackward0", pad_nd_double_backward<N, kMode>);
}

} // namespace

void register_shape_ops(OpRegistry& r) {
  r.def("cat(Tensor[] tensors, int dim=0) -> Tensor").structured(cat_meta, cat_kernel)
      .derivative("CatBackward0", cat_backward);
  r.def("concat(Tensor[] tensors, int dim=0) -> Tensor").composite(cat_alias_run);
  r.def("concatenate(Tensor[] tensors, int dim=0) -> Tensor").composite(cat_alias_run);
  r.def("stack(Tensor[] tensors, int dim=0) -> Tensor").structured(stack_meta, stack_kernel)
      .derivative("StackBackward0", stack_backward);
  r.def("hstack(Tensor[] tensors) -> Tensor").composite(hstack_run);
  r.def("vstack(Tensor[] tensors) -> Tensor").composite(vstack_run);
  r.def("dstack(Tensor[] tensors) -> Tensor").composite(dstack_run);
  r.def("column_stack(Tensor[] tensors) -> Tensor").composite(column_stack_run);
  r.def("tril(Tensor self, SymInt diagonal=0) -> Tensor").method().structured(tri_meta, tri_kernel<true>)
      .inplace("tril_").derivative("TrilBackward0", tri_backward<true>);
  r.def("triu(Tensor self, SymInt diagonal=0) -> Tensor").method().structured(tri_meta, tri_kernel<false>)
      .inplace("triu_").derivative("TriuBackward0", tri_backward<false>);
  r.def("repeat(Tensor self, SymInt[] repeats) -> Tensor").hidden().method().structured(repeat_meta, repeat_kernel)
      .derivative("RepeatBackward0", repeat_backward);
  r.def("repeat_interleave.Tensor(Tensor repeats, *, SymInt? output_size=None) -> Tensor")
      .structured(repeat_interleave_counts_meta, repeat_interleave_counts_kernel);
  r.def("repeat_interleave.self_Tensor(Tensor self, Tensor repeats, int? dim=None, *, SymInt? output_size=None) -> Tensor")
      .method().composite(repeat_interleave_tensor_run);
  r.def("repeat_interleave.self_int(Tensor self, SymInt repeats, int? dim=None, *, SymInt? output_size=None) -> Tensor")
      .method().composite(repeat_interleave_int_run);
  r.def("roll(Tensor self, SymInt[1] shifts, int[1] dims=[]) -> Tensor").method().structured(roll_meta, roll_kernel)
      .derivative("RollBackward0", roll_backward);
  r.def("flip(Tensor self, int[] dims) -> Tensor").method().structured(flip_meta, flip_kernel)
      .derivative("FlipBackward0", flip_backward);
  r.def("fliplr(Tensor self) -> Tensor").method().composite(fliplr_run);
  r.def("flipud(Tensor self) -> Tensor").method().composite(flipud_run);
  r.def("rot90(Tensor self, int k=1, int[] dims=[0,1]) -> Tensor").method().composite(rot90_run);
  r.def("tile(Tensor self, SymInt[] dims) -> Tensor").method().composite(tile_run);
  const std::string tri_tail = ", *, ScalarType? dtype=long, Layout? layout=None, Device? device=None, bool? pin_memory=None) -> Tensor";
  r.def("tril_indices(int row, int col, int offset=0" + tri_tail).structured(tri_indices_meta<true>, tri_indices_kernel<true>);
  r.def("triu_indices(int row, int col, int offset=0" + tri_tail).structured(tri_indices_meta<false>, tri_indices_kernel<false>);
  r.def("constant_pad_nd(Tensor self, SymInt[] pad, Scalar value=0) -> Tensor")
      .structured(constant_pad_nd_meta, constant_pad_nd_kernel)
      .derivative("ConstantPadNdBackward0", constant_pad_nd_backward);
  def_pad<1, kReflect>(r);
  def_pad<2, kReflect>(r);
  def_pad<3, kReflect>(r);
  def_pad<1, kReplicate>(r);
  def_pad<2, kReplicate>(r);
  def_pad<3, kReplicate>(r);
  r.def("_pad_circular(Tensor self, SymInt[] pad) -> Tensor").hidden().composite(pad_circular_run);
  r.def("pad(Tensor self, SymInt[] pad, str mode=\"constant\", float? value=None) -> Tensor").hidden().composite(pad_run);
}

} // namespace refc::ops
