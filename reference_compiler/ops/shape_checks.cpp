// Shape arithmetic and the errors ops raise, with PyTorch's messages (c10/core/WrapDimMinimal.h,
// ATen/ExpandUtils.cpp, ATen/InferSize.h, ATen/TensorUtils.cpp computeStride).
#include "reference_compiler/ops/shape_checks.h"

#include "reference_compiler/lang/builtin_types.h"
#include "reference_compiler/lang/errors.h"
#include "reference_compiler/lang/module_builder.h"
#include "reference_compiler/ops/grad_mode.h"
#include "reference_compiler/tensor/autograd_meta.h"

namespace refc::ops {

using tensor::SymInt;
using tensor::SymIntArrayRef;
using tensor::SymIntVector;

void check(bool cond, std::string_view message) {
  if (!cond) fail(message);
}
void fail(std::string_view message) { lang::raise(lang::exc::RuntimeError, std::string(message)); }
void fail_index(std::string_view message) { lang::raise(lang::exc::IndexError, std::string(message)); }
void fail_value(std::string_view message) { lang::raise(lang::exc::ValueError, std::string(message)); }
void fail_type(std::string_view message) { lang::raise(lang::exc::TypeError, std::string(message)); }

void dtype_not_implemented(std::string_view kernel, tensor::DType t) {
  lang::raise(lang::exc::NotImplementedError, "\"" + std::string(kernel) + "\" not implemented for '" +
                                                  std::string(tensor::scalar_type_name(t)) + "'");
}
void check_floating(std::string_view kernel, tensor::DType t) {
  if (!tensor::is_floating(t)) dtype_not_implemented(kernel, t);
}
void check_integral(std::string_view kernel, tensor::DType t, bool bool_ok) {
  if (!(tensor::is_integral(t) || (bool_ok && t == tensor::DType::Bool))) dtype_not_implemented(kernel, t);
}

lang::TypeObject* linalg_error_type() {
  static lang::TypeObject* type =
      lang::make_module_type("_LinAlgError", "torch._C", lang::Layout::Exception, lang::exc::RuntimeError, true);
  return type;
}
void fail_linalg(std::string_view message) { lang::raise(linalg_error_type(), std::string(message)); }

void check_factory_sizes(SymIntArrayRef sizes) {
  for (const SymInt& s : sizes)
    check((s >= 0).expect_bool(), "Trying to create tensor with negative dimension " + s.str() +
                                      ": " + shape_str(sizes));
}

std::string shape_str(SymIntArrayRef sizes) {
  std::string s = "[";
  for (size_t i = 0; i < sizes.size(); ++i) {
    if (i) s += ", ";
    s += sizes[i].str();
  }
  return s + "]";
}

std::string shape_str(tensor::IntArrayRef sizes) {
  std::string s = "[";
  for (size_t i = 0; i < sizes.size(); ++i) {
    if (i) s += ", ";
    s += std::to_string(sizes[i]);
  }
  return s + "]";
}

int64_t wrap_dim(int64_t dim, int64_t ndim, bool scalar_ok) {
  if (ndim <= 0) {
    if (!scalar_ok)
      fail_index("dimension specified as " + std::to_string(dim) + " but tensor has no dimensions");
    ndim = 1;
  }
  int64_t min = -ndim, max = ndim - 1;
  if (dim < min || dim > max)
    fail_index("Dimension out of range (expected to be in range of [" + std::to_string(min) + ", " +
               std::to_string(max) + "], but got " + std::to_string(dim) + ")");
  return dim < 0 ? dim + ndim : dim;
}

uint64_t dim_mask(tensor::IntArrayRef dims, int64_t ndim) {
  uint64_t mask = 0;
  for (int64_t d : dims) {
    int64_t w = wrap_dim(d, ndim);
    if (mask & (uint64_t{1} << w))
      fail("dim " + std::to_string(w) + " appears multiple times in the list of dims");
    mask |= uint64_t{1} << w;
  }
  return mask;
}

SymIntVector broadcast_shapes(SymIntArrayRef a, SymIntArrayRef b) {
  size_t n = std::max(a.size(), b.size());
  SymIntVector out(n);
  // Align from the right and walk from the right, as ATen's infer_size
  // does: the first mismatch from the right is the one reported.
  for (size_t i = n; i-- > 0;) {
    ptrdiff_t ia = static_cast<ptrdiff_t>(a.size()) - static_cast<ptrdiff_t>(n) + static_cast<ptrdiff_t>(i);
    ptrdiff_t ib = static_cast<ptrdiff_t>(b.size()) - static_cast<ptrdiff_t>(n) + static_cast<ptrdiff_t>(i);
    SymInt sa = ia >= 0 ? a[ia] : SymInt(1);
    SymInt sb = ib >= 0 ? b[ib] : SymInt(1);
    // Size-oblivious, as infer_size's guard_or_false: an unbacked size is not 1.
    if ((sa == sb).guard_size_oblivious() || (sb == 1).guard_size_oblivious()) out[i] = sa;
    else if ((sa == 1).guard_size_oblivious()) out[i] = sb;
    else
      fail("The size of tensor a (" + sa.str() +
           ") must match the size of tensor b (" + sb.str() +
           ") at non-singleton dimension " + std::to_string(i));
  }
  return out;
}

SymIntVector infer_size(SymIntArrayRef shape, const SymInt& numel) {
  // The checks and their order are torch._prims_common.infer_size's: each one
  // that is symbolic becomes a guard, so no other question may be asked.
  SymIntVector out(shape.begin(), shape.end());
  SymInt known = 1;
  std::optional<size_t> infer;
  for (size_t i = 0; i < shape.size(); ++i) {
    if ((shape[i] == -1).expect_bool()) {
      if (infer) fail("only one dimension can be inferred");
      infer = i;
    } else {
      check((shape[i] >= 0).expect_bool(), "invalid shape dimension " + shape[i].str());
      known *= shape[i];
    }
  }
  const auto invalid = [&] { return "shape '" + shape_str(shape) + "' is invalid for input of size " + numel.str(); };
  if (!infer) {
    if (!(numel == known).expect_bool()) fail(invalid());
    return out;
  }
  if (!(known != 0).expect_bool())
    fail((numel == 0).maybe_bool().value_or(false)
             ? "cannot reshape tensor of 0 elements into shape " + shape_str(shape) +
                   " because the unspecified dimension size -1 can be any value and is ambiguous"
             : invalid());
  if (!(numel.mod(known) == 0).expect_bool()) fail(invalid());
  out[*infer] = numel.floordiv(known);
  return out;
}

std::optional<SymIntVector> view_strides(SymIntArrayRef oldshape, SymIntArrayRef oldstride,
                                         SymIntArrayRef newshape) {
  // A 0-d tensor's one element views as any all-ones shape, with strides 1.
  if (oldshape.empty()) return SymIntVector(newshape.size(), SymInt(1));
  SymIntVector newstride(newshape.size());
  SymInt numel = tensor::compute_numel(oldshape);
  if ((numel == 0).expect_bool()) {
    if (oldshape.size() == newshape.size() &&
        std::equal(oldshape.begin(), oldshape.end(), newshape.begin(),
                   [](const SymInt& x, const SymInt& y) { return (x == y).expect_bool(); }))
      return SymIntVector(oldstride.begin(), oldstride.end());
    return tensor::contiguous_strides(newshape);
  }
  // Walks the old dims from the back, chunking them into groups that are
  // contiguous among themselves, and matches each chunk with new dims.
  int64_t view_d = static_cast<int64_t>(newshape.size()) - 1;
  SymInt chunk_base_stride = oldstride.empty() ? SymInt(1) : oldstride.back();
  SymInt tensor_numel = 1, view_numel = 1;
  for (int64_t tensor_d = static_cast<int64_t>(oldshape.size()) - 1; tensor_d >= 0; tensor_d--) {
    tensor_numel *= oldshape[tensor_d];
    if (tensor_d == 0 ||
        ((oldshape[tensor_d - 1] != 1).expect_bool() &&
         (oldstride[tensor_d - 1] != tensor_numel * chunk_base_stride).expect_bool())) {
      while (view_d >= 0 &&
             ((view_numel < tensor_numel).expect_bool() || (newshape[view_d] == 1).expect_bool())) {
        newstride[view_d] = view_numel * chunk_base_stride;
        view_numel *= newshape[view_d];
        view_d--;
      }
      if ((view_numel != tensor_numel).expect_bool()) return std::nullopt;
      if (tensor_d > 0) {
        chunk_base_stride = oldstride[tensor_d - 1];
        tensor_numel = 1;
        view_numel = 1;
      }
    }
  }
  if (view_d != -1) return std::nullopt;
  return newstride;
}

void check_inplace_allowed(const tensor::Tensor& self) {
  if (!grad_enabled()) return;
  const tensor::AutogradMeta* m = self->autograd.get();
  if (!m) return;
  if (!m->grad_fn && m->requires_grad)
    fail("a leaf Variable that requires grad is being used in an in-place operation.");
  if (m->base.defined()) {
    const tensor::AutogradMeta* bm = m->base->autograd.get();
    if (bm && !bm->grad_fn && bm->requires_grad)
      fail("a view of a leaf Variable that requires grad is being used in an in-place operation.");
  }
}

} // namespace refc::ops
