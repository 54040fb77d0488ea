// What an op family file (one per family, listed in op_families.def)
// includes: the registry and builder, argument access, elementwise and shape
// helpers, calling other ops from C++, and the derivative context.
#pragma once

#include "reference_compiler/lang/builtin_types.h"
#include "reference_compiler/lang/errors.h"
#include "reference_compiler/ops/autograd.h"
#include "reference_compiler/ops/call.h"
#include "reference_compiler/ops/elementwise.h"
#include "reference_compiler/ops/op_registry.h"
#include "reference_compiler/ops/shape_checks.h"

#include <vector>

namespace refc::ops {

// The names every family file uses unqualified.
using lang::Value;
using tensor::IntVector;
using tensor::Scalar;
using tensor::SymInt;
using tensor::SymIntArrayRef;
using tensor::SymIntVector;
// A derivative's result: one gradient per tensor input.
using Grads = std::vector<Tensor>;

} // namespace refc::ops
