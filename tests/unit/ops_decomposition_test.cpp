// Unit tests of the factorization-based linear algebra (decomposition_ops.cpp):
// algebraic identities on scrambled matrices (A inv(A) = I, A solve(A, B) = B,
// det(AB) = det(A) det(B), the squared singular values summing to the squared
// Frobenius norm), the LinAlgError on singular input, and the gradcheck
// samples of every op with a derivative. The exact values PyTorch 2.14
// prints are checked by tests/eager/programs/275_linalg_factorizations.py.
#include "gradcheck.h"
#include "test_support.h"

#include "reference_compiler/lang/errors.h"
#include "reference_compiler/ops/call.h"
#include "reference_compiler/ops/shape_checks.h"

#include <gtest/gtest.h>

namespace refc::testing {
namespace {

class OpsDecomposition : public BuiltinTypesTest {};

// Scrambled float64 values spread over [lo, hi] (gradcheck.h's constant()).
Tensor matrices(IntVector sizes, double lo = -1.0, double hi = 1.0) { return Tensor::from_value(constant(sizes, lo, hi)); }
// The same plus n I: diagonally dominant, so well conditioned (the scrambled
// values alone are close to low rank).
Tensor invertible(IntVector sizes, double lo = -1.0, double hi = 1.0) {
  const int64_t n = sizes.back();
  return call_tensor("add.Tensor", matrices(sizes, lo, hi),
                     call_tensor("mul.Tensor", call_tensor("eye", n, DType::Float64), static_cast<double>(n)));
}

double max_abs_diff(const Tensor& a, const Tensor& b) {
  return call_tensor("max", call_tensor("abs", call_tensor("sub.Tensor", a, b))).data<double>()[0];
}

TEST_F(OpsDecomposition, InverseAndSolveInvertTheProduct) {
  Tensor a = invertible({3, 5, 5});
  Tensor eye = call_tensor("expand", call_tensor("eye", int64_t{5}, DType::Float64), IntVector{3, 5, 5});
  EXPECT_LT(max_abs_diff(call_tensor("matmul", a, call_tensor("linalg_inv", a)), eye), 1e-12);
  Tensor b = matrices({3, 5, 2}, -2.0, 3.0);
  EXPECT_LT(max_abs_diff(call_tensor("matmul", a, call_tensor("linalg_solve", a, b)), b), 1e-12);
  Tensor bt = call_tensor("transpose.int", b, -2, -1);
  Tensor x = call_tensor("linalg_solve", a, bt, false); // X A = B^T
  EXPECT_LT(max_abs_diff(call_tensor("matmul", x, a), bt), 1e-12);
}

TEST_F(OpsDecomposition, DeterminantIsMultiplicative) {
  Tensor a = invertible({4, 4}), b = invertible({4, 4}, -2.0, 3.0);
  const double ab = call_tensor("linalg_det", call_tensor("mm", a, b)).data<double>()[0];
  const double product = call_tensor("linalg_det", a).data<double>()[0] * call_tensor("linalg_det", b).data<double>()[0];
  EXPECT_NEAR(ab, product, 1e-12 * std::abs(product));
}

TEST_F(OpsDecomposition, SingularValuesCarryTheFrobeniusNorm) {
  for (IntVector sizes : {IntVector{6, 3}, IntVector{3, 6}, IntVector{4, 4}}) {
    Tensor a = matrices(sizes);
    Tensor s = call_tensor("linalg_svdvals", a);
    const double sum_s2 = call_tensor("sum", call_tensor("mul.Tensor", s, s)).data<double>()[0];
    const double frob2 = call_tensor("sum", call_tensor("mul.Tensor", a, a)).data<double>()[0];
    EXPECT_NEAR(sum_s2, frob2, 1e-12 * frob2);
    for (int64_t i = 0; i + 1 < s.numel(); ++i) EXPECT_GE(s.data<double>()[i], s.data<double>()[i + 1]);
  }
}

TEST_F(OpsDecomposition, SingularInputRaisesLinAlgError) {
  Tensor singular = call_tensor("zeros", IntVector{3, 3}, DType::Float64);
  try {
    call_tensor("linalg_inv", singular);
    FAIL() << "inv of a singular matrix returned";
  } catch (const lang::PyError& e) {
    EXPECT_EQ(e.exc.type(), ops::linalg_error_type());
  }
  Tensor rank = call_tensor("linalg_matrix_rank.atol_rtol_float", singular);
  EXPECT_EQ(rank.data<int64_t>()[0], 0);
}

REFC_OP_SAMPLES(decomposition_samples) {
  return {
      {"_linalg_det", {input({3, 3})}},
      {"_linalg_det", {input({2, 4, 4})}},
      {"_linalg_slogdet", {invertible_input({3, 3})}},
      {"linalg_inv_ex", {invertible_input({2, 3, 3})}},
      {"_linalg_solve_ex", {invertible_input({3, 3}), input({3, 2})}},
      {"_linalg_solve_ex", {invertible_input({2, 3, 3}), input({3})}},
      {"_linalg_solve_ex", {invertible_input({3, 3}), input({2, 3}), Value::boolean(false)}},
      {"linalg_svdvals", {input({4, 3})}},
      {"linalg_svdvals", {input({2, 2, 5})}},
  };
}

} // namespace
} // namespace refc::testing
