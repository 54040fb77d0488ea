// The dtype names some ATen messages print instead of scalar_type_name's
// "Float": the C++ type names of c10's TypeMeta ("float", "long int",
// "c10::Half"), as in "expected m1 and m2 to have the same dtype, but got:
// float != long int".
#pragma once

#include "reference_compiler/tensor/dtype.h"

#include <array>
#include <string_view>

namespace refc::ops {

inline std::string_view typemeta_name(tensor::DType t) {
  static constexpr std::array<std::string_view, tensor::kNumDTypes> names = {
      "unsigned char", "signed char", "short int", "int", "long int", "c10::Half", "float", "double", "bool",
      "c10::BFloat16"};
  return names[static_cast<size_t>(t)];
}

} // namespace refc::ops
