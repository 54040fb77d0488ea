// Linear algebra built on matrix factorizations: LU with partial pivoting
// (LAPACK's getrf) and what ATen computes from it (det, slogdet, logdet, inv,
// solve), and singular values by one-sided Jacobi rotations with svdvals and
// matrix_rank on top. Checks, messages, grad_fn names and derivative formulas
// follow ATen (BatchLinearAlgebra.cpp, LinearAlgebra.cpp, FunctionsManual).
// LU runs in the tensor's dtype, as LAPACK's s/d routines do; Jacobi runs in
// double, whose singular values are accurate to the last bits of either.
#include "reference_compiler/ops/grad_mode.h"
#include "reference_compiler/ops/op_family.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace refc::ops {

namespace {

std::string dims_str(const Tensor& t) { return t.sym_size(-2).str() + "x" + t.sym_size(-1).str(); }

// ---- ATen's input checks ------------------------------------------------------------------------

void check_matrix(const Tensor& A, const std::string& f, const char* arg = "A") {
  check(A.dim() >= 2, f + ": The input tensor " + arg + " must have at least 2 dimensions.");
}

// squareCheckInputs + checkFloatingOrComplex.
void check_square_floating(const Tensor& A, const std::string& f, bool low_precision) {
  check_matrix(A, f);
  check(A.size(-1) == A.size(-2), f + ": A must be batches of square matrices, but they are " +
                                      A.sym_size(-2).str() + " by " + A.sym_size(-1).str() + " matrices");
  const DType t = A.dtype();
  check(tensor::is_floating(t), f + ": Expected a floating point or complex tensor as input. Got " +
                                    std::string(tensor::scalar_type_name(t)));
  check(low_precision || t == DType::Float32 || t == DType::Float64,
        f + ": Low precision dtypes not supported. Got " + std::string(tensor::scalar_type_name(t)));
}

// Runs `body.template operator()<T>()` for float and double; other dtypes
// are not implemented by `kernel`.
template <class F> void visit_float_double(DType t, const char* kernel, F&& body) {
  if (t == DType::Float32) body.template operator()<float>();
  else if (t == DType::Float64) body.template operator()<double>();
  else dtype_not_implemented(kernel, t);
}

// A batch of matrices stored column-major (LAPACK's layout, which ATen
// gives LU and solve results): batches contiguous, each matrix transposed.
TensorSpec column_major_spec(tensor::SymIntArrayRef matrix_sizes, DType dtype, const Tensor& like) {
  SymIntVector sizes(matrix_sizes.begin(), matrix_sizes.end());
  SymIntVector strides = tensor::contiguous_strides(sizes);
  const size_t n = sizes.size();
  strides[n - 2] = 1;
  strides[n - 1] = std::max<int64_t>(1, sizes[n - 2].expect_int());
  return TensorSpec{std::move(sizes), std::move(strides), 0, dtype, like.device()};
}

// The sizes of the batch dims (all but the last two).
SymIntVector batch_sizes(const Tensor& t) { return SymIntVector(t.sym_sizes().begin(), t.sym_sizes().end() - 2); }

SymIntVector with_suffix(SymIntVector sizes, std::initializer_list<tensor::SymInt> suffix) {
  sizes.insert(sizes.end(), suffix.begin(), suffix.end());
  return sizes;
}

// Matrix `b` of a batched tensor as a row-major copy, and back.
template <class T> std::vector<T> read_matrix(const Tensor& t, int64_t b) {
  const int64_t m = t.size(-2), n = t.size(-1);
  std::vector<T> out(static_cast<size_t>(m * n));
  const T* p = t.data<T>() + b * m * n; // t is contiguous
  std::copy(p, p + m * n, out.begin());
  return out;
}
template <class T> void write_matrix(const Tensor& t, int64_t b, const std::vector<T>& values) {
  const int64_t m = t.size(-2), n = t.size(-1), rs = t.stride(-2), cs = t.stride(-1);
  T* p = t.data<T>() + b * m * n; // batches contiguous, the matrix in any layout
  for (int64_t i = 0; i < m; ++i)
    for (int64_t j = 0; j < n; ++j) p[i * rs + j * cs] = values[static_cast<size_t>(i * n + j)];
}

// The number of matrices in a batch.
int64_t batch_count(const Tensor& t) {
  int64_t count = 1;
  for (int64_t d = 0; d + 2 < t.dim(); ++d) count *= t.size(d);
  return count;
}

// ---- LU with partial pivoting -------------------------------------------------------------------

// getf2 on a row-major m x n matrix in place: P A = L U with unit L below the
// diagonal, U on and above it. pivots are 1-based row swaps, applied in
// order; returns LAPACK's info (the 1-based index of the first zero pivot).
template <class T> int32_t lu_factor(std::vector<T>& a, int64_t m, int64_t n, int32_t* pivots) {
  int32_t info = 0;
  auto at = [&](int64_t i, int64_t j) -> T& { return a[static_cast<size_t>(i * n + j)]; };
  for (int64_t j = 0; j < std::min(m, n); ++j) {
    int64_t p = j;
    for (int64_t i = j + 1; i < m; ++i)
      if (std::abs(at(i, j)) > std::abs(at(p, j))) p = i;
    pivots[j] = static_cast<int32_t>(p + 1);
    if (at(p, j) != T(0)) {
      if (p != j)
        for (int64_t k = 0; k < n; ++k) std::swap(at(j, k), at(p, k));
      const T scale = T(1) / at(j, j);
      for (int64_t i = j + 1; i < m; ++i) at(i, j) *= scale;
    } else if (info == 0) {
      info = static_cast<int32_t>(j + 1);
    }
    for (int64_t i = j + 1; i < m; ++i)
      for (int64_t k = j + 1; k < n; ++k) at(i, k) -= at(i, j) * at(j, k);
  }
  return info;
}

// getrs: solves A X = B (or A^T X = B when `transpose`) for the n x nrhs
// row-major B in place, given A's LU factors, in the reference BLAS trsm's
// order (which skips zero entries of B, so a zero pivot gives inf, not NaN,
// where nothing divides by it).
template <class T>
void lu_solve(const std::vector<T>& lu, const int32_t* pivots, int64_t n, std::vector<T>& b, int64_t nrhs,
              bool transpose) {
  auto L = [&](int64_t i, int64_t j) { return lu[static_cast<size_t>(i * n + j)]; };
  auto B = [&](int64_t i, int64_t j) -> T& { return b[static_cast<size_t>(i * nrhs + j)]; };
  auto swap_rows = [&](int64_t i, int64_t p) {
    if (p != i)
      for (int64_t k = 0; k < nrhs; ++k) std::swap(B(i, k), B(p, k));
  };
  if (!transpose) {
    for (int64_t i = 0; i < n; ++i) swap_rows(i, pivots[i] - 1);
    for (int64_t j = 0; j < nrhs; ++j) {
      for (int64_t k = 0; k < n; ++k) // L y = P b, L unit lower
        if (B(k, j) != T(0))
          for (int64_t i = k + 1; i < n; ++i) B(i, j) -= B(k, j) * L(i, k);
      for (int64_t k = n - 1; k >= 0; --k) // U x = y
        if (B(k, j) != T(0)) {
          B(k, j) /= L(k, k);
          for (int64_t i = 0; i < k; ++i) B(i, j) -= B(k, j) * L(i, k);
        }
    }
  } else {
    for (int64_t j = 0; j < nrhs; ++j) {
      for (int64_t i = 0; i < n; ++i) { // U^T y = b
        T t = B(i, j);
        for (int64_t k = 0; k < i; ++k) t -= L(k, i) * B(k, j);
        B(i, j) = t / L(i, i);
      }
      for (int64_t i = n - 1; i >= 0; --i) { // L^T w = y
        T t = B(i, j);
        for (int64_t k = i + 1; k < n; ++k) t -= L(k, i) * B(k, j);
        B(i, j) = t;
      }
    }
    for (int64_t i = n - 1; i >= 0; --i) swap_rows(i, pivots[i] - 1); // x = P^T w
  }
}

// The sign of the permutation the pivots describe (ATen's lu_det_P).
template <class T> T permutation_sign(const int32_t* pivots, int64_t k) {
  int64_t swaps = 0;
  for (int64_t i = 0; i < k; ++i) swaps += pivots[i] != i + 1;
  return swaps % 2 ? T(-1) : T(1);
}

// The LU factors of every matrix of contiguous `A` into `LU` and `pivots`;
// `each(b, lu, pivots, info)` then sees matrix b's factors.
template <class T, class F> void factor_batch(const Tensor& A, const Tensor& LU, const Tensor& pivots, F&& each) {
  const int64_t m = A.size(-2), n = A.size(-1), k = std::min(m, n);
  for (int64_t b = 0, count = batch_count(A); b < count; ++b) {
    std::vector<T> lu = read_matrix<T>(A, b);
    int32_t* piv = pivots.data<int32_t>() + b * k;
    const int32_t info = lu_factor(lu, m, n, piv);
    write_matrix(LU, b, lu);
    each(b, lu, piv, info);
  }
}

Tensor contiguous(const Tensor& t) { return call_tensor("contiguous", t); }
Tensor mT(const Tensor& t) { return call_tensor("transpose.int", t, -2, -1); }

// det and slogdet factor A^T rather than A when A is contiguous (a row-major
// A is a column-major A^T, which saves LAPACK a copy; the determinant is the
// same); their LU outputs then describe A^T. Which one is factored decides
// the rounding, so refc does as ATen does.
bool factors_transposed(const Tensor& A) { return A.is_contiguous(); }
Tensor factored_matrix(const Tensor& A) { return contiguous(factors_transposed(A) ? mT(A) : A); }

// ---- det / slogdet ------------------------------------------------------------------------------

std::vector<TensorSpec> det_meta(const OpArgs& a) {
  Tensor A = a.tensor(0);
  check_square_floating(A, "linalg.det", true);
  const tensor::SymInt n = A.sym_size(-1);
  return {contiguous_spec(batch_sizes(A), A.dtype(), A), column_major_spec(A.sym_sizes(), A.dtype(), A),
          contiguous_spec(with_suffix(batch_sizes(A), {n}), DType::Int32, A)};
}
void det_kernel(const OpArgs& a, std::span<const Tensor> out) {
  Tensor A = factored_matrix(a.tensor(0));
  const int64_t n = A.size(-1);
  visit_float_double(A.dtype(), "lu_cpu", [&]<class T>() {
    factor_batch<T>(A, out[1], out[2], [&](int64_t b, const std::vector<T>& lu, const int32_t* piv, int32_t) {
      T prod = 1;
      for (int64_t i = 0; i < n; ++i) prod *= lu[static_cast<size_t>(i * n + i)];
      out[0].data<T>()[b] = permutation_sign<T>(piv, n) * prod;
    });
  });
}

std::vector<TensorSpec> slogdet_meta(const OpArgs& a) {
  Tensor A = a.tensor(0);
  check_square_floating(A, "linalg.slogdet", false);
  const tensor::SymInt n = A.sym_size(-1);
  TensorSpec scalar = contiguous_spec(batch_sizes(A), A.dtype(), A);
  return {scalar, scalar, column_major_spec(A.sym_sizes(), A.dtype(), A),
          contiguous_spec(with_suffix(batch_sizes(A), {n}), DType::Int32, A)};
}
void slogdet_kernel(const OpArgs& a, std::span<const Tensor> out) {
  Tensor A = factored_matrix(a.tensor(0));
  const int64_t n = A.size(-1);
  visit_float_double(A.dtype(), "lu_cpu", [&]<class T>() {
    factor_batch<T>(A, out[2], out[3], [&](int64_t b, const std::vector<T>& lu, const int32_t* piv, int32_t) {
      T sign = 1, logabs = 0;
      for (int64_t i = 0; i < n; ++i) {
        const T d = lu[static_cast<size_t>(i * n + i)];
        sign *= d > 0 ? T(1) : d < 0 ? T(-1) : T(0);
        logabs += std::log(std::abs(d));
      }
      out[0].data<T>()[b] = sign * permutation_sign<T>(piv, n);
      out[1].data<T>()[b] = logabs;
    });
  });
}

// A^{-T} D for the det and slogdet derivatives. With create_graph, a
// differentiable linalg_solve; otherwise ATen solves with the saved LU
// factors (of A or A^T, see factors_transposed), whose exact zero pivots det replaces by epsilon (a singular A then
// has det 0, so D is 0 and so is the gradient, as in PyTorch).
Tensor solve_transposed_with_lu(const Tensor& A, const Tensor& LU, const Tensor& pivots, const Tensor& D,
                                bool perturb_zero_pivots) {
  if (grad_enabled()) return call_tensor("linalg_solve", mT(A), D);
  Tensor lu_t = contiguous(LU), piv_t = contiguous(pivots), d = contiguous(D);
  Tensor result = Tensor::empty(d.sym_sizes(), d.dtype(), d.device());
  const int64_t n = A.size(-1);
  visit_float_double(A.dtype(), "lu_solve", [&]<class T>() {
    for (int64_t b = 0, count = batch_count(d); b < count; ++b) {
      std::vector<T> lu = read_matrix<T>(lu_t, b), x = read_matrix<T>(d, b);
      if (perturb_zero_pivots)
        for (int64_t i = 0; i < n; ++i)
          if (lu[static_cast<size_t>(i * n + i)] == T(0)) lu[static_cast<size_t>(i * n + i)] = std::numeric_limits<T>::epsilon();
      lu_solve(lu, piv_t.data<int32_t>() + b * n, n, x, n, !factors_transposed(A));
      write_matrix(result, b, x);
    }
  });
  return result;
}

// diag_embed of a batch of scalars, one per matrix: s * I.
Tensor scaled_identity(const Tensor& s, const Tensor& A) {
  return call_tensor("diag_embed", call_tensor("expand", call_tensor("unsqueeze", s, -1), with_suffix(batch_sizes(A), {A.sym_size(-1)})));
}

// FunctionsManual's linalg_det_backward: grad * det * A^{-T}.
Grads det_backward(const BackwardContext& c, const Grads& g) {
  Tensor A = c.tensor(0);
  Tensor d = scaled_identity(call_tensor("mul.Tensor", g[0], c.result(0)), A);
  return {solve_transposed_with_lu(A, c.result(1), c.result(2), d, true)};
}

// slogdet_backward (real): the sign is locally constant; grad_logabsdet * A^{-T}.
Grads slogdet_backward(const BackwardContext& c, const Grads& g) {
  Tensor A = c.tensor(0);
  if (!g[1].defined()) return {call_tensor("zeros_like", A)};
  return {solve_transposed_with_lu(A, c.result(2), c.result(3), scaled_identity(g[1], A), false)};
}

Value linalg_det_run(const OpArgs& a) { return unpack_tensors(call("_linalg_det", a[0]))[0].to_value(); }

Value linalg_slogdet_run(const OpArgs& a) {
  std::vector<Tensor> r = unpack_tensors(call("_linalg_slogdet", a[0]));
  return tensor_tuple_value({r[0], r[1]});
}

// logdet: NaN where the determinant is negative.
Value logdet_run(const OpArgs& a) {
  Tensor A = a.tensor(0);
  check_square_floating(A, "logdet", false);
  std::vector<Tensor> r = unpack_tensors(call("_linalg_slogdet", A));
  Tensor negative = call_tensor("eq.Scalar", r[0], -1.0);
  return call("where.ScalarSelf", negative, std::numeric_limits<double>::quiet_NaN(), r[1]);
}

// ---- solve and inv ------------------------------------------------------------------------------

// linalg_solve_is_vector_rhs: B is a (batch of) vector(s) rather than matrices.
bool is_vector_rhs(const Tensor& A, const Tensor& B) {
  if (B.dim() == 1) return true;
  if (A.dim() - 1 != B.dim()) return false;
  for (int64_t d = 0; d < B.dim(); ++d)
    if (A.size(d) != B.size(d)) return false;
  return true;
}

std::vector<TensorSpec> solve_meta(const OpArgs& a) {
  Tensor A = a.tensor(0), B = a.tensor(1);
  const bool left = a.bool_(2);
  const std::string f = "linalg.solve";
  check(tensor::is_floating(A.dtype()), f + ": Expected a floating point or complex tensor as input. Got " +
                                            std::string(tensor::scalar_type_name(A.dtype())));
  check(A.dtype() == B.dtype(), f + ": Expected A and B to have the same dtype, but found A of type " +
                                    std::string(tensor::scalar_type_name(A.dtype())) + " and B of type " +
                                    std::string(tensor::scalar_type_name(B.dtype())) + " instead");
  const bool vector = is_vector_rhs(A, B);
  check_square_floating(A, f, true);
  Tensor Bm = vector ? call_tensor("unsqueeze", B, -1) : B;
  check(Bm.dim() >= 2, f + ": The input tensor B must have at least 2 dimensions.");
  check(left ? A.size(-2) == Bm.size(-2) : A.size(-1) == Bm.size(-1),
        f + ": Incompatible shapes of A and B for the equation " + (left ? "AX = B" : "XA = B") + " (" + dims_str(A) +
            " and " + dims_str(Bm) + ")");
  check(left || !vector, f + ": Vector broadcasting of the left hand side is not supported for left=False. In this "
                             "case linalg.solve is equivalent to B / A.squeeze(-1)");
  SymIntVector batch = broadcast_shapes(batch_sizes(A), batch_sizes(Bm));
  SymIntVector x_sizes = with_suffix(batch, {Bm.sym_size(-2), Bm.sym_size(-1)});
  if (vector) x_sizes.pop_back();
  SymIntVector lu_sizes = with_suffix(batch, {A.sym_size(-2), A.sym_size(-1)});
  TensorSpec x = vector ? contiguous_spec(x_sizes, A.dtype(), A) : column_major_spec(x_sizes, A.dtype(), A);
  return {x, column_major_spec(lu_sizes, A.dtype(), A), contiguous_spec(with_suffix(batch, {A.sym_size(-1)}), DType::Int32, A),
          contiguous_spec(batch, DType::Int32, A)};
}

// Solves each A X = B (X A = B as A^T X^T = B^T when !left) of the broadcast
// batch with A's factors; a singular A leaves its info set and, with
// check_errors, raises.
void solve_kernel(const OpArgs& a, std::span<const Tensor> out) {
  Tensor A = a.tensor(0), B = a.tensor(1);
  const bool left = a.bool_(2), check_errors = a.bool_(3);
  const bool vector = is_vector_rhs(A, B);
  const Tensor& LU = out[1];
  Tensor Bm = vector ? call_tensor("unsqueeze", B, -1) : B;
  if (!left) Bm = mT(Bm);
  Tensor M = contiguous(call_tensor("expand", A, LU.sym_sizes()));
  Tensor Bb = contiguous(call_tensor("expand", Bm, with_suffix(batch_sizes(LU), {Bm.sym_size(-2), Bm.sym_size(-1)})));
  Tensor X = vector ? call_tensor("unsqueeze", out[0], -1) : out[0];
  if (!left) X = mT(X);
  const int64_t n = A.size(-1), nrhs = Bb.size(-1);
  visit_float_double(A.dtype(), "lu_cpu", [&]<class T>() {
    factor_batch<T>(M, LU, out[2], [&](int64_t b, const std::vector<T>& lu, const int32_t* piv, int32_t info) {
      out[3].data<int32_t>()[b] = info;
      if (info > 0 && check_errors) fail_linalg("torch.linalg.solve: The solver failed because the input matrix is singular.");
      std::vector<T> x = read_matrix<T>(Bb, b);
      lu_solve(lu, piv, n, x, nrhs, !left);
      write_matrix(X, b, x);
    });
  });
}

// linalg_solve_backward (real): gB = A^{-T} gX (solving on the same side),
// gA = -gB X^T (left) or -X^T gB (right).
Grads solve_backward(const BackwardContext& c, const Grads& g) {
  Tensor A = c.tensor(0), X = c.result(0);
  const bool left = c.args().bool_(2);
  const bool vector = is_vector_rhs(A, X);
  auto to_matrix = [&](const Tensor& t) { return vector ? call_tensor("unsqueeze", t, -1) : t; };
  Tensor gB = call_tensor("linalg_solve", mT(A), to_matrix(g[0]), left);
  Grads out(2);
  if (c.needs_grad_of_arg(0)) {
    Tensor Xm = to_matrix(X);
    out[0] = call_tensor("neg", left ? call_tensor("matmul", gB, mT(Xm)) : call_tensor("matmul", mT(Xm), gB));
  }
  if (c.needs_grad_of_arg(1)) out[1] = vector ? call_tensor("squeeze.dim", gB, -1) : gB;
  return out;
}

Value linalg_solve_ex_run(const OpArgs& a) {
  std::vector<Tensor> r = unpack_tensors(call("_linalg_solve_ex", a[0], a[1], a[2], a[3]));
  return tensor_tuple_value({r[0], r[3]});
}
Value linalg_solve_run(const OpArgs& a) {
  return unpack_tensors(call("_linalg_solve_ex", a[0], a[1], a[2], true))[0].to_value();
}

std::vector<TensorSpec> inv_meta(const OpArgs& a) {
  Tensor A = a.tensor(0);
  check_square_floating(A, "linalg.inv", false);
  return {column_major_spec(A.sym_sizes(), A.dtype(), A), contiguous_spec(batch_sizes(A), DType::Int32, A)};
}
// linalg_inv_ex is ATen's linalg_solve_ex(A, I).
void inv_kernel(const OpArgs& a, std::span<const Tensor> out) {
  Tensor A = a.tensor(0);
  const int64_t n = A.size(-1);
  Tensor eye = call_tensor("expand", call_tensor("eye", n, A.dtype()), A.sym_sizes());
  std::vector<Tensor> r = unpack_tensors(call("_linalg_solve_ex", A, eye));
  copy_into(out[0], r[0]);
  copy_into(out[1], r[3]);
  if (a.bool_(1))
    for (int64_t b = 0, count = out[1].numel(); b < count; ++b)
      if (const int32_t info = out[1].data<int32_t>()[b]; info > 0)
        fail_linalg("linalg.inv: The diagonal element " + std::to_string(info) +
                    " is zero, the inversion could not be completed because the input matrix is singular.");
}
// -A^{-T} grad A^{-T}.
Grads inv_backward(const BackwardContext& c, const Grads& g) {
  Tensor inv_t = mT(c.result(0));
  return {call_tensor("neg", call_tensor("matmul", inv_t, call_tensor("matmul", g[0], inv_t)))};
}

Value linalg_inv_run(const OpArgs& a) { return unpack_tensors(call("linalg_inv_ex", a[0], true))[0].to_value(); }

// ---- singular values ----------------------------------------------------------------------------

// A = U diag(s) Vh for a row-major m x n matrix: thin U (m x k), s descending
// (k = min(m, n)), Vh (k x n), all row-major.
struct Svd {
  std::vector<double> u, s, vh;
};

using Column = std::vector<double>;

double dot(const Column& x, const Column& y) {
  double sum = 0;
  for (size_t i = 0; i < x.size(); ++i) sum += x[i] * y[i];
  return sum;
}

// Replaces the columns whose `valid` flag is off by unit vectors made
// orthogonal to the valid ones (Gram-Schmidt, two passes), so that the
// columns form an orthonormal set.
void complete_orthonormal(std::vector<Column>& cols, std::vector<bool> valid) {
  const size_t rows = cols.empty() ? 0 : cols[0].size();
  size_t next_unit = 0;
  for (size_t j = 0; j < cols.size(); ++j) {
    while (!valid[j] && next_unit < rows) {
      Column& c = cols[j];
      std::fill(c.begin(), c.end(), 0.0);
      c[next_unit++] = 1.0;
      for (int pass = 0; pass < 2; ++pass)
        for (size_t k = 0; k < cols.size(); ++k) {
          if (k == j || !valid[k]) continue;
          const double d = dot(cols[k], c);
          for (size_t i = 0; i < rows; ++i) c[i] -= d * cols[k][i];
        }
      const double norm = std::sqrt(dot(c, c));
      if (norm > 0.5) { // a unit vector not (nearly) in the span of the others
        for (double& x : c) x /= norm;
        valid[j] = true;
      }
    }
  }
}

// One-sided Jacobi (Hestenes): rotates column pairs of A (of A^T when wide)
// until all are orthogonal; the column norms are the singular values, the
// normalised columns the left vectors, the accumulated rotations the right ones.
Svd jacobi_svd(const std::vector<double>& a, size_t m, size_t n) {
  const bool wide = m < n;
  const size_t rows = wide ? n : m, cols = wide ? m : n;
  std::vector<Column> w(cols, Column(rows)), v(cols, Column(cols, 0.0));
  for (size_t i = 0; i < m; ++i)
    for (size_t j = 0; j < n; ++j) (wide ? w[i][j] : w[j][i]) = a[i * n + j];
  for (size_t j = 0; j < cols; ++j) v[j][j] = 1.0;
  const double eps = std::numeric_limits<double>::epsilon();
  for (int sweep = 0; sweep < 100; ++sweep) {
    bool rotated = false;
    for (size_t p = 0; p < cols; ++p)
      for (size_t q = p + 1; q < cols; ++q) {
        const double alpha = dot(w[p], w[p]), beta = dot(w[q], w[q]), gamma = dot(w[p], w[q]);
        if (gamma == 0 || std::abs(gamma) <= eps * std::sqrt(alpha * beta)) continue;
        rotated = true;
        const double zeta = (beta - alpha) / (2 * gamma);
        const double t = std::copysign(1.0, zeta) / (std::abs(zeta) + std::sqrt(1 + zeta * zeta));
        const double cs = 1 / std::sqrt(1 + t * t), sn = cs * t;
        for (auto* pair : {&w, &v}) {
          Column &x = (*pair)[p], &y = (*pair)[q];
          for (size_t i = 0; i < x.size(); ++i) {
            const double xi = x[i], yi = y[i];
            x[i] = cs * xi - sn * yi;
            y[i] = sn * xi + cs * yi;
          }
        }
      }
    if (!rotated) break;
  }
  std::vector<double> norms(cols);
  for (size_t j = 0; j < cols; ++j) norms[j] = std::sqrt(dot(w[j], w[j]));
  std::vector<size_t> order(cols);
  for (size_t j = 0; j < cols; ++j) order[j] = j;
  std::stable_sort(order.begin(), order.end(), [&](size_t x, size_t y) { return norms[x] > norms[y]; });
  // Left vectors of the tall matrix and its right vectors, as columns in order.
  std::vector<Column> left(cols, Column(rows)), right(cols);
  std::vector<bool> valid(cols);
  const double tiny = cols ? eps * norms[order[0]] * static_cast<double>(rows) : 0;
  Svd r;
  for (size_t k = 0; k < cols; ++k) {
    const size_t j = order[k];
    r.s.push_back(norms[j]);
    valid[k] = norms[j] > tiny && norms[j] > 0;
    if (valid[k])
      for (size_t i = 0; i < rows; ++i) left[k][i] = w[j][i] / norms[j];
    right[k] = v[j];
  }
  complete_orthonormal(left, valid);
  // Tall: U = left, Vh = right^T. Wide (A^T = left S right^T): U = right, Vh = left^T.
  const std::vector<Column>& u_cols = wide ? right : left;
  const std::vector<Column>& v_cols = wide ? left : right;
  const size_t urows = wide ? cols : rows, vrows = wide ? rows : cols;
  r.u.resize(urows * cols);
  r.vh.resize(cols * vrows);
  for (size_t k = 0; k < cols; ++k) {
    for (size_t i = 0; i < urows; ++i) r.u[i * cols + k] = u_cols[k][i];
    for (size_t i = 0; i < vrows; ++i) r.vh[k * vrows + i] = v_cols[k][i];
  }
  return r;
}

template <class T> std::vector<double> read_matrix_as_double(const Tensor& t, int64_t b) {
  std::vector<T> x = read_matrix<T>(t, b);
  return std::vector<double>(x.begin(), x.end());
}

std::vector<TensorSpec> svdvals_meta(const OpArgs& a) {
  Tensor A = a.tensor(0);
  check_matrix(A, "linalg.svd");
  check(tensor::is_floating(A.dtype()), "linalg.svd: Expected a floating point or complex tensor as input. Got " +
                                            std::string(tensor::scalar_type_name(A.dtype())));
  const tensor::SymInt k = std::min(A.size(-2), A.size(-1));
  return {contiguous_spec(with_suffix(batch_sizes(A), {k}), A.dtype(), A)};
}
void svdvals_kernel(const OpArgs& a, std::span<const Tensor> out) {
  Tensor A = contiguous(a.tensor(0));
  const int64_t m = A.size(-2), n = A.size(-1), k = std::min(m, n);
  visit_float_double(A.dtype(), "linalg_svd_cpu", [&]<class T>() {
    for (int64_t b = 0, count = batch_count(A); b < count; ++b) {
      Svd svd = jacobi_svd(read_matrix_as_double<T>(A, b), static_cast<size_t>(m), static_cast<size_t>(n));
      for (int64_t i = 0; i < k; ++i) out[0].data<T>()[b * k + i] = static_cast<T>(svd.s[static_cast<size_t>(i)]);
    }
  });
}

// svd_backward with only gS: U diag(gS) Vh. U and Vh come from a fresh
// factorization that autograd does not see, so a second derivative would be
// wrong; it is refused rather than computed.
Grads svdvals_backward(const BackwardContext& c, const Grads& g) {
  if (grad_enabled())
    lang::raise(lang::exc::NotImplementedError, "refc: the second derivative of linalg.svdvals is not implemented");
  Tensor A = contiguous(c.tensor(0));
  const int64_t m = A.size(-2), n = A.size(-1), k = std::min(m, n);
  SymIntVector batch = batch_sizes(A);
  Tensor U = Tensor::empty(with_suffix(batch, {m, k}), A.dtype(), A.device());
  Tensor Vh = Tensor::empty(with_suffix(batch, {k, n}), A.dtype(), A.device());
  visit_float_double(A.dtype(), "linalg_svd_cpu", [&]<class T>() {
    for (int64_t b = 0, count = batch_count(A); b < count; ++b) {
      Svd svd = jacobi_svd(read_matrix_as_double<T>(A, b), static_cast<size_t>(m), static_cast<size_t>(n));
      write_matrix(U, b, std::vector<T>(svd.u.begin(), svd.u.end()));
      write_matrix(Vh, b, std::vector<T>(svd.vh.begin(), svd.vh.end()));
    }
  });
  Tensor gS = g[0];
  return {m >= n ? call_tensor("matmul", U, call_tensor("mul.Tensor", call_tensor("unsqueeze", gS, -1), Vh))
                 : call_tensor("matmul", call_tensor("mul.Tensor", U, call_tensor("unsqueeze", gS, -2)), Vh)};
}

// matrix_rank_impl: the singular values above max(atol, rtol * largest),
// rtol defaulting to eps * max(m, n) unless a positive atol is given.
Tensor matrix_rank(const Tensor& A, std::optional<double> atol, std::optional<double> rtol) {
  check_matrix(A, "torch.linalg.matrix_rank", "input");
  const DType real = A.dtype();
  check(real == DType::Float32 || real == DType::Float64, "This function doesn't handle types other than float and double");
  Tensor S = call_tensor("linalg_svdvals", A);
  const double eps = real == DType::Float64 ? std::numeric_limits<double>::epsilon()
                                            : static_cast<double>(std::numeric_limits<float>::epsilon());
  const double default_rtol = eps * static_cast<double>(std::max(A.size(-1), A.size(-2)));
  const double r = rtol ? *rtol : atol && *atol > 0 ? 0.0 : default_rtol;
  Tensor max_s = S.numel() > 0 ? call_tensor("amax", S, IntVector{-1}, true)
                               : call_tensor("zeros", with_suffix(batch_sizes(A), {1}), S.dtype());
  Tensor tol = call_tensor("clamp_min", call_tensor("mul.Tensor", max_s, r), atol.value_or(0.0));
  return call_tensor("sum.dim_IntList", call_tensor("gt.Tensor", S, tol), IntVector{-1}, false);
}

Value matrix_rank_run(const OpArgs& a) {
  if (a.schema().overload == "tol") return matrix_rank(a.tensor(0), a.double_(1), 0.0).to_value();
  return matrix_rank(a.tensor(0), a.optional_double(1), a.optional_double(2)).to_value();
}

} // namespace

