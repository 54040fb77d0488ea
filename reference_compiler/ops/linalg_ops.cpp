// Linear algebra's products: mm, addmm, bmm, baddbmm, addbmm, mv, addmv, dot
// and addr with their derivatives, and the composites ATen builds from them
// (matmul with its folding and broadcasting rules, linear, outer), so that
// results, grad_fn names and error messages match PyTorch. Contractions
// (einsum, tensordot, ...) are contraction_ops.cpp; trace, block_diag, cross,
// vander and the matrix norms matrix_ops.cpp. Every float/double product
// runs through gemm() (gemm.h), which keeps the reference BLAS's summation
// order; addmm_impl mirrors ATen's addmm_impl_cpu_, whose choice of
// transposes decides where alpha and beta round.
#include "reference_compiler/ops/dtype_names.h"
#include "reference_compiler/ops/gemm.h"

#include "reference_compiler/ops/op_family.h"

#include <cmath>

namespace refc::ops {

namespace {

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
  // On symbolic sizes, as ATen asks (no guard where the ranges decide:
  // concrete numel() and stride() would specialize every size).
  if ((t1->sym_numel() == 0).expect_bool()) return true;
  const tensor::SymIntArrayRef sizes = t1.sym_sizes(), strides = t1.sym_strides();
  for (size_t i = 0; i + 2 < sizes.size(); ++i)
    if ((strides[i] != strides[i + 1] * sizes[i + 1]).expect_bool()) return false;
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


// ---- derivatives --------------------------------------------------------------------------------

Tensor maybe_multiply(const Tensor& t, const Scalar& s) { return is_one(s) ? t : call_tensor("mul.Tensor", t, s); }

// baddbmm, addbmm, addmv and addr (beta * self + alpha * product(arg 1, arg 2)):
// self's gradient is beta * grad, each operand's is alpha times the product's
// gradient for it, computed only when that operand needs one.
template <class GradOfArg1, class GradOfArg2>
Grads scaled_product_backward(const BackwardContext& c, const Grads& g, GradOfArg1 grad_of_arg1,
                              GradOfArg2 grad_of_arg2) {
  Grads out(3);
  OpArgs a = c.args();
  if (c.needs_grad_of_arg(0)) out[0] = maybe_multiply(g[0], a.scalar(3));
  if (c.needs_grad_of_arg(1)) out[1] = maybe_multiply(grad_of_arg1(), a.scalar(4));
  if (c.needs_grad_of_arg(2)) out[2] = maybe_multiply(grad_of_arg2(), a.scalar(4));
  return out;
}

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
  return scaled_product_backward(c, g, [&] { return call_tensor("bmm", g[0], bmm_t(c.tensor(2))); },
                                 [&] { return call_tensor("bmm", bmm_t(c.tensor(1)), g[0]); });
}
Grads addbmm_backward(const BackwardContext& c, const Grads& g) {
  const TensorSpec &b1 = c.spec_of_arg(1), &b2 = c.spec_of_arg(2);
  auto expanded = [&] { return call_tensor("expand", call_tensor("unsqueeze", g[0], 0), SymIntVector{b1.sizes[0], b1.sizes[1], b2.sizes[2]}); };
  return scaled_product_backward(c, g, [&] { return call_tensor("bmm", expanded(), bmm_t(c.tensor(2))); },
                                 [&] { return call_tensor("bmm", bmm_t(c.tensor(1)), expanded()); });
}
Grads mv_backward(const BackwardContext& c, const Grads& g) {
  Grads out(2);
  if (c.needs_grad_of_arg(0)) out[0] = call_tensor("outer", g[0], c.tensor(1));
  if (c.needs_grad_of_arg(1)) out[1] = call_tensor("mv", call_tensor("t", c.tensor(0)), g[0]);
  return out;
}
Grads addmv_backward(const BackwardContext& c, const Grads& g) {
  return scaled_product_backward(c, g, [&] { return call_tensor("outer", g[0], c.tensor(2)); },
                                 [&] { return call_tensor("mv", call_tensor("t", c.tensor(1)), g[0]); });
}
Grads dot_backward(const BackwardContext& c, const Grads& g) {
  Grads out(2);
  if (c.needs_grad_of_arg(0)) out[0] = call_tensor("mul.Tensor", g[0], c.tensor(1));
  if (c.needs_grad_of_arg(1)) out[1] = call_tensor("mul.Tensor", g[0], c.tensor(0));
  return out;
}
Grads addr_backward(const BackwardContext& c, const Grads& g) {
  return scaled_product_backward(c, g, [&] { return call_tensor("mv", g[0], c.tensor(2)); },
                                 [&] { return call_tensor("mv", call_tensor("t", g[0]), c.tensor(1)); });
}


constexpr const char* kBetaAlpha = ", *, Scalar beta=1, Scalar alpha=1) -> Tensor";

} // namespace

void register_linalg_ops(OpRegistry& r) {
  auto schema = [](const char* head) { return std::string(head) + kBetaAlpha; };
  r.def("mm(Tensor self, Tensor mat2) -> Tensor").method().structured(mm_meta, mm_kernel)
      .derivative("MmBackward0", mm_backward).saves_for("mat2", {"self"}).saves_for("self", {"mat2"});
  r.def(schema("addmm(Tensor self, Tensor mat1, Tensor mat2")).method().structured(addmm_meta, addmm_kernel)
      .inplace("addmm_").derivative("AddmmBackward0", addmm_backward).saves_for("mat2", {"mat1"}).saves_for("mat1", {"mat2"});
  r.def("bmm(Tensor self, Tensor mat2) -> Tensor").method().structured(bmm_meta, bmm_kernel)
      .derivative("BmmBackward0", bmm_backward).saves_for("mat2", {"self"}).saves_for("self", {"mat2"});
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
}

} // namespace refc::ops
