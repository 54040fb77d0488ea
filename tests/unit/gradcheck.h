// Gradient checking of registry ops: test files register sample calls of the
// ops they cover with REFC_OP_SAMPLES, and gradcheck_test.cpp checks every
// sample's analytical gradients (the op's derivative formula, through the
// autograd engine) against central finite differences in float64. The same
// test fails for any op with a derivative but no sample, so a new op cannot
// land without a gradient check. In-place variants are checked through the
// samples of the op they mutate like.
//
//   REFC_OP_SAMPLES(pointwise_samples) {
//     using namespace refc::testing;
//     return {
//         {"mul.Tensor", {input({2, 3}), input({3})}},      // broadcasting
//         {"sum.dim_IntList", {input({2, 3}), ints({1}), Value::boolean(true)}},
//     };
//   }
#pragma once

#include "reference_compiler/lang/value.h"
#include "reference_compiler/tensor/sym_int.h"

#include <initializer_list>
#include <string>
#include <vector>

namespace refc::testing {

struct OpSample {
  std::string op;                // qualified name: "mul.Tensor", "relu"
  std::vector<lang::Value> args; // normalised arguments in schema order; trailing defaults may be left out
};

using SampleFactory = std::vector<OpSample> (*)();
int register_op_samples(SampleFactory factory);
const std::vector<SampleFactory>& op_sample_factories();

#define REFC_OP_SAMPLES(name)                                                                      \
  static std::vector<::refc::testing::OpSample> name();                                           \
  [[maybe_unused]] static const int name##_registered = ::refc::testing::register_op_samples(name); \
  static std::vector<::refc::testing::OpSample> name()

// A float64 tensor of `sizes` requiring grad, with distinct values spread
// over [lo, hi] in a fixed scrambled order (deterministic, no ties, so max,
// sort and friends have unique answers).
lang::Value input(tensor::IntVector sizes, double lo = -1.0, double hi = 1.0);
// A batch of well-conditioned square matrices requiring grad: input()'s
// values plus n I (the scrambled values alone are close to low rank).
lang::Value invertible_input(tensor::IntVector sizes);
// The same without requires_grad (an argument that is not differentiated).
lang::Value constant(tensor::IntVector sizes, double lo = -1.0, double hi = 1.0);
// An int64 tensor with the given values and sizes.
lang::Value int_tensor(tensor::IntVector sizes, std::vector<int64_t> values);
// A bool tensor with the given values and sizes.
lang::Value bool_tensor(tensor::IntVector sizes, std::vector<bool> values);
// A tuple of ints (for int[] arguments).
lang::Value ints(std::initializer_list<int64_t> values);
// A list of tensors (for Tensor[] arguments).
lang::Value tensors(std::initializer_list<lang::Value> values);

} // namespace refc::testing