void register_decomposition_ops(OpRegistry& r) {
  r.def("_linalg_det(Tensor A) -> (Tensor result, Tensor LU, Tensor pivots)").structured(det_meta, det_kernel)
      .derivative("LinalgDetBackward0", det_backward).saves({"A"}).saves_result().differentiable_outputs({0});
  r.def("linalg_det(Tensor A) -> Tensor").composite(linalg_det_run);
  r.def("det(Tensor self) -> Tensor").method().composite(linalg_det_run);
  r.def("_linalg_slogdet(Tensor A) -> (Tensor sign, Tensor logabsdet, Tensor LU, Tensor pivots)")
      .structured(slogdet_meta, slogdet_kernel).derivative("LinalgSlogdetBackward0", slogdet_backward)
      .saves({"A"}).saves_result().differentiable_outputs({0, 1});
  r.def("linalg_slogdet(Tensor A) -> (Tensor sign, Tensor logabsdet)").composite(linalg_slogdet_run);
  r.def("slogdet(Tensor self) -> (Tensor sign, Tensor logabsdet)").method().composite(linalg_slogdet_run);
  r.def("logdet(Tensor self) -> Tensor").method().composite(logdet_run);
  r.def("_linalg_solve_ex(Tensor A, Tensor B, *, bool left=True, bool check_errors=False) -> "
        "(Tensor result, Tensor LU, Tensor pivots, Tensor info)")
      .structured(solve_meta, solve_kernel).derivative("LinalgSolveExBackward0", solve_backward)
      .saves({"A"}).saves_result().differentiable_outputs({0});
  r.def("linalg_solve_ex(Tensor A, Tensor B, *, bool left=True, bool check_errors=False) -> (Tensor result, Tensor info)")
      .composite(linalg_solve_ex_run);
  r.def("linalg_solve(Tensor A, Tensor B, *, bool left=True) -> Tensor").composite(linalg_solve_run);
  r.def("linalg_inv_ex(Tensor A, *, bool check_errors=False) -> (Tensor inverse, Tensor info)")
      .structured(inv_meta, inv_kernel).derivative("LinalgInvExBackward0", inv_backward).saves_result()
      .differentiable_outputs({0});
  r.def("linalg_inv(Tensor A) -> Tensor").composite(linalg_inv_run);
  r.def("inverse(Tensor self) -> Tensor").method().composite(linalg_inv_run);
  r.def("linalg_svdvals(Tensor A, *, str? driver=None) -> Tensor").structured(svdvals_meta, svdvals_kernel)
      .derivative("LinalgSvdBackward0", svdvals_backward).saves({"A"});
  r.def("linalg_matrix_rank.atol_rtol_float(Tensor self, *, float? atol=None, float? rtol=None, bool hermitian=False) -> Tensor")
      .composite(matrix_rank_run);
  r.def("linalg_matrix_rank.tol(Tensor self, float tol, bool hermitian=False) -> Tensor").composite(matrix_rank_run);
}

} // namespace refc::ops
