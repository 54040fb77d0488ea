// View ops: results that alias their input's storage with new sizes, strides
// and offset (view, as_strided, expand, permute, transpose, select, slice,
// squeeze, unsqueeze, diagonal, unfold, split and friends), the composites
// built from them (reshape, flatten, narrow, movedim, ...), and the *_backward
// ops their derivatives use.
#include "reference_compiler/ops/op_family.h"

#include <limits>
#include <numeric>

namespace refc::ops {

namespace {

SymIntVector sizes_of(const Tensor& t) { return {t.sym_sizes().begin(), t.sym_sizes().end()}; }
SymIntVector strides_of(const Tensor& t) { return {t.sym_strides().begin(), t.sym_strides().end()}; }

TensorSpec view_spec(const Tensor& self, SymIntVector sizes, SymIntVector strides, SymInt offset) {
  return TensorSpec{std::move(sizes), std::move(strides), offset, self.dtype(), self.device()};
}
std::vector<TensorSpec> one(TensorSpec s) { return {std::move(s)}; }

// ---- view / as_strided --------------------------------------------------------------

// The strides of a view of self with `sizes` (-1 already inferred), or
// nullopt when no view has them. Tensors without data take the shortcuts of
// torch._refs._reshape_view_helper, as fake tensors do in PyTorch: a
// contiguous tensor flattened to 1-d or a 1-d one viewed as 2-d needs no
// question about its sizes (computeStride's would each become a guard).
std::optional<SymIntVector> view_geometry(const Tensor& self, const SymIntVector& sizes) {
  if (!self.has_data() && self.dim() > 0 && self->is_contiguous && !(self->sym_numel() == 0).expect_bool()) {
    if (sizes.size() == 1 && self.dim() > 1) return SymIntVector{1};
    if (sizes.size() == 2 && self.dim() == 1) return SymIntVector{sizes[1], 1};
  }
  return view_strides(self.sym_sizes(), self.sym_strides(), sizes);
}

std::vector<TensorSpec> view_meta(const OpArgs& a) {
  Tensor self = a.tensor(0);
  SymIntVector sizes = infer_size(a.sym_int_list(1), self->sym_numel());
  auto strides = view_geometry(self, sizes);
  if (!strides)
    fail("view size is not compatible with input tensor's size and stride (at least one dimension "
         "spans across two contiguous subspaces). Use .reshape(...) instead.");
  return one(view_spec(self, std::move(sizes), std::move(*strides), self->sym_storage_offset()));
}

std::vector<TensorSpec> as_strided_meta(const OpArgs& a) {
  Tensor self = a.tensor(0);
  SymIntVector sizes = a.sym_int_list(1), strides = a.sym_int_list(2);
  check(sizes.size() == strides.size(), "mismatch in length of strides and shape");
  for (const SymInt& s : strides)
    check((s >= 0).expect_bool(), "as_strided: Negative strides are not supported at the moment, got strides: " + shape_str(strides));
  SymInt offset = a.is_none(3) ? self->sym_storage_offset() : a.sym_int(3);
  check((offset >= 0).expect_bool(), "Tensor: invalid storage offset " + offset.str());
  // The view must stay inside the storage.
  if (self.has_data()) {
    int64_t extent = offset.expect_int() + 1;
    bool empty = false;
    for (size_t i = 0; i < sizes.size(); ++i) {
      if (sizes[i].expect_int() == 0) empty = true;
      extent += (sizes[i].expect_int() - 1) * strides[i].expect_int();
    }
    size_t need = empty ? 0 : static_cast<size_t>(extent) * tensor::itemsize(self.dtype());
    check(need <= self->storage->nbytes,
          "setStorage: sizes " + shape_str(sizes) + ", strides " + shape_str(strides) +
              ", storage offset " + offset.str() + ", and itemsize " +
              std::to_string(tensor::itemsize(self.dtype())) + " requiring a storage size of " +
              std::to_string(need) + " are out of bounds for storage of size " +
              std::to_string(self->storage->nbytes));
  }
  return one(view_spec(self, std::move(sizes), std::move(strides), offset));
}

std::vector<TensorSpec> alias_meta(const OpArgs& a) {
  Tensor self = a.tensor(0);
  return one(view_spec(self, sizes_of(self), strides_of(self), self->sym_storage_offset()));
}

// view(dtype): the same bytes read as another dtype; with a different
// element size the last dimension (which must be contiguous) scales.
std::vector<TensorSpec> view_dtype_meta(const OpArgs& a) {
  Tensor self = a.tensor(0);
  DType to = *a.dtype(1);
  SymIntVector sizes = sizes_of(self), strides = strides_of(self);
  SymInt offset = self->sym_storage_offset();
  const int64_t from_size = static_cast<int64_t>(tensor::itemsize(self.dtype()));
  const int64_t to_size = static_cast<int64_t>(tensor::itemsize(to));
  const std::string what = " to view " + std::string(tensor::scalar_type_name(self.dtype())) + " as " +
                           std::string(tensor::scalar_type_name(to)) + " (different element sizes)";
  if (from_size != to_size) {
    check(self.dim() > 0, "self.dim() cannot be 0" + what);
    const int64_t last_stride = strides.back().expect_int();
    check(last_stride == 1, "self.stride(-1) must be 1" + what + ", but got " + std::to_string(last_stride));
  }
  if (from_size > to_size) {
    const int64_t ratio = from_size / to_size;
    for (size_t i = 0; i + 1 < strides.size(); ++i) strides[i] = strides[i] * ratio;
    sizes.back() = sizes.back() * ratio;
    offset = offset * ratio;
  } else if (from_size < to_size) {
    const int64_t ratio = to_size / from_size;
    const std::string by = " must be divisible by " + std::to_string(ratio) + what + ", but got ";
    const int64_t last_size = sizes.back().expect_int();
    check(last_size % ratio == 0, "self.size(-1)" + by + std::to_string(last_size));
    check(offset.expect_int() % ratio == 0, "self.storage_offset()" + by + offset.str());
    for (size_t i = 0; i + 1 < strides.size(); ++i) {
      check(strides[i].expect_int() % ratio == 0,
            "self.stride(" + std::to_string(i) + ")" + by + strides[i].str());
      strides[i] = strides[i].expect_int() / ratio;
    }
    sizes.back() = sizes.back().expect_int() / ratio;
    offset = offset.expect_int() / ratio;
  }
  TensorSpec spec = view_spec(self, std::move(sizes), std::move(strides), offset);
  spec.dtype = to;
  return one(std::move(spec));
}

// ---- expand / permute / transpose -----------------------------------------------------

std::vector<TensorSpec> expand_meta(const OpArgs& a) {
  Tensor self = a.tensor(0);
  SymIntVector target = a.sym_int_list(1);
  int64_t nd = static_cast<int64_t>(target.size());
  if (nd < self.dim())
    fail("expand(" + std::string(tensor::legacy_type_name(self.dtype())) + "{" + shape_str(self.sym_sizes()) +
         "}, size=" + shape_str(target) + "): the number of sizes provided (" + std::to_string(nd) +
         ") must be greater or equal to the number of dimensions in the tensor (" +
         std::to_string(self.dim()) + ")");
  SymIntVector sizes(nd), strides(nd);
  for (int64_t i = nd - 1; i >= 0; --i) {
    int64_t offset = nd - 1 - i;
    int64_t dim = self.dim() - 1 - offset;
    SymInt size = dim >= 0 ? self.sym_size(dim) : SymInt(1);
    // A new leading dim continues the layout of the dims after it (a new
    // last dim, when self is 0-d, has stride 1).
    SymInt stride = dim >= 0 ? self.sym_strides()[dim] : i + 1 < nd ? sizes[i + 1] * strides[i + 1] : SymInt(1);
    SymInt want = target[i];
    if ((want == -1).expect_bool()) {
      check(dim >= 0, "The expanded size of the tensor (-1) isn't allowed in a leading, non-existing dimension " + std::to_string(i));
      want = size;
    }
    // Asked as torch._refs.expand asks it (requested == size), which is how the guard reads.
    if (!(want == size).expect_bool()) {
      if (!(size == 1).expect_bool())
        fail("The expanded size of the tensor (" + want.str() +
             ") must match the existing size (" + size.str() +
             ") at non-singleton dimension " + std::to_string(i) + ".  Target sizes: " +
             shape_str(target) + ".  Tensor sizes: " + shape_str(self.sym_sizes()));
      size = want;
      stride = 0;
    }
    sizes[i] = size;
    strides[i] = stride;
  }
  return one(view_spec(self, std::move(sizes), std::move(strides), self->sym_storage_offset()));
}

std::vector<TensorSpec> permute_meta(const OpArgs& a) {
  Tensor self = a.tensor(0);
  tensor::IntVector dims = a.int_list(1);
  if (static_cast<int64_t>(dims.size()) != self.dim())
    fail("permute(sparse_coo): number of dimensions in the tensor input does not match the length "
         "of the desired ordering of dimensions i.e. input.dim() = " + std::to_string(self.dim()) +
         " is not equal to len(dims) = " + std::to_string(dims.size()));
  SymIntVector sizes, strides;
  std::vector<bool> seen(dims.size(), false);
  for (int64_t d : dims) {
    int64_t w = wrap_dim(d, self.dim());
    check(!seen[w], "permute(): duplicate dims are not allowed.");
    seen[w] = true;
    sizes.push_back(self.sym_size(w));
    strides.push_back(self.sym_strides()[w]);
  }
  return one(view_spec(self, std::move(sizes), std::move(strides), self->sym_storage_offset()));
}

std::vector<TensorSpec> transpose_meta(const OpArgs& a) {
  Tensor self = a.tensor(0);
  int64_t d0 = wrap_dim(a.int_(1), self.dim()), d1 = wrap_dim(a.int_(2), self.dim());
  SymIntVector sizes = sizes_of(self), strides = strides_of(self);
  if (self.dim() > 0) {
    std::swap(sizes[d0], sizes[d1]);
    std::swap(strides[d0], strides[d1]);
  }
  return one(view_spec(self, std::move(sizes), std::move(strides), self->sym_storage_offset()));
}

std::vector<TensorSpec> t_meta(const OpArgs& a) {
  Tensor self = a.tensor(0);
  if (self.dim() > 2)
    fail("t() expects a tensor with <= 2 dimensions, but self is " + std::to_string(self.dim()) + "D");
  SymIntVector sizes = sizes_of(self), strides = strides_of(self);
  if (self.dim() == 2) {
    std::swap(sizes[0], sizes[1]);
    std::swap(strides[0], strides[1]);
  }
  return one(view_spec(self, std::move(sizes), std::move(strides), self->sym_storage_offset()));
}

// ---- select / slice / narrow -----------------------------------------------------------

std::vector<TensorSpec> select_meta(const OpArgs& a) {
  Tensor self = a.tensor(0);
  if (self.dim() == 0) fail_index("select() cannot be applied to a 0-dim tensor.");
  int64_t dim = wrap_dim(a.int_(1), self.dim());
  SymInt size = self.sym_size(dim);
  SymInt index = a.sym_int(2);
  if ((index < -size).expect_bool() || (index >= size).expect_bool())
    fail_index("select(): index " + index.str() +
               " out of range for tensor of size " + shape_str(self.sym_sizes()) +
               " at dimension " + std::to_string(dim));
  if ((index < 0).expect_bool()) index += size;
  SymIntVector sizes = sizes_of(self), strides = strides_of(self);
  SymInt offset = self->sym_storage_offset() + index * strides[dim];
  sizes.erase(sizes.begin() + dim);
  strides.erase(strides.begin() + dim);
  return one(view_spec(self, std::move(sizes), std::move(strides), offset));
}

// Python-style clamping of slice bounds (start/end may be out of range).
// Where a slice bound lands in a dim of `size` (torch._subclasses.fake_impls.
// _compute_slice_index): each question is one PyTorch asks, so a symbolic
// bound adds the guards 2.14 adds and no others.
SymInt slice_index(const SymInt& size, const SymInt& index) {
  if ((index >= 0 && index <= size).expect_bool()) return index;
  if ((index < 0 && index >= -size).expect_bool()) return index + size;
  if ((index < -size).expect_bool()) return 0;
  return size;
}

std::vector<TensorSpec> slice_meta(const OpArgs& a) {
  Tensor self = a.tensor(0);
  check(self.dim() > 0, "slice() cannot be applied to a 0-dim tensor.");
  int64_t dim = wrap_dim(a.int_(1), self.dim());
  SymInt size = self.sym_size(dim);
  SymInt step = a.sym_int(4);
  check((step > 0).expect_bool(), "slice step must be positive");
  SymInt start = a.is_none(2) ? SymInt(0) : slice_index(size, a.sym_int(2));
  SymInt end = a.is_none(3) || (a.sym_int(3) == std::numeric_limits<int64_t>::max()).statically_true()
                   ? size
                   : slice_index(size, a.sym_int(3));
  SymIntVector sizes = sizes_of(self), strides = strides_of(self);
  SymInt offset = self->sym_storage_offset() + start * strides[dim];
  sizes[dim] = (end >= start).expect_bool() ? (end - start + step - 1).floordiv(step) : SymInt(0);
  strides[dim] = strides[dim] * step;
  return one(view_spec(self, std::move(sizes), std::move(strides), offset));
}

// ---- squeeze / unsqueeze -----------------------------------------------------------------

TensorSpec squeeze_spec(const Tensor& self, uint64_t mask) {
  SymIntVector sizes, strides;
  for (int64_t d = 0; d < self.dim(); ++d) {
    if ((mask >> d & 1) && (self.sym_size(d) == 1).expect_bool()) continue;
    sizes.push_back(self.sym_size(d));
    strides.push_back(self.sym_strides()[d]);
  }
  return view_spec(self, std::move(sizes), std::move(strides), self->sym_storage_offset());
}

std::vector<TensorSpec> squeeze_meta(const OpArgs& a) { return one(squeeze_spec(a.tensor(0), ~uint64_t{0})); }
std::vector<TensorSpec> squeeze_dim_meta(const OpArgs& a) {
  Tensor self = a.tensor(0);
  return one(squeeze_spec(self, self.dim() == 0 ? 0 : uint64_t{1} << wrap_dim(a.int_(1), self.dim())));
}
std::vector<TensorSpec> squeeze_dims_meta(const OpArgs& a) {
  Tensor self = a.tensor(0);
  return one(squeeze_spec(self, self.dim() == 0 ? 0 : dim_mask(a.int_list(1), self.dim())));
}

std::vector<TensorSpec> unsqueeze_meta(const OpArgs& a) {
  Tensor self = a.tensor(0);
  int64_t dim = wrap_dim(a.int_(1), self.dim() + 1);
  SymIntVector sizes = sizes_of(self), strides = strides_of(self);
  SymInt stride = dim >= self.dim() ? SymInt(1) : sizes[dim] * strides[dim];
  sizes.insert(sizes.begin() + dim, 1);
  strides.insert(strides.begin() + dim, stride);
  return one(view_spec(self, std::move(sizes), std::move(strides), self->sym_storage_offset()));
}

// ---- diagonal / unfold -------------------------------------------------------------------

std::vector<TensorSpec> diagonal_meta(const OpArgs& a) {
  Tensor self = a.tensor(0);
  int64_t offset = a.int_(1);
  int64_t d1 = wrap_dim(a.int_(2), self.dim()), d2 = wrap_dim(a.int_(3), self.dim());
  check(d1 != d2, "diagonal dimensions cannot be identical " + std::to_string(a.int_(2)) + ", " + std::to_string(a.int_(3)));
  SymInt storage_offset = self->sym_storage_offset();
  SymInt len;
  if (offset >= 0) {
    len = tensor::sym_max(tensor::sym_min(self.sym_size(d1), self.sym_size(d2) - offset), 0);
    storage_offset += self.sym_strides()[d2] * offset;
  } else {
    len = tensor::sym_max(tensor::sym_min(self.sym_size(d1) + offset, self.sym_size(d2)), 0);
    storage_offset -= self.sym_strides()[d1] * offset;
  }
  if ((len == 0).expect_bool()) storage_offset = self->sym_storage_offset();
  SymIntVector sizes, strides;
  for (int64_t d = 0; d < self.dim(); ++d)
    if (d != d1 && d != d2) {
      sizes.push_back(self.sym_size(d));
      strides.push_back(self.sym_strides()[d]);
    }
  sizes.push_back(len);
  strides.push_back(self.sym_strides()[d1] + self.sym_strides()[d2]);
  return one(view_spec(self, std::move(sizes), std::move(strides), storage_offset));
}

std::vector<TensorSpec> unfold_meta(const OpArgs& a) {
  Tensor self = a.tensor(0);
  int64_t dim = wrap_dim(a.int_(1), self.dim());
  int64_t size = a.int_(2), step = a.int_(3);
  int64_t max_size = self.dim() == 0 ? 1 : self.size(dim);
  check(size <= max_size, "maximum size for tensor at dimension " + std::to_string(dim) + " is " +
                              std::to_string(max_size) + " but size is " + std::to_string(size));
  check(step > 0, "step is " + std::to_string(step) + " but must be > 0");
  SymIntVector sizes = sizes_of(self), strides = strides_of(self);
  SymInt stride = self.dim() == 0 ? SymInt(1) : strides[dim];
  if (self.dim() > 0) {
    sizes[dim] = (max_size - size) / step + 1;
    strides[dim] = stride * step;
  }
  sizes.push_back(size);
  strides.push_back(stride);
  return one(view_spec(self, std::move(sizes), std::move(strides), self->sym_storage_offset()));
}

// ---- split family (several views) ----------------------------------------------------------

// The views of split_with_sizes, after its checks (torch._refs.split_with_sizes:
// every size nonnegative, then their sum).
std::vector<TensorSpec> split_pieces(const Tensor& self, int64_t dim, const SymIntVector& lengths) {
  SymInt total = 0;
  for (const SymInt& l : lengths) {
    check((l >= 0).expect_bool(),
          "split_with_sizes expects split_sizes have only non-negative entries, but got split_sizes=" +
              shape_str(lengths));
    total += l;
  }
  check((total == self.sym_size(dim)).expect_bool(),
        "split_with_sizes expects split_sizes to sum exactly to " + self.sym_size(dim).str() +
            " (input tensor's size at dimension " + std::to_string(dim) +
            "), but got split_sizes=" + shape_str(lengths));
  std::vector<TensorSpec> out;
  SymInt start = 0;
  for (const SymInt& len : lengths) {
    SymIntVector sizes = sizes_of(self), strides = strides_of(self);
    sizes[dim] = len;
    out.push_back(view_spec(self, std::move(sizes), std::move(strides),
                            self->sym_storage_offset() + start * self.sym_strides()[dim]));
    start += len;
  }
  return out;
}

std::vector<TensorSpec> split_meta(const OpArgs& a) {
  Tensor self = a.tensor(0);
  check(self.dim() != 0, "split expects at least a 1-dimensional tensor");
  int64_t dim = wrap_dim(a.int_(2), self.dim());
  SymInt split = a.sym_int(1);
  SymInt size = self.sym_size(dim);
  check((split >= 0).expect_bool(), "split expects split_size be non-negative, but got split_size=" + split.str());
  // As torch._decomp's split: the number of pieces is guarded, their sizes stay symbolic.
  if ((size == 0).expect_bool()) return split_pieces(self, dim, {size});
  check((split > 0).expect_bool(),
        "split_size can only be 0 if dimension size is 0, but got dimension size of " + size.str());
  const int64_t chunks = (size + split - 1).floordiv(split).expect_int();
  SymIntVector lengths(static_cast<size_t>(chunks), split);
  lengths.back() = split - (split * chunks - size);
  return split_pieces(self, dim, lengths);
}

std::vector<TensorSpec> split_with_sizes_meta(const OpArgs& a) {
  Tensor self = a.tensor(0);
  check(self.dim() != 0, "split expects at least a 1-dimensional tensor");
  int64_t dim = wrap_dim(a.int_(2), self.dim());
  return split_pieces(self, dim, a.sym_int_list(1));
}

std::vector<TensorSpec> unbind_meta(const OpArgs& a) {
  Tensor self = a.tensor(0);
  check(self.dim() > 0, "Dimension specified as 0 but tensor has no dimensions");
  int64_t dim = wrap_dim(a.int_(1), self.dim());
  std::vector<TensorSpec> out;
  for (int64_t i = 0; i < self.size(dim); ++i) {
    SymIntVector sizes = sizes_of(self), strides = strides_of(self);
    sizes.erase(sizes.begin() + dim);
    strides.erase(strides.begin() + dim);
    out.push_back(view_spec(self, std::move(sizes), std::move(strides),
                            self->sym_storage_offset() + self.sym_strides()[dim] * i));
  }
  return out;
}

// ---- composites ------------------------------------------------------------------------------

Value reshape_run(const OpArgs& a) {
  Tensor self = a.tensor(0);
  SymIntVector sizes = infer_size(a.sym_int_list(1), self->sym_numel());
  if (view_geometry(self, sizes)) return call("view", self, sizes);
  return call("_unsafe_view", call_tensor("clone", self, "contiguous_format"), sizes);
}

Value flatten_run(const OpArgs& a) {
  Tensor self = a.tensor(0);
  int64_t start = wrap_dim(a.int_(1), self.dim()), end = wrap_dim(a.int_(2), self.dim());
  check(start <= end, "flatten() has invalid args: start_dim cannot come after end_dim");
  if (self.dim() == 0) return call("reshape", self, tensor::IntVector{1});
  if (start == end) return self.to_value();
  SymIntVector sizes;
  for (int64_t d = 0; d < start; ++d) sizes.push_back(self.sym_size(d));
  SymInt prod = 1;
  for (int64_t d = start; d <= end; ++d) prod *= self.sym_size(d);
  sizes.push_back(prod);
  for (int64_t d = end + 1; d < self.dim(); ++d) sizes.push_back(self.sym_size(d));
  return call("reshape", self, sizes);
}

Value unflatten_run(const OpArgs& a) {
  Tensor self = a.tensor(0);
  int64_t dim = wrap_dim(a.int_(1), self.dim());
  SymIntVector given = a.sym_int_list(2);
  check(!given.empty(), "unflatten: sizes must be non-empty");
  // ATen rewords infer_size's "shape '[...]' is invalid for input of size N"
  // (sizes without -1 here; with -1 infer_size's own check speaks).
  SymInt known = 1;
  bool inferred = false;
  for (const SymInt& s : given) {
    if ((s == -1).expect_bool()) inferred = true;
    else known *= s;
  }
  const SymInt& size = self.sym_size(dim);
  if (!inferred && !(size == known).expect_bool())
    fail("unflatten: Provided sizes " + shape_str(given) + " don't multiply up to the size of dim " +
         std::to_string(dim) + " (" + size.str() + ") in the input tensor");
  SymIntVector inner = infer_size(given, size);
  SymIntVector sizes = sizes_of(self);
  sizes.erase(sizes.begin() + dim);
  sizes.insert(sizes.begin() + dim, inner.begin(), inner.end());
  return call("view", self, sizes);
}

Value narrow_run(const OpArgs& a) {
  Tensor self = a.tensor(0);
  check(self.dim() > 0, "narrow() cannot be applied to a 0-dim tensor.");
  int64_t dim = wrap_dim(a.int_(1), self.dim());
  int64_t size = self.size(dim), start = a.int_(2), length = a.int_(3);
  check(length >= 0, "narrow(): length must be non-negative.");
  check(start >= -size && start <= size,
        "start out of range (expected to be in range of [" + std::to_string(-size) + ", " +
            std::to_string(size) + "], but got " + std::to_string(start) + ")");
  if (start < 0) start += size;
  check(start <= size - length, "start (" + std::to_string(start) + ") + length (" + std::to_string(length) +
                                    ") exceeds dimension size (" + std::to_string(size) + ").");
  return call("slice.Tensor", self, dim, start, start + length, int64_t{1});
}

// split.sizes: Tensor.split with a list of sizes is split_with_sizes.
Value split_sizes_run(const OpArgs& a) { return call("split_with_sizes", a[0], a[1], a[2]); }

// tensor_split: `sections` near-equal pieces (the first size % sections one
// longer), or the pieces between the given indices; slices, so views.
Value tensor_split_pieces(const Tensor& self, int64_t dim, const IntVector& bounds) {
  std::vector<Tensor> pieces;
  for (size_t i = 0; i + 1 < bounds.size(); ++i)
    pieces.push_back(call_tensor("slice.Tensor", self, dim, bounds[i], bounds[i + 1], int64_t{1}));
  return tensor_list_value(pieces);
}
int64_t tensor_split_dim(const OpArgs& a) {
  Tensor self = a.tensor(0);
  check(self.dim() > 0, "tensor_split expected at least a 1-dimensional tensor, but got a tensor with " +
                            std::to_string(self.dim()) + " dims");
  return wrap_dim(a.int_(2), self.dim());
}
Value tensor_split_sections(const Tensor& self, int64_t dim, int64_t sections) {
  check(sections > 0, "number of sections must be larger than 0, got " + std::to_string(sections));
  const int64_t size = self.size(dim);
  IntVector bounds{0};
  for (int64_t i = 0; i < sections; ++i) bounds.push_back(bounds.back() + size / sections + (i < size % sections ? 1 : 0));
  return tensor_split_pieces(self, dim, bounds);
}
Value tensor_split_indices(const Tensor& self, int64_t dim, IntVector indices) {
  indices.insert(indices.begin(), 0);
  indices.push_back(self.size(dim));
  return tensor_split_pieces(self, dim, indices);
}
Value tensor_split_sections_run(const OpArgs& a) {
  return tensor_split_sections(a.tensor(0), tensor_split_dim(a), a.int_(1));
}
Value tensor_split_indices_run(const OpArgs& a) {
  return tensor_split_indices(a.tensor(0), tensor_split_dim(a), a.int_list(1));
}
// tensor_split.tensor_indices_or_sections: a 0-d long tensor of sections or a 1-d one of indices.
Value tensor_split_tensor_run(const OpArgs& a) {
  Tensor self = a.tensor(0), t = a.tensor(1);
  const int64_t dim = tensor_split_dim(a);
  check(t.dtype() == DType::Int64, "tensor_split expected tensor_indices_or_sections to have dtype of long, but got " +
                                       std::string(tensor::scalar_type_name(t.dtype())));
  check(t.dim() <= 1, "tensor_split expected tensor_indices_or_sections to be a zero-dimensional or one-dimensional "
                      "tensor, but got a tensor with " + std::to_string(t.dim()) + " dims");
  Tensor c = call_tensor("contiguous", t);
  if (t.dim() == 0) return tensor_split_sections(self, dim, c.data<int64_t>()[0]);
  return tensor_split_indices(self, dim, IntVector(c.data<int64_t>(), c.data<int64_t>() + c.numel()));
}

Value chunk_run(const OpArgs& a) {
  Tensor self = a.tensor(0);
  check(self.dim() > 0, "chunk expects at least a 1-dimensional tensor");
  int64_t chunks = a.int_(1);
  check(chunks > 0, "chunk expects `chunks` to be greater than 0, got: " + std::to_string(chunks));
  int64_t dim = wrap_dim(a.int_(2), self.dim());
  int64_t size = self.size(dim);
  int64_t split = (size + chunks - 1) / chunks;
  if (split == 0 && size == 0) {
    SymIntVector lengths(chunks, split);
    lengths.back() = size - split * (chunks - 1);
    return call("split_with_sizes", self, lengths, dim);
  }
  return call("split.Tensor", self, split, dim);
}

Value movedim_run(const OpArgs& a) {
  Tensor self = a.tensor(0);
  int64_t nd = self.dim();
  int64_t src = wrap_dim(a.int_(1), nd), dst = wrap_dim(a.int_(2), nd);
  tensor::IntVector order;
  for (int64_t d = 0; d < nd; ++d)
    if (d != src) order.push_back(d);
  if (nd > 0) order.insert(order.begin() + dst, src);
  return call("permute", self, order);
}

Value expand_as_run(const OpArgs& a) { return call("expand", a.tensor(0), a.tensor(1).sym_sizes()); }
Value view_as_run(const OpArgs& a) { return call("view", a.tensor(0), a.tensor(1).sym_sizes()); }
Value reshape_as_run(const OpArgs& a) { return call("reshape", a.tensor(0), a.tensor(1).sym_sizes()); }
Value swapaxes_run(const OpArgs& a) { return call("transpose.int", a.tensor(0), a.int_(1), a.int_(2)); }

// detach: an alias with no autograd history and no view relationship, but
// the same version counter.
Value detach_run(const OpArgs& a) {
  Tensor self = a.tensor(0);
  Tensor out = Tensor::alias(tensor::tensor_type(), self->storage, sizes_of(self), strides_of(self),
                             self->sym_storage_offset(), self.dtype());
  out->version = self->version;
  return out.to_value();
}

Value unsafe_view_run(const OpArgs& a) {
  // The input is a fresh contiguous tensor nobody else sees: viewing it is safe.
  Tensor self = a.tensor(0);
  SymIntVector sizes = infer_size(a.sym_int_list(1), self->sym_numel());
  return Tensor::alias(tensor::tensor_type(), self->storage, sizes, tensor::contiguous_strides(sizes),
                       self->sym_storage_offset(), self.dtype())
      .to_value();
}

// The same geometry as unsafe_view_run, for inputs without data (fake tensors
// while tracing: matmul of a 3-D input by a matrix ends in _unsafe_view).
std::vector<TensorSpec> unsafe_view_meta(const OpArgs& a) {
  Tensor self = a.tensor(0);
  SymIntVector sizes = infer_size(a.sym_int_list(1), self->sym_numel());
  auto strides = tensor::contiguous_strides(sizes);
  return one(TensorSpec{std::move(sizes), std::move(strides), self->sym_storage_offset(), self.dtype(), self.device()});
}

// ---- derivatives ----------------------------------------------------------------------------

Grads view_backward(const BackwardContext& c, const Grads& g) {
  return {call_tensor("reshape", g[0], c.spec_of_arg(0).sizes)};
}
Grads expand_backward(const BackwardContext& c, const Grads& g) {
  return {call_tensor("sum_to_size", g[0], c.spec_of_arg(0).sizes)};
}
Grads permute_backward(const BackwardContext& c, const Grads& g) {
  tensor::IntVector dims = c.args().int_list(1);
  int64_t nd = static_cast<int64_t>(dims.size());
  tensor::IntVector inverse(dims.size());
  for (int64_t i = 0; i < nd; ++i) inverse[wrap_dim(dims[i], nd)] = i;
  return {call_tensor("permute", g[0], inverse)};
}
Grads transpose_backward(const BackwardContext& c, const Grads& g) {
  return {call_tensor("transpose.int", g[0], c.args().int_(1), c.args().int_(2))};
}
Grads t_backward(const BackwardContext&, const Grads& g) { return {call_tensor("t", g[0])}; }
Grads select_backward(const BackwardContext& c, const Grads& g) {
  return {call_tensor("select_backward", g[0], c.spec_of_arg(0).sizes, c.args().int_(1), c.args().int_(2))};
}
Grads slice_backward(const BackwardContext& c, const Grads& g) {
  OpArgs a = c.args();
  const SymIntVector& sizes = c.spec_of_arg(0).sizes;
  int64_t dim = wrap_dim(a.int_(1), static_cast<int64_t>(sizes.size()));
  int64_t size = sizes[dim].expect_int();
  int64_t start = a.is_none(2) ? 0 : a.int_(2), end = a.is_none(3) ? size : a.int_(3);
  return {call_tensor("slice_backward", g[0], sizes, dim, start, end, a.int_(4))};
}
Grads reshape_to_input(const BackwardContext& c, const Grads& g) {
  return {call_tensor("reshape", g[0], c.spec_of_arg(0).sizes)};
}
Grads unsqueeze_backward(const BackwardContext& c, const Grads& g) {
  return {call_tensor("squeeze.dim", g[0], c.args().int_(1))};
}
Grads as_strided_backward(const BackwardContext& c, const Grads& g) {
  const TensorSpec& in = c.spec_of_arg(0);
  OpArgs a = c.args();
  return {call_tensor("as_strided_scatter", call_tensor("zeros", in.sizes, g[0].dtype()), g[0],
                      a.sym_int_list(1), a.sym_int_list(2), a[3])};
}
Grads diagonal_backward(const BackwardContext& c, const Grads& g) {
  OpArgs a = c.args();
  return {call_tensor("diagonal_backward", g[0], c.spec_of_arg(0).sizes, a.int_(1), a.int_(2), a.int_(3))};
}
Grads split_backward(const BackwardContext& c, const Grads& g) {
  OpArgs a = c.args();
  const SymIntVector& sizes = c.spec_of_arg(0).sizes;
  int64_t dim = wrap_dim(a.int_(2), static_cast<int64_t>(sizes.size()));
  return {call_tensor("cat", g, dim)};
}
Grads unbind_backward(const BackwardContext& c, const Grads& g) {
  return {call_tensor("stack", g, c.args().int_(1))};
}
Grads alias_backward(const BackwardContext&, const Grads& g) { return {g[0]}; }
Grads unfold_backward(const BackwardContext& c, const Grads& g) {
  OpArgs a = c.args();
  return {call_tensor("unfold_backward", g[0], c.spec_of_arg(0).sizes, a.int_(1), a.int_(2), a.int_(3))};
}

// The *_backward ops are linear in the gradient: their own derivative takes
// the same view of the incoming gradient.
Grads select_backward_backward(const BackwardContext& c, const Grads& g) {
  return {call_tensor("select.int", g[0], c.args().int_(2), c.args().int_(3))};
}
Grads slice_backward_backward(const BackwardContext& c, const Grads& g) {
  OpArgs a = c.args();
  return {call_tensor("slice.Tensor", g[0], a.int_(2), a.int_(3), a.int_(4), a.int_(5))};
}
Grads diagonal_backward_backward(const BackwardContext& c, const Grads& g) {
  OpArgs a = c.args();
  return {call_tensor("diagonal", g[0], a.int_(2), a.int_(3), a.int_(4))};
}
Grads unfold_backward_backward(const BackwardContext& c, const Grads& g) {
  OpArgs a = c.args();
  return {call_tensor("unfold", g[0], a.int_(2), a.int_(3), a.int_(4))};
}
Grads as_strided_scatter_backward(const BackwardContext& c, const Grads& g) {
  OpArgs a = c.args();
  Grads out(2);
  if (c.needs_grad_of_arg(0))
    out[0] = call_tensor("as_strided_scatter", g[0], call_tensor("zeros", a.sym_int_list(2), g[0].dtype()),
                         a.sym_int_list(2), a.sym_int_list(3), a[4]);
  if (c.needs_grad_of_arg(1))
    out[1] = call_tensor("clone", call_tensor("as_strided", g[0], a.sym_int_list(2), a.sym_int_list(3), a[4]));
  return out;
}

// ---- *_backward ops: zeros of the input's shape with the gradient written
// where the view looked. ---------------------------------------------------------------------

std::vector<TensorSpec> backward_input_meta(const OpArgs& a) {
  Tensor grad = a.tensor(0);
  SymIntVector sizes = a.sym_int_list(1);
  return {TensorSpec{sizes, tensor::contiguous_strides(sizes), 0, grad.dtype(), grad.device()}};
}

void zero_fill(const Tensor& t) {
  if (t.numel() > 0) std::memset(t.raw_data(), 0, static_cast<size_t>(t.numel()) * tensor::itemsize(t.dtype()));
}

void select_backward_kernel(const OpArgs& a, std::span<const Tensor> out) {
  zero_fill(out[0]);
  copy_into(call_tensor("select.int", out[0], a.int_(2), a.int_(3)), a.tensor(0));
}
void slice_backward_kernel(const OpArgs& a, std::span<const Tensor> out) {
  zero_fill(out[0]);
  copy_into(call_tensor("slice.Tensor", out[0], a.int_(2), a.int_(3), a.int_(4), a.int_(5)), a.tensor(0));
}
void diagonal_backward_kernel(const OpArgs& a, std::span<const Tensor> out) {
  zero_fill(out[0]);
  copy_into(call_tensor("diagonal", out[0], a.int_(2), a.int_(3), a.int_(4)), a.tensor(0));
}
void unfold_backward_kernel(const OpArgs& a, std::span<const Tensor> out) {
  // Windows may overlap, so accumulate window by window.
  zero_fill(out[0]);
  Tensor grad = a.tensor(0);
  int64_t dim = a.int_(2), size = a.int_(3), step = a.int_(4);
  int64_t nd = out[0].dim();
  int64_t d = nd == 0 ? 0 : wrap_dim(dim, nd);
  int64_t windows = nd == 0 ? 1 : grad.size(d);
  for (int64_t w = 0; w < windows; ++w) {
    Tensor window = call_tensor("select.int", grad, nd == 0 ? 0 : d, w); // [..., size] window w
    Tensor target = nd == 0 ? out[0] : call_tensor("slice.Tensor", out[0], d, w * step, w * step + size, int64_t{1});
    // The window's last dim runs along `d` of the target.
    Tensor moved = nd == 0 ? window : call_tensor("movedim.int", window, int64_t{-1}, d);
    call("add_.Tensor", target, moved);
  }
}

std::vector<TensorSpec> as_strided_scatter_meta(const OpArgs& a) {
  Tensor self = a.tensor(0);
  return {TensorSpec{sizes_of(self), tensor::contiguous_strides(self.sym_sizes()), 0, self.dtype(), self.device()}};
}
void as_strided_scatter_kernel(const OpArgs& a, std::span<const Tensor> out) {
  copy_into(out[0], a.tensor(0));
  Tensor view = call_tensor("as_strided", out[0], a.sym_int_list(2), a.sym_int_list(3), a[4]);
  copy_into(view, a.tensor(1));
}

} // namespace

void register_view_ops(OpRegistry& r) {
  r.def("view(Tensor(a) self, SymInt[] size) -> Tensor(a)").hidden().method().view(view_meta)
      .derivative("ViewBackward0", view_backward);
  r.def("view.dtype(Tensor(a) self, ScalarType dtype) -> Tensor(a)").hidden().method().view(view_dtype_meta);
  r.def("_unsafe_view(Tensor self, SymInt[] size) -> Tensor").hidden().custom(unsafe_view_run, unsafe_view_meta)
      .derivative("UnsafeViewBackward0", view_backward);
  r.def("reshape(Tensor(a) self, SymInt[] shape) -> Tensor(a)").method().composite(reshape_run);
  r.def("as_strided(Tensor(a) self, SymInt[] size, SymInt[] stride, SymInt? storage_offset=None) -> Tensor(a)")
      .method().view(as_strided_meta).derivative("AsStridedBackward0", as_strided_backward);
  r.def("alias(Tensor(a) self) -> Tensor(a)").view(alias_meta).derivative("AliasBackward0", alias_backward);
  r.def("expand(Tensor(a) self, SymInt[] size, *, bool implicit=False) -> Tensor(a)").hidden().method()
      .view(expand_meta).derivative("ExpandBackward0", expand_backward);
  r.def("permute(Tensor(a) self, int[] dims) -> Tensor(a)").method().view(permute_meta)
      .derivative("PermuteBackward0", permute_backward);
  r.def("transpose.int(Tensor(a) self, int dim0, int dim1) -> Tensor(a)").method().view(transpose_meta)
      .derivative("TransposeBackward0", transpose_backward);
  r.def("t(Tensor(a) self) -> Tensor(a)").method().view(t_meta).derivative("TBackward0", t_backward);
  r.def("select.int(Tensor(a) self, int dim, SymInt index) -> Tensor(a)").method().view(select_meta)
      .derivative("SelectBackward0", select_backward);
  r.def("slice.Tensor(Tensor(a) self, int dim=0, SymInt? start=None, SymInt? end=None, SymInt step=1) -> Tensor(a)")
      .hidden().view(slice_meta).derivative("SliceBackward0", slice_backward);
  r.def("squeeze(Tensor(a) self) -> Tensor(a)").method().view(squeeze_meta)
      .derivative("SqueezeBackward0", reshape_to_input);
  r.def("squeeze.dim(Tensor(a) self, int dim) -> Tensor(a)").method().view(squeeze_dim_meta)
      .derivative("SqueezeBackward1", reshape_to_input);
  r.def("squeeze.dims(Tensor(a) self, int[] dim) -> Tensor(a)").method().view(squeeze_dims_meta)
      .derivative("SqueezeBackward2", reshape_to_input);
  r.def("unsqueeze(Tensor(a) self, int dim) -> Tensor(a)").method().view(unsqueeze_meta)
      .derivative("UnsqueezeBackward0", unsqueeze_backward);
  r.def("diagonal(Tensor(a) self, int offset=0, int dim1=0, int dim2=1) -> Tensor(a)").method()
      .view(diagonal_meta).derivative("DiagonalBackward0", diagonal_backward);
  r.def("unfold(Tensor(a) self, int dimension, int size, int step) -> Tensor(a)").hidden().method()
      .view(unfold_meta).derivative("UnfoldBackward0", unfold_backward);
  r.def("split.Tensor(Tensor(a -> *) self, SymInt split_size, int dim=0) -> Tensor(a)[]").method()
      .view(split_meta).derivative("SplitBackward0", split_backward);
  r.def("split_with_sizes(Tensor(a -> *) self, SymInt[] split_sizes, int dim=0) -> Tensor(a)[]").method()
      .view(split_with_sizes_meta).derivative("SplitWithSizesBackward0", split_backward);
  r.def("split.sizes(Tensor(a -> *) self, SymInt[] split_size, int dim=0) -> Tensor(a)[]").method()
      .composite(split_sizes_run);
  r.def("tensor_split.sections(Tensor(a -> *) self, SymInt sections, int dim=0) -> Tensor(a)[]").method()
      .composite(tensor_split_sections_run);
  r.def("tensor_split.indices(Tensor(a -> *) self, SymInt[] indices, int dim=0) -> Tensor(a)[]").method()
      .composite(tensor_split_indices_run);
  r.def("tensor_split.tensor_indices_or_sections(Tensor(a -> *) self, Tensor tensor_indices_or_sections, int dim=0) -> Tensor(a)[]")
      .method().composite(tensor_split_tensor_run);
  r.def("unbind.int(Tensor(a -> *) self, int dim=0) -> Tensor(a)[]").method().view(unbind_meta)
      .derivative("UnbindBackward0", unbind_backward);
  r.def("chunk(Tensor(a -> *) self, int chunks, int dim=0) -> Tensor(a)[]").method().composite(chunk_run);
  r.def("flatten.using_ints(Tensor(a) self, int start_dim=0, int end_dim=-1) -> Tensor(a)").method()
      .composite(flatten_run);
  r.def("unflatten.int(Tensor(a) self, int dim, SymInt[] sizes) -> Tensor(a)").method().composite(unflatten_run);
  r.def("narrow(Tensor(a) self, int dim, SymInt start, SymInt length) -> Tensor(a)").method().composite(narrow_run);
  r.def("movedim.int(Tensor(a) self, int source, int destination) -> Tensor(a)").method().composite(movedim_run);
  r.def("swapaxes(Tensor(a) self, int axis0, int axis1) -> Tensor(a)").method().composite(swapaxes_run);
  r.def("expand_as(Tensor(a) self, Tensor other) -> Tensor(a)").hidden().method().composite(expand_as_run);
  r.def("view_as(Tensor(a) self, Tensor other) -> Tensor(a)").hidden().method().composite(view_as_run);
  r.def("reshape_as(Tensor(a) self, Tensor other) -> Tensor(a)").hidden().method().composite(reshape_as_run);
  r.def("detach(Tensor(a) self) -> Tensor(a)").method().custom(detach_run).runs_without_data();

  r.def("select_backward(Tensor grad_output, SymInt[] input_sizes, int dim, SymInt index) -> Tensor")
      .hidden().structured(backward_input_meta, select_backward_kernel)
      .derivative("SelectBackwardBackward0", select_backward_backward);
  r.def("slice_backward(Tensor grad_output, SymInt[] input_sizes, int dim, SymInt start, SymInt end, SymInt step) -> Tensor")
      .hidden().structured(backward_input_meta, slice_backward_kernel)
      .derivative("SliceBackwardBackward0", slice_backward_backward);
  r.def("diagonal_backward(Tensor grad_output, SymInt[] input_sizes, int offset, int dim1, int dim2) -> Tensor")
      .hidden().structured(backward_input_meta, diagonal_backward_kernel)
      .derivative("DiagonalBackwardBackward0", diagonal_backward_backward);
  r.def("unfold_backward(Tensor grad_in, SymInt[] input_sizes, int dim, int size, int step) -> Tensor")
      .hidden().structured(backward_input_meta, unfold_backward_kernel)
      .derivative("UnfoldBackwardBackward0", unfold_backward_backward);
  r.def("as_strided_scatter(Tensor self, Tensor src, SymInt[] size, SymInt[] stride, SymInt? storage_offset=None) -> Tensor")
      .structured(as_strided_scatter_meta, as_strided_scatter_kernel)
      .derivative("AsStridedScatterBackward0", as_strided_scatter_backward);
}

} // namespace refc::ops
