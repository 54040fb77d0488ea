// Matrix ops of torch and torch.linalg: trace and fill_diagonal_,
// block_diag, linalg_cross and cross, vander, and the matrix and vector
// norms over linalg_vector_norm (linalg_matrix_norm, linalg_norm), composed
// as ATen composes them so that results, grad_fn names and error messages
// match PyTorch.
#include "reference_compiler/ops/op_family.h"

#include <cmath>
#include <sstream>

namespace refc::ops {

namespace {

std::string type_name(DType t) { return std::string(tensor::scalar_type_name(t)); }

// ---- trace -----------------------------------------------------------------------------------

// ATen's trace_cpu: the diagonal summed in the accumulate type (double for
// floats, int64 for integers, which also give an int64 result).
std::vector<TensorSpec> trace_meta(const OpArgs& a) {
  Tensor self = a.tensor(0);
  const DType t = self.dtype();
  if (t == DType::Bool || t == DType::Float16 || t == DType::BFloat16) dtype_not_implemented("trace", t);
  check(self.dim() == 2, "trace: expected a matrix, but got tensor with dim " + std::to_string(self.dim()));
  return {contiguous_spec({}, tensor::is_integral(t) ? DType::Int64 : t, self)};
}
void trace_kernel(const OpArgs& a, std::span<const Tensor> out) {
  Tensor self = a.tensor(0);
  const int64_t n = std::min(self.size(0), self.size(1)), step = self.stride(0) + self.stride(1);
  tensor::visit_dtype(self.dtype(), [&]<class T>() {
    if constexpr (std::is_integral_v<T> || std::is_same_v<T, float> || std::is_same_v<T, double>) {
      using Acc = std::conditional_t<std::is_integral_v<T>, int64_t, double>;
      using Out = std::conditional_t<std::is_integral_v<T>, int64_t, T>;
      Acc sum = 0;
      const T* p = self.data<T>();
      for (int64_t i = 0; i < n; ++i) sum += p[i * step];
      *out[0].data<Out>() = static_cast<Out>(sum);
    }
  });
}
// FunctionsManual's trace_backward: grad scattered onto the flattened diagonal.
Grads trace_backward(const BackwardContext& c, const Grads& g) {
  const SymIntVector& sizes = c.spec_of_arg(0).sizes;
  Tensor flat = call_tensor("zeros", SymIntVector{sizes[0] * sizes[1]}, g[0].dtype(), std::nullopt, g[0].device());
  Tensor indices = call_tensor("arange.start_step", int64_t{0}, flat.sym_size(0), sizes[1] + 1, DType::Int64);
  call("index_fill_.int_Tensor", flat, 0, indices, g[0]);
  return {call_tensor("view", flat, sizes)};
}

// ATen's fill_diagonal_: fills the main diagonal (of a 2-D matrix, or of a
// cube whose dims are all equal) through an as_strided view, and with wrap
// the diagonals that restart every width + 1 rows of a tall matrix.
Value fill_diagonal_run(const OpArgs& a) {
  Tensor self = a.tensor(0);
  const Scalar value = a.scalar(1);
  const int64_t ndim = self.dim();
  check(ndim >= 2, "dimensions must larger than 1");
  const int64_t height = self.size(0), width = self.size(1);
  for (int64_t i = 1; ndim > 2 && i < ndim; ++i)
    check(self.size(i) == height, "all dimensions of input must be of equal length");
  int64_t stride = 0;
  for (int64_t i = 0; i < ndim; ++i) stride += self.stride(i);
  const int64_t size = std::min(height, width), offset = self.storage_offset();
  call("fill_.Scalar", call_tensor("as_strided", self, IntVector{size}, IntVector{stride}, offset), value);
  if (a.bool_(2) && ndim == 2 && height > width + 1) {
    const int64_t step = width + 1, wrap_size = (self.numel() + step - 1) / step - size;
    call("fill_.Scalar",
         call_tensor("as_strided", self, IntVector{wrap_size}, IntVector{stride}, offset + self.stride(0) * step), value);
  }
  return a[0];
}


// ---- block_diag -----------------------------------------------------------------------------------

// Each input as the 2-D block it occupies: a 1-D tensor is one row, a 0-d one a 1x1 block.
SymIntVector block_shape(tensor::SymIntArrayRef sizes) {
  if (sizes.size() == 2) return {sizes[0], sizes[1]};
  return {1, sizes.size() == 1 ? sizes[0] : SymInt(1)};
}

std::vector<TensorSpec> block_diag_meta(const OpArgs& a) {
  std::vector<Tensor> tensors = a.tensor_list(0);
  if (tensors.empty()) {
    SymIntVector sizes{1, 0};
    SymIntVector strides = tensor::contiguous_strides(sizes);
    return {TensorSpec{std::move(sizes), std::move(strides), 0, tensor::default_float_dtype(), tensor::kCPU}};
  }
  ResultType rt;
  SymInt rows = 0, cols = 0;
  for (size_t i = 0; i < tensors.size(); ++i) {
    check(tensors[i].dim() <= 2, "torch.block_diag: Input tensors must have 2 or fewer dimensions. Input " +
                                     std::to_string(i) + " has " + std::to_string(tensors[i].dim()) + " dimensions");
    rt.add(tensors[i]);
    SymIntVector block = block_shape(tensors[i].sym_sizes());
    rows += block[0];
    cols += block[1];
  }
  return {contiguous_spec({rows, cols}, rt.result(), tensors[0])};
}
void block_diag_kernel(const OpArgs& a, std::span<const Tensor> out) {
  call("zero_", out[0]);
  int64_t row = 0, col = 0;
  for (const Tensor& t : a.tensor_list(0)) {
    SymIntVector block = block_shape(t.sym_sizes());
    const int64_t r = block[0].expect_int(), c = block[1].expect_int();
    Tensor dst = call_tensor("slice.Tensor", call_tensor("slice.Tensor", out[0], 0, row, row + r), 1, col, col + c);
    copy_into(dst, call_tensor("expand", t, block));
    row += r;
    col += c;
  }
}
// FunctionsManual's block_diag_backward: each input's block of grad, squeezed
// back for 1-D and 0-d inputs.
Grads block_diag_backward(const BackwardContext& c, const Grads& g) {
  Grads out(c.input_specs.size());
  int64_t row = 0, col = 0;
  for (size_t i = 0; i < out.size(); ++i) {
    const SymIntVector& sizes = c.input_specs[i].sizes;
    if (sizes.size() == 1 && (sizes[0] == 0).expect_bool()) {
      out[i] = call_tensor("zeros", IntVector{0}, g[0].dtype(), std::nullopt, g[0].device());
      continue;
    }
    SymIntVector block = block_shape(sizes);
    const int64_t r = block[0].expect_int(), cl = block[1].expect_int();
    Tensor slice = call_tensor("slice.Tensor", call_tensor("slice.Tensor", g[0], 0, row, row + r), 1, col, col + cl);
    for (size_t k = sizes.size(); k < 2; ++k) slice = call_tensor("squeeze.dim", slice, -1);
    out[i] = slice;
    row += r;
    col += cl;
  }
  return out;
}

// ---- cross ----------------------------------------------------------------------------------------

std::vector<TensorSpec> linalg_cross_meta(const OpArgs& a) {
  Tensor x = a.tensor(0), y = a.tensor(1);
  const int64_t dim = a.int_(2);
  check(x.dim() == y.dim(), "linalg.cross: inputs must have the same number of dimensions.");
  const int64_t xs = x.size(wrap_dim(dim, x.dim())), ys = y.size(wrap_dim(dim, y.dim()));
  check(xs == 3 && ys == 3, "linalg.cross: inputs dimension " + std::to_string(dim) + " must have length 3. Got " +
                                std::to_string(xs) + " and " + std::to_string(ys));
  return {contiguous_spec(broadcast_shapes(x.sym_sizes(), y.sym_sizes()), x.dtype(), x)};
}
// out[k] = x[k+1] y[k+2] - x[k+2] y[k+1] (indices mod 3) along dim.
void linalg_cross_kernel(const OpArgs& a, std::span<const Tensor> out) {
  const Tensor& o = out[0];
  const int64_t dim = wrap_dim(a.int_(2), o.dim());
  Tensor x = to_dtype(call_tensor("expand", a.tensor(0), o.sym_sizes()), o.dtype());
  Tensor y = to_dtype(call_tensor("expand", a.tensor(1), o.sym_sizes()), o.dtype());
  auto at = [&](const Tensor& t, int64_t k) { return call_tensor("select.int", t, dim, k); };
  tensor::visit_dtype(o.dtype(), [&]<class T>() {
    if constexpr (std::is_same_v<T, bool> || std::is_same_v<T, tensor::Half> || std::is_same_v<T, tensor::BFloat16>) {
      dtype_not_implemented("linalg_cross", o.dtype());
    } else {
      for (int64_t k = 0; k < 3; ++k) {
        const int64_t k1 = (k + 1) % 3, k2 = (k + 2) % 3;
        Tensor rhs = Tensor::empty(at(o, k).sym_sizes(), o.dtype());
        binary_loop<T, T>(rhs, at(x, k2), at(y, k1), [](T u, T v) { return static_cast<T>(u * v); });
        ternary_loop<T, T, T, T>(at(o, k), at(x, k1), at(y, k2), rhs,
                                 [](T u, T v, T w) { return static_cast<T>(u * v - w); });
      }
    }
  });
}
Grads linalg_cross_backward(const BackwardContext& c, const Grads& g) {
  Grads out(2);
  const int64_t dim = c.args().int_(2);
  if (c.needs_grad_of_arg(0)) out[0] = call_tensor("linalg_cross", c.tensor(1), g[0], dim);
  if (c.needs_grad_of_arg(1)) out[1] = call_tensor("linalg_cross", g[0], c.tensor(0), dim);
  return out;
}

// cross(self, other, dim=None): linalg_cross along dim, by default the first dim of size 3.
Value cross_run(const OpArgs& a) {
  Tensor self = a.tensor(0);
  std::optional<int64_t> dim = a.optional_int(2);
  for (int64_t i = 0; !dim && i < self.dim(); ++i)
    if (self.size(i) == 3) dim = i;
  check(dim.has_value(), "no dimension of size 3 in input");
  return call("linalg_cross", self, a.tensor(1), *dim);
}

// ---- vander ---------------------------------------------------------------------------------------

// ATen's vander: a row of ones, then the cumulative products of x, reversed
// unless increasing.
Value vander_run(const OpArgs& a) {
  Tensor x = a.tensor(0);
  check(x.dim() == 1, "x must be a one-dimensional tensor.");
  int64_t n = x.size(0);
  if (!a.is_none(1)) {
    n = a.int_(1);
    check(n >= 0, "N must be non-negative.");
  }
  Tensor result = call_tensor("empty.memory_format", IntVector{x.size(0), n},
                              tensor::promote_types(x.dtype(), DType::Int64), std::nullopt, x.device());
  if (n > 0) {
    call("fill_.Scalar", result, 1);
    if (n > 1) {
      auto tail = [&] { return call_tensor("slice.Tensor", result, 1, 1); };
      call("copy_", tail(), call_tensor("unsqueeze", x, 1));
      call("copy_", tail(), call_tensor("cumprod", tail(), 1));
    }
  }
  if (!a.bool_(2)) return call("flip", result, IntVector{1});
  return result.to_value();
}

// ---- matrix and vector norms ------------------------------------------------------------------------

std::string format_double(double v) {
  std::ostringstream s;
  s << v;
  return s.str();
}

// _linalg_matrix_norm_checks: A is a batch of floating matrices and dim two
// different dims of it (returned wrapped).
IntVector matrix_norm_dims(const OpArgs& a, bool low_precision) {
  Tensor self = a.tensor(0);
  const std::string name = "linalg.matrix_norm";
  check(self.dim() >= 2, name + ": The input tensor A must have at least 2 dimensions.");
  const DType t = self.dtype();
  check(tensor::is_floating(t),
        name + ": Expected a floating point or complex tensor as input. Got " + type_name(t));
  if (!low_precision)
    check(t == DType::Float32 || t == DType::Float64, name + ": Low precision dtypes not supported. Got " + type_name(t));
  IntVector dim = a.int_list(2);
  if (dim.size() != 2) {
    std::string got; // ATen prints the vector space-separated
    for (size_t i = 0; i < dim.size(); ++i) got += (i ? " " : "") + std::to_string(dim[i]);
    fail(name + ": dim must be a 2-tuple. Got " + got);
  }
  for (int64_t& d : dim) d = wrap_dim(d, self.dim());
  check(dim[0] != dim[1], name + ": dims must be different. Got (" + std::to_string(dim[0]) + ", " +
                              std::to_string(dim[1]) + ")");
  return dim;
}

// linalg_matrix_norm(A, ord: 1, -1, inf or -inf): the max (min) over one dim
// of the 1-norms over the other. The 2-norms need singular values, which refc
// does not compute.
Value matrix_norm_run(const OpArgs& a) {
  const double ord = a.scalar(1).to_double(), abs_ord = std::abs(ord);
  check(abs_ord == 1 || abs_ord == INFINITY, "linalg.matrix_norm: Order " + format_double(ord) + " not supported.");
  IntVector dim = matrix_norm_dims(a, true);
  const bool keepdim = a.bool_(3);
  if (abs_ord == INFINITY) std::swap(dim[0], dim[1]);
  if (!keepdim && dim[0] < dim[1]) --dim[1];
  Tensor sums = call_tensor("linalg_vector_norm", a.tensor(0), 1.0, IntVector{dim[0]}, keepdim, a[4]);
  return call(ord > 0 ? "amax" : "amin", sums, IntVector{dim[1]}, keepdim);
}

// linalg_matrix_norm(A, ord='fro'): the 2-norm of the entries.
Value matrix_norm_str_run(const OpArgs& a) {
  const std::string_view ord = a.str(1);
  check(ord == "fro", "linalg.matrix_norm: Order " + std::string(ord) + " not supported.");
  IntVector dim = matrix_norm_dims(a, true);
  return call("linalg_vector_norm", a.tensor(0), 2, dim, a.bool_(3), a[4]);
}

// linalg_norm's checks: dim names one or two dims; without dim, an explicit
// ord needs a 1-D or 2-D input.
std::optional<IntVector> linalg_norm_dims(const OpArgs& a, bool ord_given) {
  std::optional<IntVector> dim = a.optional_int_list(2);
  if (dim) {
    check(dim->size() == 1 || dim->size() == 2,
          "linalg.norm: If dim is specified, it must be of length 1 or 2. Got " + shape_str(*dim));
  } else if (ord_given) {
    const int64_t ndim = a.tensor(0).dim();
    check(ndim == 1 || ndim == 2, "linalg.norm: If dim is not specified but ord is, the input must be 1D or 2D. Got " +
                                      std::to_string(ndim) + "D.");
  }
  return dim;
}

// linalg_norm(A, ord=None, dim=None): a matrix norm when ord is given and the
// reduction is over two dims, otherwise a vector norm (2 by default).
Value linalg_norm_run(const OpArgs& a) {
  Tensor self = a.tensor(0);
  const bool ord_given = !a.is_none(1);
  std::optional<IntVector> dim = linalg_norm_dims(a, ord_given);
  if (ord_given && (dim ? dim->size() == 2 : self.dim() == 2))
    return call("linalg_matrix_norm", self, a[1], dim.value_or(IntVector{0, 1}), a.bool_(3), a[4]);
  return call("linalg_vector_norm", self, ord_given ? a[1] : Value::floating(2.0), a[2], a.bool_(3), a[4]);
}

// linalg_norm(A, ord: str): always a matrix norm.
Value linalg_norm_str_run(const OpArgs& a) {
  std::optional<IntVector> dim = linalg_norm_dims(a, true);
  return call("linalg_matrix_norm.str_ord", a[0], a[1], dim.value_or(IntVector{0, 1}), a.bool_(3), a[4]);
}

} // namespace

void register_matrix_ops(OpRegistry& r) {
  r.def("trace(Tensor self) -> Tensor").method().structured(trace_meta, trace_kernel)
      .derivative("TraceBackward0", trace_backward);
  r.def("fill_diagonal_(Tensor(a!) self, Scalar fill_value, bool wrap=False) -> Tensor(a!)").hidden().method()
      .composite(fill_diagonal_run);
  r.def("block_diag(Tensor[] tensors) -> Tensor").structured(block_diag_meta, block_diag_kernel)
      .derivative("BlockDiagBackward0", block_diag_backward);
  r.def("linalg_cross(Tensor self, Tensor other, *, int dim=-1) -> Tensor").structured(linalg_cross_meta, linalg_cross_kernel)
      .derivative("LinalgCrossBackward0", linalg_cross_backward).saves({"self", "other"});
  r.def("cross(Tensor self, Tensor other, int? dim=None) -> Tensor").method().composite(cross_run);
  r.def("vander(Tensor x, int? N=None, bool increasing=False) -> Tensor").composite(vander_run);
  r.def("linalg_matrix_norm(Tensor self, Scalar ord, int[] dim=[-2,-1], bool keepdim=False, *, ScalarType? dtype=None) -> Tensor")
      .composite(matrix_norm_run);
  r.def("linalg_matrix_norm.str_ord(Tensor self, str ord='fro', int[] dim=[-2,-1], bool keepdim=False, *, ScalarType? dtype=None) -> Tensor")
      .composite(matrix_norm_str_run);
  r.def("linalg_norm(Tensor self, Scalar? ord=None, int[1]? dim=None, bool keepdim=False, *, ScalarType? dtype=None) -> Tensor")
      .composite(linalg_norm_run);
  r.def("linalg_norm.ord_str(Tensor self, str ord, int[1]? dim=None, bool keepdim=False, *, ScalarType? dtype=None) -> Tensor")
      .composite(linalg_norm_str_run);
}

} // namespace refc::ops
