// Linear algebra: the products mm, addmm, bmm, baddbmm, addbmm, mv, addmv,
// dot and addr; trace, block_diag, linalg_cross and fill_diagonal_; and the
// composites built from them exactly as ATen builds them (matmul with its
// folding and broadcasting rules, linear, outer, einsum, tensordot, inner,
// kron, cross, vander, and the matrix norms over linalg_vector_norm), so that
// results, grad_fn names and error messages match PyTorch. Every float/double
// product runs through gemm() (gemm.h), which keeps the reference BLAS's
// summation order; addmm_impl mirrors ATen's addmm_impl_cpu_, whose choice of
// transposes decides where alpha and beta round.
#include "reference_compiler/ops/dtype_names.h"
#include "reference_compiler/ops/gemm.h"

#include "reference_compiler/ops/op_family.h"

#include <cctype>
#include <cmath>
#include <deque>
#include <numeric>
#include <sstream>

namespace refc::ops {

using lang::Value;
using tensor::Scalar;
using tensor::SymInt;
using tensor::SymIntVector;

namespace {

using Grads = std::vector<Tensor>;

std::string type_name(DType t) { return std::string(tensor::scalar_type_name(t)); }


bool is_zero(const Scalar& s) { return s.to_double() == 0; }
bool is_one(const Scalar& s) { return s.to_double() == 1; }

// An in-place variant must not change self's shape ("Bad in-place call").
void check_inplace_sizes(const OpArgs& a, const SymIntVector& sizes) {
  if (a.schema().name.back() != '_') return;
  Tensor self = a.tensor(0);
  bool same = static_cast<size_t>(self.dim()) == sizes.size();
  for (size_t i = 0; same && i < sizes.size(); ++i) same = (self.sym_size(static_cast<int64_t>(i)) == sizes[i]).expect_bool();
  if (!same)
    fail("Bad in-place call: input tensor size " + shape_str(self.sym_sizes()) + " and output tensor size " +
         shape_str(sizes) + " should match");
}

void scale_into(const Tensor& out, const Scalar& beta) {
  if (is_zero(beta)) {
    call("zero_", out);
  } else if (!is_one(beta)) {
    call("mul_.Tensor", out, beta);
  }
}

// ---- addmm_impl: ATen's addmm_impl_cpu_ -------------------------------------------------

// result = beta * self + alpha * (m1 @ m2); self already has result's shape
// (or is result). Chooses the BLAS transposes exactly as ATen does.
void addmm_impl(const Tensor& result, const Tensor& self, Tensor m1, Tensor m2, const Scalar& beta,
                const Scalar& alpha) {
  if (m1.dtype() != m2.dtype())
    fail("expected m1 and m2 to have the same dtype, but got: " + std::string(typemeta_name(m1.dtype())) +
         " != " + std::string(typemeta_name(m2.dtype())));
  if (result.numel() == 0) return;
  if (m1.size(1) == 0) {
    if (!is_zero(beta) && !self.is_same(result)) copy_into(result, self);
    scale_into(result, beta);
    return;
  }
  if (!is_zero(beta) && !self.is_same(result)) copy_into(result, self);

  const int64_t r0 = result.size(0), r1 = result.size(1);
  const int64_t rs0 = result.stride(0), rs1 = result.stride(1);
  bool transpose_c = false;
  Tensor c = result;
  if (rs0 == 1 && (r1 == 1 || rs1 >= std::max<int64_t>(1, r0))) {
    transpose_c = false;
  } else if (rs1 == 1 && (r0 == 1 || rs0 >= std::max<int64_t>(1, r1))) {
    std::swap(m1, m2);
    transpose_c = true;
  } else {
    // A Fortran-contiguous copy to compute into.
    c = call_tensor("clone", call_tensor("transpose.int", result, 0, 1), "contiguous_format");
    c = call_tensor("transpose.int", c, 0, 1);
  }
  const int tc = transpose_c ? 1 : 0;
  const int64_t m = transpose_c ? r1 : r0, n = transpose_c ? r0 : r1;
  const int64_t k = m1.size(transpose_c ? 0 : 1);
  // op(A) is transposed when m1 is stored row-major in BLAS terms.
  bool transpose_a;
  if (m1.stride(tc) == 1 && m1.stride(1 - tc) >= std::max<int64_t>(1, m)) transpose_a = false;
  else if (m1.stride(1 - tc) == 1 && m1.stride(tc) >= std::max<int64_t>(1, k)) transpose_a = true;
  else transpose_a = !transpose_c;
  // BLAS A(i, l) and B(l, j) over the (possibly swapped) operands.
  const int64_t ars = m1.stride(tc), acs = m1.stride(1 - tc);
  const int64_t brs = m2.stride(tc), bcs = m2.stride(1 - tc);
  const int64_t ldc = c.stride(transpose_c ? 0 : 1);
  const GemmOrder order = transpose_a ? GemmOrder::Dot : GemmOrder::Axpy;
  tensor::visit_dtype(result.dtype(), [&]<class T>() {
    gemm<T>(order, m, n, k, alpha, MatrixView<T>{m1.data<T>(), ars, acs}, MatrixView<T>{m2.data<T>(), brs, bcs}, beta,
            c.data<T>(), ldc);
  });
  if (!c.is_same(result)) copy_into(result, c);
}

void check_matmul_dtype(DType t, std::string_view kernel) {
  if (t == DType::Bool) dtype_not_implemented(kernel, t);
}

// ---- mm / addmm ------------------------------------------------------------------------------

std::string mat_shapes(const Tensor& a, const Tensor& b) {
  return "(" + a.sym_size(0).str() + "x" + a.sym_size(1).str() + " and " + b.sym_size(0).str() +
         "x" + b.sym_size(1).str() + ")";
}

std::vector<TensorSpec> mm_meta(const OpArgs& a) {
  Tensor self = a.tensor(0), mat2 = a.tensor(1);
  check(self.dim() == 2, "self must be a matrix");
  check(mat2.dim() == 2, "mat2 must be a matrix");
  check((self.sym_size(1) == mat2.sym_size(0)).expect_bool(), "mat1 and mat2 shapes cannot be multiplied " + mat_shapes(self, mat2));
  if (self.dtype() != mat2.dtype())
    fail("expected m1 and m2 to have the same dtype, but got: " + std::string(typemeta_name(self.dtype())) + " != " +
         std::string(typemeta_name(mat2.dtype())));
  check_matmul_dtype(self.dtype(), "addmm_impl_cpu_");
  return {contiguous_spec({self.sym_size(0), mat2.sym_size(1)}, self.dtype(), self)};
}
void mm_kernel(const OpArgs& a, std::span<const Tensor> out) {
  addmm_impl(out[0], out[0], a.tensor(0), a.tensor(1), Scalar(int64_t{0}), Scalar(int64_t{1}));
}

std::vector<TensorSpec> addmm_meta(const OpArgs& a) {
  Tensor self = a.tensor(0), mat1 = a.tensor(1), mat2 = a.tensor(2);
  check(self.dtype() == mat2.dtype(), "self and mat2 must have the same dtype, but got " + type_name(self.dtype()) +
                                          " and " + type_name(mat2.dtype()));
  check(mat1.dtype() == mat2.dtype(), "mat1 and mat2 must have the same dtype, but got " + type_name(mat1.dtype()) +
                                          " and " + type_name(mat2.dtype()));
  check(mat1.dim() == 2, "mat1 must be a matrix, got " + std::to_string(mat1.dim()) + "-D tensor");
  check(mat2.dim() == 2, "mat2 must be a matrix, got " + std::to_string(mat2.dim()) + "-D tensor");
  check((mat1.sym_size(1) == mat2.sym_size(0)).expect_bool(), "mat1 and mat2 shapes cannot be multiplied " + mat_shapes(mat1, mat2));
  SymIntVector sizes{mat1.sym_size(0), mat2.sym_size(1)};
  check_inplace_sizes(a, sizes);
  call("expand", self, sizes); // "The expanded size of the tensor ..." when self does not broadcast
  check_matmul_dtype(mat1.dtype(), "addmm_impl_cpu_");
  return {contiguous_spec(std::move(sizes), mat1.dtype(), mat1)};
}
void addmm_kernel(const OpArgs& a, std::span<const Tensor> out) {
  Tensor self = a.tensor(0);
  Tensor expanded = self.is_same(out[0]) ? self : call_tensor("expand", self, out[0].sym_sizes());
  addmm_impl(out[0], expanded, a.tensor(1), a.tensor(2), a.scalar(3), a.scalar(4));
}

// ---- bmm / baddbmm / addbmm ---------------------------------------------------------------------

SymIntVector check_batches(const Tensor& batch1, const Tensor& batch2) {
  check(batch1.dim() == 3, "batch1 must be a 3D tensor");
  check(batch2.dim() == 3, "batch2 must be a 3D tensor");
  const SymInt &bs = batch1.sym_size(0), &contraction = batch1.sym_size(2);
  if (!(batch2.sym_size(0) == bs).expect_bool() || !(batch2.sym_size(1) == contraction).expect_bool())
    fail("Expected size for first two dimensions of batch2 tensor to be: [" + bs.str() + ", " +
         contraction.str() + "] but got: [" + batch2.sym_size(0).str() + ", " +
         batch2.sym_size(1).str() + "].");
  return {bs, batch1.sym_size(1), batch2.sym_size(2)};
}

// result[b] = beta * result[b] + alpha * batch1[b] @ batch2[b], result already
// holding self. ATen computes small problems with a naive loop whose rounding
// is gemm's Dot form, larger ones batch by batch through addmm.
void bmm_into(const Tensor& result, const Tensor& batch1, const Tensor& batch2, const Scalar& beta,
              const Scalar& alpha, bool is_bmm) {
  const int64_t bs = batch1.size(0), rows = batch1.size(1), contraction = batch1.size(2), cols = batch2.size(2);
  if (result.numel() == 0) return;
  if (contraction == 0) {
    scale_into(result, is_bmm ? Scalar(int64_t{0}) : beta);
    return;
  }
  if (contraction * rows * cols < 400) {
    if (batch1.dtype() != batch2.dtype())
      fail("expected scalar type " + type_name(batch1.dtype()) + " but found " + type_name(batch2.dtype()));
    tensor::visit_dtype(result.dtype(), [&]<class T>() {
      for (int64_t b = 0; b < bs; ++b) {
        Tensor r = call_tensor("select.int", result, 0, b);
        Tensor x = call_tensor("select.int", batch1, 0, b), y = call_tensor("select.int", batch2, 0, b);
        if (r.is_contiguous()) {
          // C(i, j) column-major over the transposed problem: result rows are contiguous.
          gemm<T>(GemmOrder::Dot, cols, rows, contraction, alpha, MatrixView<T>{y.data<T>(), y.stride(1), y.stride(0)},
                  MatrixView<T>{x.data<T>(), x.stride(1), x.stride(0)}, is_bmm ? Scalar(int64_t{0}) : beta,
                  r.data<T>(), r.stride(0));
        } else {
          addmm_impl(r, r, x, y, is_bmm ? Scalar(int64_t{0}) : beta, alpha);
        }
      }
    });
    return;
  }
  for (int64_t b = 0; b < bs; ++b) {
    Tensor r = call_tensor("select.int", result, 0, b);
    addmm_impl(r, r, call_tensor("select.int", batch1, 0, b), call_tensor("select.int", batch2, 0, b),
               is_bmm ? Scalar(int64_t{0}) : beta, alpha);
  }
}

std::vector<TensorSpec> bmm_meta(const OpArgs& a) {
  Tensor self = a.tensor(0), mat2 = a.tensor(1);
  SymIntVector sizes = check_batches(self, mat2);
  check_matmul_dtype(self.dtype(), "bmm");
  return {contiguous_spec(std::move(sizes), mat2.dtype(), mat2)};
}
void bmm_kernel(const OpArgs& a, std::span<const Tensor> out) {
  bmm_into(out[0], a.tensor(0), a.tensor(1), Scalar(int64_t{0}), Scalar(int64_t{1}), true);
}

std::vector<TensorSpec> baddbmm_meta(const OpArgs& a) {
  Tensor self = a.tensor(0), batch1 = a.tensor(1), batch2 = a.tensor(2);
  check(batch1.dim() == 3, "batch1 must be a 3D tensor");
  check(batch2.dim() == 3, "batch2 must be a 3D tensor");
  SymIntVector sizes{batch1.sym_size(0), batch1.sym_size(1), batch2.sym_size(2)};
  check_inplace_sizes(a, sizes);
  call("expand", self, sizes);
  if (self.dtype() != batch1.dtype() || self.dtype() != batch2.dtype())
    fail("Input dtypes must be the same, got: input " + std::string(tensor::dtype_name(self.dtype())) + ", batch1: " +
         std::string(tensor::dtype_name(batch1.dtype())) + ", batch2: " + std::string(tensor::dtype_name(batch2.dtype())));
  check_batches(batch1, batch2);
  check_matmul_dtype(self.dtype(), "baddbmm");
  return {contiguous_spec(std::move(sizes), batch2.dtype(), batch2)};
}
void baddbmm_kernel(const OpArgs& a, std::span<const Tensor> out) {
  Tensor self = a.tensor(0);
  Scalar beta = a.scalar(3);
  if (!self.is_same(out[0]) && !is_zero(beta)) copy_into(out[0], call_tensor("expand", self, out[0].sym_sizes()));
  bmm_into(out[0], a.tensor(1), a.tensor(2), beta, a.scalar(4), false);
}

std::vector<TensorSpec> addbmm_meta(const OpArgs& a) {
  Tensor self = a.tensor(0), batch1 = a.tensor(1), batch2 = a.tensor(2);
  check(batch1.dim() == 3, "batch1 must be a 3D tensor");
  check(batch2.dim() == 3, "batch2 must be a 3D tensor");
  SymIntVector sizes{batch1.sym_size(1), batch2.sym_size(2)};
  call("expand", self, sizes);
  check(batch1.size(0) == batch2.size(0), "batch1 and batch2 must have same number of batches, got " +
                                              batch1.sym_size(0).str() + " and " + batch2.sym_size(0).str());
  check(batch1.size(2) == batch2.size(1), "Incompatible matrix sizes for bmm (" + batch1.sym_size(1).str() + "x" +
                                              batch1.sym_size(2).str() + " and " + batch2.sym_size(1).str() +
                                              "x" + batch2.sym_size(2).str() + ")");
  check_inplace_sizes(a, sizes);
  check_matmul_dtype(self.dtype(), "addmm_impl_cpu_");
  return {contiguous_spec(std::move(sizes), self.dtype(), self)};
}
// ATen's addbmm_impl_: one addmm_ per batch, beta applied once.
void addbmm_kernel(const OpArgs& a, std::span<const Tensor> out) {
  Tensor self = a.tensor(0), batch1 = a.tensor(1), batch2 = a.tensor(2);
  Scalar beta = a.scalar(3), alpha = a.scalar(4);
  if (!is_zero(beta) && !self.is_same(out[0])) copy_into(out[0], call_tensor("expand", self, out[0].sym_sizes()));
  if (batch1.size(0) == 0) {
    scale_into(out[0], beta);
    return;
  }
  for (int64_t b = 0; b < batch1.size(0); ++b) {
    addmm_impl(out[0], out[0], call_tensor("select.int", batch1, 0, b), call_tensor("select.int", batch2, 0, b), beta,
               alpha);
    beta = Scalar(int64_t{1});
  }
}

// ---- mv / addmv / dot ----------------------------------------------------------------------------

std::vector<TensorSpec> addmv_meta(const OpArgs& a) {
  Tensor self = a.tensor(0), mat = a.tensor(1), vec = a.tensor(2);
  check(mat.dim() == 2 && vec.dim() == 1 && self.dim() <= 1,
        "vector + matrix @ vector expected, got " + std::to_string(self.dim()) + ", " + std::to_string(mat.dim()) + ", " +
            std::to_string(vec.dim()));
  check(mat.size(1) == vec.size(0) && (mat.size(0) == self.numel() || self.numel() == 1),
        "size mismatch, got input (" + std::to_string(self.dim() == 0 ? 1 : self.size(0)) + "), mat (" +
            mat.sym_size(0).str() + "x" + mat.sym_size(1).str() + "), vec (" + vec.sym_size(0).str() + ")");
  SymIntVector sizes{mat.sym_size(0)};
  check_inplace_sizes(a, sizes);
  if (self.dtype() != mat.dtype() || mat.dtype() != vec.dtype())
    fail("addmv input tensors must have the same dtype, but got " + type_name(self.dtype()) + ", " +
         type_name(mat.dtype()) + ", and " + type_name(vec.dtype()));
  check_matmul_dtype(mat.dtype(), "addmv_impl_cpu");
  return {contiguous_spec(std::move(sizes), vec.dtype(), vec)};
}

// ATen's addmv_out_cpu: gemv 'n' on a column-major matrix (gemm's Axpy form),
// gemv 't' otherwise (its Dot form).
void addmv_into(const Tensor& result, const Tensor& self, const Tensor& mat, const Tensor& vec, const Scalar& beta,
                const Scalar& alpha) {
  if (mat.numel() == 0) {
    if (!is_zero(beta) && !self.is_same(result)) copy_into(result, call_tensor("expand", self, result.sym_sizes()));
    scale_into(result, beta);
    return;
  }
  if (!is_zero(beta) && !self.is_same(result)) copy_into(result, call_tensor("expand", self, result.sym_sizes()));
  const int64_t rows = mat.size(0), cols = mat.size(1);
  const bool axpy = mat.stride(0) == 1 && (cols == 1 || mat.stride(1) >= std::max<int64_t>(1, rows));
  Tensor y = result.stride(0) == 1 ? result : Tensor::empty(result.sym_sizes(), result.dtype());
  if (!y.is_same(result) && !is_zero(beta)) copy_into(y, result);
  tensor::visit_dtype(mat.dtype(), [&]<class T>() {
    gemm<T>(axpy ? GemmOrder::Axpy : GemmOrder::Dot, rows, 1, cols, alpha,
            MatrixView<T>{mat.data<T>(), mat.stride(0), mat.stride(1)}, MatrixView<T>{vec.data<T>(), vec.stride(0), 0},
            beta, y.data<T>(), rows);
  });
  if (!y.is_same(result)) copy_into(result, y);
}
void addmv_kernel(const OpArgs& a, std::span<const Tensor> out) {
  addmv_into(out[0], a.tensor(0), a.tensor(1), a.tensor(2), a.scalar(3), a.scalar(4));
}

std::vector<TensorSpec> mv_meta(const OpArgs& a) {
  Tensor self = a.tensor(0), vec = a.tensor(1);
  check(self.dim() == 2 && vec.dim() == 1,
        "vector + matrix @ vector expected, got 1, " + std::to_string(self.dim()) + ", " + std::to_string(vec.dim()));
  check(self.size(1) == vec.size(0), "size mismatch, got input (" + self.sym_size(0).str() + "), mat (" +
                                         self.sym_size(0).str() + "x" + self.sym_size(1).str() + "), vec (" +
                                         vec.sym_size(0).str() + ")");
  if (self.dtype() != vec.dtype())
    fail("addmv input tensors must have the same dtype, but got " + type_name(vec.dtype()) + ", " +
         type_name(self.dtype()) + ", and " + type_name(vec.dtype()));
  check_matmul_dtype(self.dtype(), "addmv_impl_cpu");
  return {contiguous_spec({self.sym_size(0)}, vec.dtype(), vec)};
}
void mv_kernel(const OpArgs& a, std::span<const Tensor> out) {
  addmv_into(out[0], out[0], a.tensor(0), a.tensor(1), Scalar(int64_t{0}), Scalar(int64_t{1}));
}

std::vector<TensorSpec> dot_meta(const OpArgs& a) {
  Tensor self = a.tensor(0), other = a.tensor(1);
  check(self.dim() == 1 && other.dim() == 1, "1D tensors expected, but got " + std::to_string(self.dim()) + "D and " +
                                                 std::to_string(other.dim()) + "D tensors");
  check(self.dtype() == other.dtype(), "dot : expected both vectors to have same dtype, but found " +
                                           type_name(self.dtype()) + " and " + type_name(other.dtype()));
  std::string n = std::to_string(self.numel()), m = std::to_string(other.numel());
  check(self.numel() == other.numel(), "inconsistent tensor size, expected tensor [" + n + "] and src [" + m +
                                           "] to have the same number of elements, but got " + n + " and " + m +
                                           " elements respectively");
  check_matmul_dtype(self.dtype(), "dot");
  return {contiguous_spec({}, self.dtype(), self)};
}
void dot_kernel(const OpArgs& a, std::span<const Tensor> out) {
  Tensor x = a.tensor(0), y = a.tensor(1);
  tensor::visit_dtype(x.dtype(), [&]<class T>() {
    gemm<T>(GemmOrder::Dot, 1, 1, x.numel(), Scalar(int64_t{1}), MatrixView<T>{x.data<T>(), 0, x.stride(0)},
            MatrixView<T>{y.data<T>(), y.stride(0), 0}, Scalar(int64_t{0}), out[0].data<T>(), 1);
  });
}

// ---- addr -------------------------------------------------------------------------------------------

Tensor column(const Tensor& v) { return call_tensor("unsqueeze", v, 1); }

std::vector<TensorSpec> addr_meta(const OpArgs& a) {
  Tensor self = a.tensor(0), vec1 = a.tensor(1), vec2 = a.tensor(2);
  check(vec1.dim() == 1, "addr: Expected 1-D argument vec1, but got " + std::to_string(vec1.dim()) + "-D");
  check(vec2.dim() == 1, "addr: Expected 1-D argument vec2, but got " + std::to_string(vec2.dim()) + "-D");
  SymIntVector sizes{vec1.sym_size(0), vec2.sym_size(0)};
  call("expand", self, sizes);
  check_inplace_sizes(a, sizes);
  ResultType rt;
  for (const Tensor& t : {self, vec1, vec2}) rt.add(t);
  return {contiguous_spec(std::move(sizes), rt.result(), self)};
}
// ATen's addr kernel: beta * self + alpha * vec1[i] * vec2[j] (self ignored when beta is 0).
void addr_kernel(const OpArgs& a, std::span<const Tensor> out) {
  const Tensor& o = out[0];
  Tensor self = to_dtype(call_tensor("expand", a.tensor(0), o.sym_sizes()), o.dtype());
  Tensor v1 = to_dtype(column(a.tensor(1)), o.dtype()), v2 = to_dtype(a.tensor(2), o.dtype());
  Scalar beta = a.scalar(3), alpha = a.scalar(4);
  tensor::visit_dtype(o.dtype(), [&]<class T>() {
    if constexpr (std::is_same_v<T, bool>) {
      const bool b = beta.to_bool(), al = alpha.to_bool();
      ternary_loop<T, T, T, T>(o, self, v1, v2, [=](T s, T x, T y) { return (b && s) || (al && x && y); });
    } else {
      using Op = std::conditional_t<std::is_same_v<T, tensor::Half> || std::is_same_v<T, tensor::BFloat16>, float, T>;
      const Op b = beta.to<Op>(), al = alpha.to<Op>();
      const bool zero_beta = is_zero(beta);
      ternary_loop<T, T, T, T>(o, self, v1, v2, [=](T s, T x, T y) {
        Op p = static_cast<Op>(al * static_cast<Op>(x) * static_cast<Op>(y));
        return static_cast<T>(zero_beta ? p : static_cast<Op>(b * static_cast<Op>(s) + p));
      });
    }
  });
}

// ---- composites -----------------------------------------------------------------------------------

Value outer_run(const OpArgs& a) {
  Tensor self = a.tensor(0), vec2 = a.tensor(1);
  check(self.dim() == 1, "outer: Expected 1-D argument self, but got " + std::to_string(self.dim()) + "-D");
  check(vec2.dim() == 1, "outer: Expected 1-D argument vec2, but got " + std::to_string(vec2.dim()) + "-D");
  return call("mul.Tensor", call_tensor("reshape", self, SymIntVector{self.sym_size(0), 1}), vec2);
}

Tensor mT(const Tensor& t) { return call_tensor("transpose.int", t, int64_t{-2}, int64_t{-1}); }

// ATen's should_fold: fold the batch dims of the larger operand into mm/mv rows
// when that needs no copy, or when the smaller operand requires grad.
bool should_fold(const Tensor& tensor1, const Tensor& tensor2) {
  const bool tensor1_larger = tensor1.dim() >= tensor2.dim();
  Tensor t1 = tensor1_larger ? tensor1 : mT(tensor2);
  const int64_t dim_t1 = t1.dim(), dim_t2 = tensor1_larger ? tensor2.dim() : tensor1.dim();
  if (!(dim_t1 >= 3 && dim_t2 <= 2)) return false;
  if ((tensor1_larger ? tensor2 : tensor1).requires_grad()) return true;
  if (tensor1.dim() == 2) return false;
  if (t1.numel() == 0) return true;
  for (int64_t i = 0; i < dim_t1 - 2; ++i)
    if (t1.stride(i) != t1.stride(i + 1) * t1.size(i + 1)) return false;
  return true;
}

Tensor matmul(const Tensor& tensor1, const Tensor& tensor2) {
  const int64_t dim1 = tensor1.dim(), dim2 = tensor2.dim();
  check(dim1 != 0 && dim2 != 0, "both arguments to matmul need to be at least 1D, but they are " +
                                    std::to_string(dim1) + "D and " + std::to_string(dim2) + "D");
  if (dim1 == 1 && dim2 == 1) return call_tensor("dot", tensor1, tensor2);
  if (dim1 == 2 && dim2 == 1) return call_tensor("mv", tensor1, tensor2);
  if (dim1 == 1 && dim2 == 2)
    return call_tensor("squeeze.dim", call_tensor("mm", call_tensor("unsqueeze", tensor1, 0), tensor2), 0);
  if (dim1 == 2 && dim2 == 2) return call_tensor("mm", tensor1, tensor2);
  if (should_fold(tensor1, tensor2)) {
    const bool transpose = dim2 > dim1;
    Tensor t1 = transpose ? mT(tensor2) : tensor1;
    Tensor t2 = !transpose ? tensor2 : dim1 == 2 ? call_tensor("t", tensor1) : tensor1;
    SymIntVector output_shape(t1.sym_sizes().begin(), t1.sym_sizes().end() - 1);
    SymInt folded = tensor::compute_numel(output_shape);
    const bool t2_is_matrix = t2.dim() == 2;
    if (t2_is_matrix) output_shape.push_back(t2.sym_size(1));
    Tensor t1_folded = call_tensor("reshape", t1, SymIntVector{folded, t1.sym_sizes().back()});
    if (t2_is_matrix) {
      Tensor output = call_tensor("_unsafe_view", call_tensor("mm", t1_folded, t2), output_shape);
      return transpose ? call_tensor("contiguous", mT(output)) : output;
    }
    return call_tensor("_unsafe_view", call_tensor("mv", t1_folded, t2), output_shape);
  }
  // Batched: broadcast the batch dims, fold them into one and run bmm.
  const SymInt n = dim1 > 1 ? tensor1.sym_sizes().end()[-2] : SymInt(1);
  const SymInt m1 = tensor1.sym_sizes().back();
  SymIntVector batch1(tensor1.sym_sizes().begin(), tensor1.sym_sizes().begin() + std::max<int64_t>(dim1 - 2, 0));
  const SymInt m2 = dim2 > 1 ? tensor2.sym_sizes().end()[-2] : tensor2.sym_size(0);
  const SymInt p = dim2 > 1 ? tensor2.sym_sizes().back() : SymInt(1);
  SymIntVector batch2(tensor2.sym_sizes().begin(), tensor2.sym_sizes().begin() + std::max<int64_t>(dim2 - 2, 0));
  if (dim1 == 3 && dim2 == 3 && !(batch1[0] == batch2[0]).expect_bool()) {
    if ((batch1[0] == 1).expect_bool() && tensor1.requires_grad())
      return matmul(call_tensor("squeeze.dim", tensor1, 0), tensor2);
    if ((batch2[0] == 1).expect_bool() && tensor2.requires_grad())
      return matmul(tensor1, call_tensor("squeeze.dim", tensor2, 0));
  }
  SymIntVector output_shape = broadcast_shapes(batch1, batch2);
  const SymInt batch = tensor::compute_numel(output_shape);
  SymIntVector expand1 = output_shape;
  expand1.insert(expand1.end(), {n, m1});
  Tensor t1 = call_tensor("reshape", call_tensor("expand", tensor1, expand1), SymIntVector{batch, n, m1});
  const bool vector_rhs = dim2 == 1;
  SymIntVector expand2 = output_shape;
  if (vector_rhs) expand2.push_back(m2);
  else expand2.insert(expand2.end(), {m2, p});
  Tensor t2 = call_tensor("expand", tensor2, expand2);
  t2 = vector_rhs ? call_tensor("unsqueeze", call_tensor("reshape", t2, SymIntVector{batch, m2}), 2)
                  : call_tensor("reshape", t2, SymIntVector{batch, m2, p});
  if (dim1 > 1) output_shape.push_back(n);
  if (dim2 > 1) output_shape.push_back(p);
  Tensor product = call_tensor("bmm", t1, t2);
  if (vector_rhs) product = call_tensor("squeeze.dim", product, -1);
  return call_tensor("_unsafe_view", product, output_shape);
}

Value matmul_run(const OpArgs& a) { return matmul(a.tensor(0), a.tensor(1)).to_value(); }

Value linear_run(const OpArgs& a) {
  Tensor input = a.tensor(0), weight = a.tensor(1), bias = a.optional_tensor(2);
  check(input.dim() != 0 && weight.dim() != 0, "both arguments to linear need to be at least 1D, but they are " +
                                                   std::to_string(input.dim()) + "D and " + std::to_string(weight.dim()) + "D");
  Tensor wt = call_tensor("t", weight);
  if (input.dim() == 2 && bias.defined()) return call("addmm", bias, input, wt);
  if (bias.defined() && input.is_contiguous() && (input.dim() == 3 || bias.dim() == 1)) {
    // ATen's _flatten_nd_linear: one addmm over the flattened leading dims.
    SymIntVector lead(input.sym_sizes().begin(), input.sym_sizes().end() - 1);
    Tensor flat = call_tensor("reshape", input, SymIntVector{tensor::compute_numel(lead), input.sym_sizes().back()});
    Tensor result = call_tensor("addmm", bias, flat, wt);
    lead.push_back(result.sym_size(1));
    return call("view", result, lead);
  }
  Tensor output = matmul(input, wt);
  if (bias.defined()) call("add_.Tensor", output, bias);
  return output.to_value();
}

// ---- einsum (ATen's algorithm: align operands, contract left to right) ---------------------------------

// (left * right).sum(sum_dims, keepdim=True) through permute, reshape and bmm.
Tensor sumproduct_pair(Tensor left, Tensor right, const std::vector<int64_t>& sum_dims) {
  if (sum_dims.empty()) return call_tensor("mul.Tensor", left, right);
  const int64_t dim = left.dim();
  std::vector<bool> summed(static_cast<size_t>(dim), false);
  for (int64_t d : sum_dims) summed[d] = true;
  std::vector<int64_t> lro, lo, ro;
  SymInt lro_size = 1, lo_size = 1, ro_size = 1, sum_size = 1;
  for (int64_t i = 0; i < dim; ++i) {
    const bool sl = !(left.sym_size(i) == 1).expect_bool(), sr = !(right.sym_size(i) == 1).expect_bool();
    if (summed[i]) {
      if (sl && sr) {
        check((left.sym_size(i) == right.sym_size(i)).expect_bool(), "non-broadcast dimensions must match");
        sum_size *= left.sym_size(i);
      } else if (sl) {
        left = call_tensor("sum.dim_IntList", left, tensor::IntVector{i}, true);
      } else if (sr) {
        right = call_tensor("sum.dim_IntList", right, tensor::IntVector{i}, true);
      }
    } else if (sl && sr) {
      check((left.sym_size(i) == right.sym_size(i)).expect_bool(), "non-broadcast dimensions must match");
      lro.push_back(i);
      lro_size *= left.sym_size(i);
    } else if (sl) {
      lo.push_back(i);
      lo_size *= left.sym_size(i);
    } else {
      ro.push_back(i);
      ro_size *= right.sym_size(i);
    }
  }
  SymIntVector out_size;
  for (int64_t d : lro) out_size.push_back(left.sym_size(d));
  for (int64_t d : lo) out_size.push_back(left.sym_size(d));
  for (size_t k = 0; k < sum_dims.size(); ++k) out_size.push_back(1);
  for (int64_t d : ro) out_size.push_back(right.sym_size(d));
  auto concat = [](std::initializer_list<const std::vector<int64_t>*> parts) {
    std::vector<int64_t> out;
    for (const auto* p : parts) out.insert(out.end(), p->begin(), p->end());
    return out;
  };
  std::vector<int64_t> lperm = concat({&lro, &lo, &sum_dims, &ro});
  std::vector<int64_t> rperm = concat({&lro, &sum_dims, &ro, &lo});
  std::vector<int64_t> operm(lperm.size());
  for (size_t i = 0; i < lperm.size(); ++i) operm[lperm[i]] = static_cast<int64_t>(i);
  left = call_tensor("reshape", call_tensor("permute", left, lperm), SymIntVector{lro_size, lo_size, sum_size});
  right = call_tensor("reshape", call_tensor("permute", right, rperm), SymIntVector{lro_size, sum_size, ro_size});
  Tensor result = call_tensor("bmm", left, right);
  return call_tensor("permute", call_tensor("view", result, out_size), operm);
}

Value einsum_run(const OpArgs& a) {
  std::string_view equation = a.str(0);
  std::vector<Tensor> operands = a.tensor_list(1);
  check(!operands.empty(), "einsum(): must provide at least one operand");
  const size_t num_ops = operands.size();
  constexpr int kLetters = 26, kLabels = 2 * kLetters, kEllipsis = kLabels;
  auto to_subscript = [](unsigned char c) { return std::isupper(c) ? c - 'A' : c - 'a' + kLetters; };
  auto to_label = [](int s) { return std::string(1, static_cast<char>(s < kLetters ? s + 'A' : s + 'a' - kLetters)); };

  const size_t arrow = equation.find("->");
  const std::string_view lhs = equation.substr(0, arrow);
  std::vector<std::vector<int>> op_labels(num_ops);
  bool ell_in_input = false;
  size_t cur = 0;
  for (size_t i = 0; i < lhs.size(); ++i) {
    const unsigned char c = lhs[i];
    if (c == ' ') continue;
    if (c == '.') {
      check(!ell_in_input, "einsum(): found '.' for operand " + std::to_string(cur) + " for which an ellipsis was already found");
      check(i + 2 < lhs.size() && lhs[++i] == '.' && lhs[++i] == '.',
            "einsum(): found '.' for operand " + std::to_string(cur) + " that is not part of any ellipsis");
      op_labels[cur].push_back(kEllipsis);
      ell_in_input = true;
    } else if (c == ',') {
      ++cur;
      check(cur < num_ops, "einsum(): fewer operands were provided than specified in the equation");
      ell_in_input = false;
    } else {
      check(std::isalpha(c), "einsum(): invalid subscript given at index " + std::to_string(i) +
                                 " in the equation string, subscripts must be in [a-zA-Z]");
      op_labels[cur].push_back(to_subscript(c));
    }
  }
  check(cur == num_ops - 1, "einsum(): more operands were provided than specified in the equation");

  std::vector<int64_t> label_count(kLabels, 0);
  int64_t ell_num_dim = 0;
  for (size_t i = 0; i < num_ops; ++i) {
    const int64_t ndims = operands[i].dim();
    int64_t nlabels = static_cast<int64_t>(op_labels[i].size());
    bool has_ellipsis = false;
    for (int label : op_labels[i]) {
      if (label == kEllipsis) {
        --nlabels;
        has_ellipsis = true;
        ell_num_dim = std::max(ell_num_dim, ndims - nlabels);
      } else {
        ++label_count[label];
      }
    }
    check(has_ellipsis ? nlabels <= ndims : nlabels == ndims,
          "einsum(): the number of subscripts in the equation (" + std::to_string(nlabels) +
              (has_ellipsis ? ") is more than the number of dimensions (" : ") does not match the number of dimensions (") +
              std::to_string(ndims) + ") for operand " + std::to_string(i) + (has_ellipsis ? "" : " and no ellipsis was given"));
  }

  // Every operand is aligned to [output dims..., contracted dims...].
  std::vector<int64_t> label_perm_index(kLabels, -1);
  int64_t perm_index = 0, ell_index = 0;
  bool ell_in_output = false;
  if (arrow == std::string_view::npos) {
    perm_index = ell_num_dim;
    ell_in_output = true;
    for (int label = 0; label < kLabels; ++label)
      if (label_count[label] == 1) label_perm_index[label] = perm_index++;
  } else {
    const std::string_view rhs = equation.substr(arrow + 2);
    for (size_t i = 0; i < rhs.size(); ++i) {
      const unsigned char c = rhs[i];
      if (c == ' ') continue;
      if (c == '.') {
        check(!ell_in_output, "einsum(): found '.' for output but an ellipsis (...) was already found");
        check(i + 2 < rhs.size() && rhs[++i] == '.' && rhs[++i] == '.',
              "einsum(): found '.' for output that is not part of any ellipsis (...)");
        ell_index = perm_index;
        perm_index += ell_num_dim;
        ell_in_output = true;
        continue;
      }
      check(std::isalpha(c), "einsum(): invalid subscript given at index " + std::to_string(lhs.size() + 2 + i) +
                                 " in the equation string, subscripts must be in [a-zA-Z]");
      const int s = to_subscript(c);
      check(label_count[s] > 0 && label_perm_index[s] == -1,
            "einsum(): output subscript " + std::string(1, static_cast<char>(c)) +
                (label_perm_index[s] > -1 ? " appears more than once in the output"
                                          : " does not appear in the equation for any input operand"));
      label_perm_index[s] = perm_index++;
    }
  }
  const int64_t out_num_dim = perm_index;
  if (!ell_in_output) {
    ell_index = perm_index;
    perm_index += ell_num_dim;
  }
  for (int label = 0; label < kLabels; ++label)
    if (label_count[label] > 0 && label_perm_index[label] == -1) label_perm_index[label] = perm_index++;

  std::vector<SymInt> label_size(kLabels, 1), ell_sizes(static_cast<size_t>(ell_num_dim), 1);
  std::vector<int64_t> dim_counts(static_cast<size_t>(perm_index), 0);
  std::deque<Tensor> ops;
  for (size_t i = 0; i < num_ops; ++i) {
    Tensor op = operands[i];
    std::vector<int64_t> permutation(static_cast<size_t>(perm_index), -1);
    int64_t dim = 0;
    for (int s : op_labels[i]) {
      if (s == kEllipsis) {
        const int64_t ndim = operands[i].dim() - (static_cast<int64_t>(op_labels[i].size()) - 1);
        for (int64_t j = ell_num_dim - ndim; j < ell_num_dim; ++j) {
          if (!(op.sym_size(dim) == 1).expect_bool()) {
            check((ell_sizes[j] == 1).expect_bool() || (ell_sizes[j] == op.sym_size(dim)).expect_bool(),
                  "einsum(): dimension " + std::to_string(dim) + " covered by ellipsis in operand " + std::to_string(i) +
                      "has size " + op.sym_size(dim).str() +
                      " which does not broadcast with previously seen ellipsis with size " +
                      ell_sizes[j].str() + " for the respective dimension");
            ell_sizes[j] = op.sym_size(dim);
            ++dim_counts[ell_index + j];
          }
          permutation[ell_index + j] = dim++;
        }
      } else if (permutation[label_perm_index[s]] == -1) {
        if (!(op.sym_size(dim) == 1).expect_bool()) {
          check((label_size[s] == 1).expect_bool() || (label_size[s] == op.sym_size(dim)).expect_bool(),
                "einsum(): subscript " + to_label(s) + " has size " + op.sym_size(dim).str() + " for operand " +
                    std::to_string(i) + " which does not broadcast with previously seen size " +
                    label_size[s].str());
          label_size[s] = op.sym_size(dim);
          ++dim_counts[label_perm_index[s]];
        }
        permutation[label_perm_index[s]] = dim++;
      } else {
        // A repeated label: take the diagonal.
        const int64_t prev = permutation[label_perm_index[s]];
        check((op.sym_size(dim) == op.sym_size(prev)).expect_bool(),
              "einsum(): subscript " + to_label(s) + " is repeated for operand " + std::to_string(i) +
                  " but the sizes don't match, " + op.sym_size(dim).str() + " != " + op.sym_size(prev).str());
        op = call_tensor("movedim.int", call_tensor("diagonal", op, 0, prev, dim), -1, prev);
      }
    }
    for (int64_t& v : permutation)
      if (v == -1) {
        op = call_tensor("unsqueeze", op, dim);
        v = dim++;
      }
    ops.push_back(call_tensor("permute", op, permutation));
  }

  while (ops.size() > 1) {
    Tensor x = ops[0], y = ops[1];
    ops.erase(ops.begin(), ops.begin() + 2);
    std::vector<int64_t> sum_dims;
    tensor::IntVector x_sum, y_sum;
    for (int64_t d = out_num_dim; d < perm_index; ++d) {
      const bool xs = !(x.sym_size(d) == 1).expect_bool(), ys = !(y.sym_size(d) == 1).expect_bool();
      if (xs && ys) {
        if (--dim_counts[d] == 1) {
          sum_dims.push_back(d);
          dim_counts[d] = 0;
        }
      } else if (dim_counts[d] == 1) {
        if (xs) {
          x_sum.push_back(d);
          dim_counts[d] = 0;
        } else if (ys) {
          y_sum.push_back(d);
          dim_counts[d] = 0;
        }
      }
    }
    if (!x_sum.empty()) x = call_tensor("sum.dim_IntList", x, x_sum, true);
    if (!y_sum.empty()) y = call_tensor("sum.dim_IntList", y, y_sum, true);
    ops.push_front(sumproduct_pair(x, y, sum_dims));
  }

  if (perm_index - out_num_dim > 0) {
    if (num_ops > 1) {
      SymIntVector sizes(ops[0].sym_sizes().begin(), ops[0].sym_sizes().begin() + out_num_dim);
      return call("view", ops[0], sizes);
    }
    tensor::IntVector sum_dims(static_cast<size_t>(perm_index - out_num_dim));
    std::iota(sum_dims.begin(), sum_dims.end(), out_num_dim);
    return call("sum.dim_IntList", ops[0], sum_dims);
  }
  return ops[0].to_value();
}

// ---- derivatives --------------------------------------------------------------------------------

Tensor maybe_multiply(const Tensor& t, const Scalar& s) { return is_one(s) ? t : call_tensor("mul.Tensor", t, s); }

// FunctionsManual's mm_mat1_backward / mm_mat2_backward: a column-major input
// gets a column-major gradient.
bool column_major(const TensorSpec& s) {
  return (s.strides[0] == 1).expect_bool() && (s.strides[1] == s.sizes[0]).expect_bool();
}
Tensor mm_mat1_backward(const Tensor& grad, const Tensor& mat2, const TensorSpec& mat1, const Scalar& alpha) {
  if (column_major(mat1))
    return maybe_multiply(call_tensor("t", call_tensor("mm", mat2, call_tensor("t", grad))), alpha);
  return maybe_multiply(call_tensor("mm", grad, call_tensor("t", mat2)), alpha);
}
Tensor mm_mat2_backward(const Tensor& grad, const Tensor& mat1, const TensorSpec& mat2, const Scalar& alpha) {
  if (column_major(mat2))
    return maybe_multiply(call_tensor("t", call_tensor("mm", call_tensor("t", grad), mat1)), alpha);
  return maybe_multiply(call_tensor("mm", call_tensor("t", mat1), grad), alpha);
}

Grads mm_backward(const BackwardContext& c, const Grads& g) {
  Grads out(2);
  const Scalar one(int64_t{1});
  if (c.needs_grad_of_arg(0)) out[0] = mm_mat1_backward(g[0], c.tensor(1), c.spec_of_arg(0), one);
  if (c.needs_grad_of_arg(1)) out[1] = mm_mat2_backward(g[0], c.tensor(0), c.spec_of_arg(1), one);
  return out;
}
Grads addmm_backward(const BackwardContext& c, const Grads& g) {
  Grads out(3);
  OpArgs a = c.args();
  if (c.needs_grad_of_arg(0)) out[0] = maybe_multiply(g[0], a.scalar(3));
  if (c.needs_grad_of_arg(1)) out[1] = mm_mat1_backward(g[0], c.tensor(2), c.spec_of_arg(1), a.scalar(4));
  if (c.needs_grad_of_arg(2)) out[2] = mm_mat2_backward(g[0], c.tensor(1), c.spec_of_arg(2), a.scalar(4));
  return out;
}
Tensor bmm_t(const Tensor& t) { return call_tensor("transpose.int", t, 1, 2); }
Grads bmm_backward(const BackwardContext& c, const Grads& g) {
  Grads out(2);
  if (c.needs_grad_of_arg(0)) out[0] = call_tensor("bmm", g[0], bmm_t(c.tensor(1)));
  if (c.needs_grad_of_arg(1)) out[1] = call_tensor("bmm", bmm_t(c.tensor(0)), g[0]);
  return out;
}
Grads baddbmm_backward(const BackwardContext& c, const Grads& g) {
  Grads out(3);
  OpArgs a = c.args();
  if (c.needs_grad_of_arg(0)) out[0] = maybe_multiply(g[0], a.scalar(3));
  if (c.needs_grad_of_arg(1)) out[1] = maybe_multiply(call_tensor("bmm", g[0], bmm_t(c.tensor(2))), a.scalar(4));
  if (c.needs_grad_of_arg(2)) out[2] = maybe_multiply(call_tensor("bmm", bmm_t(c.tensor(1)), g[0]), a.scalar(4));
  return out;
}
Grads addbmm_backward(const BackwardContext& c, const Grads& g) {
  Grads out(3);
  OpArgs a = c.args();
  const TensorSpec &b1 = c.spec_of_arg(1), &b2 = c.spec_of_arg(2);
  auto expanded = [&] { return call_tensor("expand", call_tensor("unsqueeze", g[0], 0), SymIntVector{b1.sizes[0], b1.sizes[1], b2.sizes[2]}); };
  if (c.needs_grad_of_arg(0)) out[0] = maybe_multiply(g[0], a.scalar(3));
  if (c.needs_grad_of_arg(1)) out[1] = maybe_multiply(call_tensor("bmm", expanded(), bmm_t(c.tensor(2))), a.scalar(4));
  if (c.needs_grad_of_arg(2)) out[2] = maybe_multiply(call_tensor("bmm", bmm_t(c.tensor(1)), expanded()), a.scalar(4));
  return out;
}
Grads mv_backward(const BackwardContext& c, const Grads& g) {
  Grads out(2);
  if (c.needs_grad_of_arg(0)) out[0] = call_tensor("outer", g[0], c.tensor(1));
  if (c.needs_grad_of_arg(1)) out[1] = call_tensor("mv", call_tensor("t", c.tensor(0)), g[0]);
  return out;
}
Grads addmv_backward(const BackwardContext& c, const Grads& g) {
  Grads out(3);
  OpArgs a = c.args();
  if (c.needs_grad_of_arg(0)) out[0] = maybe_multiply(g[0], a.scalar(3));
  if (c.needs_grad_of_arg(1)) out[1] = maybe_multiply(call_tensor("outer", g[0], c.tensor(2)), a.scalar(4));
  if (c.needs_grad_of_arg(2)) out[2] = maybe_multiply(call_tensor("mv", call_tensor("t", c.tensor(1)), g[0]), a.scalar(4));
  return out;
}
Grads dot_backward(const BackwardContext& c, const Grads& g) {
  Grads out(2);
  if (c.needs_grad_of_arg(0)) out[0] = call_tensor("mul.Tensor", g[0], c.tensor(1));
  if (c.needs_grad_of_arg(1)) out[1] = call_tensor("mul.Tensor", g[0], c.tensor(0));
  return out;
}
Grads addr_backward(const BackwardContext& c, const Grads& g) {
  Grads out(3);
  OpArgs a = c.args();
  if (c.needs_grad_of_arg(0)) out[0] = maybe_multiply(g[0], a.scalar(3));
  if (c.needs_grad_of_arg(1)) out[1] = maybe_multiply(call_tensor("mv", g[0], c.tensor(2)), a.scalar(4));
  if (c.needs_grad_of_arg(2)) out[2] = maybe_multiply(call_tensor("mv", call_tensor("t", g[0]), c.tensor(1)), a.scalar(4));
  return out;
}

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

// ---- tensordot / inner / kron ---------------------------------------------------------------------

// ATen's tensordot: contracted dims of size 1 on one side are summed first,
// the rest are moved together and contracted by one mm.
Value tensordot_run(const OpArgs& a) {
  Tensor input1 = a.tensor(0), input2 = a.tensor(1);
  const IntVector dims1 = a.int_list(2), dims2 = a.int_list(3);
  check(dims1.size() == dims2.size(), "both dimension lists should have same length");
  check(input1.dtype() == input2.dtype(), "both inputs should have same dtype");
  SymInt csize = 1;
  Tensor t1 = input1, t2 = input2;
  for (size_t i = 0; i < dims1.size(); ++i) {
    const SymInt s1 = input1.sym_size(wrap_dim(dims1[i], input1.dim()));
    const SymInt s2 = input2.sym_size(wrap_dim(dims2[i], input2.dim()));
    if ((s2 == 1).expect_bool()) {
      t1 = call_tensor("sum.dim_IntList", t1, IntVector{dims1[i]}, true, t1.dtype());
    } else if ((s1 == 1).expect_bool()) {
      t2 = call_tensor("sum.dim_IntList", t2, IntVector{dims2[i]}, true, t2.dtype());
    } else {
      check((s1 == s2).expect_bool(), "contracted dimensions need to match, but first has size " +
                                          s1.str() + " in dim " + std::to_string(dims1[i]) +
                                          " and second has size " + s2.str() + " in dim " +
                                          std::to_string(dims2[i]));
      csize *= s1;
    }
  }
  const uint64_t cdims1 = dim_mask(dims1, input1.dim()), cdims2 = dim_mask(dims2, input2.dim());
  IntVector p1, p2;
  SymIntVector rsizes;
  SymInt size1 = 1, size2 = 1;
  for (int64_t i = 0; i < input1.dim(); ++i)
    if (!(cdims1 >> i & 1)) {
      p1.push_back(i);
      size1 *= t1.sym_size(i);
      rsizes.push_back(t1.sym_size(i));
    }
  p1.insert(p1.end(), dims1.begin(), dims1.end());
  p2.insert(p2.end(), dims2.begin(), dims2.end());
  for (int64_t i = 0; i < input2.dim(); ++i)
    if (!(cdims2 >> i & 1)) {
      p2.push_back(i);
      size2 *= t2.sym_size(i);
      rsizes.push_back(t2.sym_size(i));
    }
  t1 = call_tensor("reshape", call_tensor("permute", t1, p1), SymIntVector{size1, csize});
  t2 = call_tensor("reshape", call_tensor("permute", t2, p2), SymIntVector{csize, size2});
  return call("reshape", call_tensor("mm", t1, t2), rsizes);
}

// linalg_matrix_power (ATen's composite): the identity for n = 0; for
// negative n the inverse's power (the inverse itself for -1); a copy for 1, one or two matmuls for
// 2 and 3, else matmuls by binary decomposition of n.
Value matrix_power_run(const OpArgs& a) {
  Tensor self = a.tensor(0);
  int64_t n = a.int_(1);
  check(self.dim() >= 2 && (self.sym_size(-1) == self.sym_size(-2)).expect_bool(),
        "linalg.matrix_power: A must be batches of square matrices, but they are " +
            std::to_string(self.dim() >= 2 ? self.size(-2) : 0) + " by " +
            std::to_string(self.dim() >= 1 ? self.size(-1) : 0) + " matrices");
  if (n == 0) {
    Tensor eye = call_tensor("eye", self.size(-1), self.dtype());
    return call("clone", call_tensor("expand", eye, self.sym_sizes()));
  }
  if (n == -1) return call("linalg_inv", self);
  Tensor base = n < 0 ? call_tensor("linalg_inv", self) : self;
  n = std::abs(n);
  if (n == 1) return call("clone", base);
  if (n == 2) return call("matmul", base, base);
  if (n == 3) return call("matmul", call_tensor("matmul", base, base), base);
  Tensor z, result;
  while (n > 0) {
    const bool bit = n % 2;
    n /= 2;
    z = z.defined() ? call_tensor("matmul", z, z) : base;
    if (bit) result = result.defined() ? call_tensor("matmul", result, z) : z;
  }
  return result.to_value();
}

// bilinear(x1, x2, W, b)[..., o] = x1 W[o] x2 + b[o], ATen's checks; the
// contraction as one matmul against W laid out (i, o*j), then a product
// with x2 summed over j.
Value bilinear_run(const OpArgs& a) {
  Tensor x1 = a.tensor(0), x2 = a.tensor(1), w = a.tensor(2);
  Tensor bias = a.optional_tensor(3);
  auto got = [](int64_t x, int64_t y) { return "got " + std::to_string(x) + " but expected " + std::to_string(y); };
  check(x1.dim() == x2.dim(), "bilinear(): input dimensions do not match: got " + std::to_string(x1.dim()) + " and " +
                                  std::to_string(x2.dim()));
  for (int64_t i = 0; i + 1 < x1.dim(); ++i)
    check(x1.size(i) == x2.size(i), "bilinear(): input batch dimensions do not match at dim " + std::to_string(i) +
                                        ": got " + x1.sym_size(i).str() + " and " + x2.sym_size(i).str());
  check(x1.size(-1) == w.size(1), "bilinear(): input1 size does not match weight size: " + got(x1.size(-1), w.size(1)));
  check(x2.size(-1) == w.size(2), "bilinear(): input2 size does not match weight size: " + got(x2.size(-1), w.size(2)));
  check(!bias.defined() || bias.size(0) == w.size(0),
        "bilinear(): bias size does not match weight size: " + got(bias.defined() ? bias.size(0) : 0, w.size(0)));
  const int64_t in1 = w.size(1), out = w.size(0), in2 = w.size(2);
  Tensor x1f = call_tensor("reshape", x1, IntVector{-1, in1});
  Tensor x2f = call_tensor("reshape", x2, IntVector{-1, in2});
  Tensor wf = call_tensor("reshape", call_tensor("permute", w, IntVector{1, 0, 2}), IntVector{in1, out * in2});
  Tensor t = call_tensor("reshape", call_tensor("mm", x1f, wf), IntVector{-1, out, in2});
  Tensor flat = call_tensor("sum.dim_IntList", call_tensor("mul.Tensor", t, call_tensor("unsqueeze", x2f, 1)),
                            IntVector{-1}, false);
  IntVector sizes(x1.sizes().begin(), x1.sizes().end());
  sizes.back() = out;
  Tensor result = call_tensor("reshape", flat, sizes);
  return bias.defined() ? call("add.Tensor", result, bias) : result.to_value();
}

Value inner_run(const OpArgs& a) {
  Tensor self = a.tensor(0), other = a.tensor(1);
  if (self.dim() == 0 || other.dim() == 0) return call("mul.Tensor", self, other);
  check((self.sym_sizes().back() == other.sym_sizes().back()).expect_bool(),
        "inner() the last dimension must match on both input tensors but got shapes " + shape_str(self.sym_sizes()) +
            " and " + shape_str(other.sym_sizes()));
  return call("tensordot", self, other, IntVector{-1}, IntVector{-1});
}

// ATen's KronImpl: self's dims interleaved with size-1 dims, other's the
// other way round, multiplied by broadcasting and folded pairwise.
Value kron_run(const OpArgs& a) {
  Tensor self = a.tensor(0), other = a.tensor(1);
  const int64_t maxdim = std::max(self.dim(), other.dim());
  const int64_t pad_self = maxdim - self.dim(), pad_other = maxdim - other.dim();
  SymIntVector a_reshape, b_reshape, result_reshape;
  for (int64_t i = 0; i < maxdim; ++i) {
    const SymInt sa = i >= pad_self ? self.sym_size(i - pad_self) : SymInt(1);
    const SymInt sb = i >= pad_other ? other.sym_size(i - pad_other) : SymInt(1);
    a_reshape.insert(a_reshape.end(), {sa, 1});
    b_reshape.insert(b_reshape.end(), {1, sb});
    result_reshape.push_back(sa * sb);
  }
  // ATen reshapes the inputs with _unsafe_view, which views any strides;
  // refc's expects a fresh contiguous tensor, so they are viewed.
  Tensor product = call_tensor("mul.Tensor", call_tensor("view", self, a_reshape), call_tensor("view", other, b_reshape));
  return call("_unsafe_view", product, result_reshape);
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

constexpr const char* kBetaAlpha = ", *, Scalar beta=1, Scalar alpha=1) -> Tensor";

} // namespace

void register_linalg_ops(OpRegistry& r) {
  auto schema = [](const char* head) { return std::string(head) + kBetaAlpha; };
  r.def("mm(Tensor self, Tensor mat2) -> Tensor").method().structured(mm_meta, mm_kernel)
      .derivative("MmBackward0", mm_backward).saves({"self", "mat2"});
  r.def(schema("addmm(Tensor self, Tensor mat1, Tensor mat2")).method().structured(addmm_meta, addmm_kernel)
      .inplace("addmm_").derivative("AddmmBackward0", addmm_backward).saves({"mat1", "mat2"});
  r.def("bmm(Tensor self, Tensor mat2) -> Tensor").method().structured(bmm_meta, bmm_kernel)
      .derivative("BmmBackward0", bmm_backward).saves({"self", "mat2"});
  r.def(schema("baddbmm(Tensor self, Tensor batch1, Tensor batch2")).method().structured(baddbmm_meta, baddbmm_kernel)
      .inplace("baddbmm_").derivative("BaddbmmBackward0", baddbmm_backward).saves({"batch1", "batch2"});
  r.def(schema("addbmm(Tensor self, Tensor batch1, Tensor batch2")).method().structured(addbmm_meta, addbmm_kernel)
      .inplace("addbmm_").derivative("AddbmmBackward0", addbmm_backward).saves({"batch1", "batch2"});
  r.def("mv(Tensor self, Tensor vec) -> Tensor").method().structured(mv_meta, mv_kernel)
      .derivative("MvBackward0", mv_backward).saves({"self", "vec"});
  r.def(schema("addmv(Tensor self, Tensor mat, Tensor vec")).method().structured(addmv_meta, addmv_kernel)
      .inplace("addmv_", kFunction | kMethod).derivative("AddmvBackward0", addmv_backward).saves({"mat", "vec"});
  r.def("dot(Tensor self, Tensor tensor) -> Tensor").method().structured(dot_meta, dot_kernel)
      .derivative("DotBackward0", dot_backward).saves({"self", "tensor"});
  r.def(schema("addr(Tensor self, Tensor vec1, Tensor vec2")).method().structured(addr_meta, addr_kernel)
      .inplace("addr_").derivative("AddrBackward0", addr_backward).saves({"vec1", "vec2"});
  r.def("outer(Tensor self, Tensor vec2) -> Tensor").method().composite(outer_run);
  r.def("ger(Tensor self, Tensor vec2) -> Tensor").method().composite(outer_run);
  r.def("matmul(Tensor self, Tensor other) -> Tensor").method().composite(matmul_run);
  r.def("linear(Tensor input, Tensor weight, Tensor? bias=None) -> Tensor").composite(linear_run);
  r.def("einsum(str equation, Tensor[] tensors, *, int[]? path=None) -> Tensor").composite(einsum_run);
  r.def("trace(Tensor self) -> Tensor").method().structured(trace_meta, trace_kernel)
      .derivative("TraceBackward0", trace_backward);
  r.def("fill_diagonal_(Tensor(a!) self, Scalar fill_value, bool wrap=False) -> Tensor(a!)").hidden().method()
      .composite(fill_diagonal_run);
  r.def("tensordot(Tensor self, Tensor other, int[] dims_self, int[] dims_other) -> Tensor").composite(tensordot_run);
  r.def("inner(Tensor self, Tensor other) -> Tensor").method().composite(inner_run);
  r.def("linalg_matrix_power(Tensor self, int n) -> Tensor").composite(matrix_power_run);
  r.def("bilinear(Tensor input1, Tensor input2, Tensor weight, Tensor? bias=None) -> Tensor").composite(bilinear_run);
  r.def("matrix_power(Tensor self, int n) -> Tensor").method().composite(matrix_power_run);
  r.def("kron(Tensor self, Tensor other) -> Tensor").method().composite(kron_run);
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
