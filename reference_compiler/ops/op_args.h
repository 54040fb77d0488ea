// OpArgs: the arguments of one op call as kernels, meta functions and
// decompositions read them. The binder (op_binding.h) has already matched the
// call against the schema, filled in defaults and normalised every value
// (lists of ints are tuples, dtypes are torch.dtype objects), so accessors only
// convert; an argument of the wrong kind here is an internal error.
#pragma once

#include "reference_compiler/lang/value.h"
#include "reference_compiler/ops/schema.h"
#include "reference_compiler/tensor/device.h"
#include "reference_compiler/tensor/dtype.h"
#include "reference_compiler/tensor/tensor.h"

#include <optional>
#include <span>
#include <string_view>
#include <vector>

namespace refc::ops {

class OpArgs {
public:
  OpArgs(const FunctionSchema& schema, std::span<const lang::Value> values)
      : schema_(&schema), values_(values) {}

  const FunctionSchema& schema() const { return *schema_; }
  size_t size() const { return values_.size(); }
  const lang::Value& operator[](size_t i) const { return values_[i]; }
  std::span<const lang::Value> values() const { return values_; }

  bool is_none(size_t i) const { return values_[i].is_none(); }
  // A Tensor argument; a Python number (for ops taking numbers as tensors)
  // becomes a 0-d wrapped-number tensor.
  tensor::Tensor tensor(size_t i) const;
  // True when argument i is a Python number standing for a tensor.
  bool is_number(size_t i) const {
    return values_[i].is_int() || values_[i].is_float() || values_[i].is_bool() || tensor::as_sym_node(values_[i]);
  }
  tensor::Tensor optional_tensor(size_t i) const; // undefined for None
  std::vector<tensor::Tensor> tensor_list(size_t i) const; // Tensor?[]: None gives undefined
  // int_ guards a symbolic argument to its value (specializes); sym_int keeps it symbolic.
  int64_t int_(size_t i) const;
  tensor::SymInt sym_int(size_t i) const;
  std::optional<int64_t> optional_int(size_t i) const;
  tensor::IntVector int_list(size_t i) const;
  tensor::SymIntVector sym_int_list(size_t i) const;
  std::optional<tensor::IntVector> optional_int_list(size_t i) const;
  double double_(size_t i) const;
  std::optional<double> optional_double(size_t i) const;
  std::vector<double> double_list(size_t i) const;
  bool bool_(size_t i) const;
  std::optional<bool> optional_bool(size_t i) const;
  tensor::Scalar scalar(size_t i) const;
  std::optional<tensor::Scalar> optional_scalar(size_t i) const;
  std::string_view str(size_t i) const;
  std::optional<std::string_view> optional_str(size_t i) const;
  std::optional<tensor::DType> dtype(size_t i) const;
  std::optional<tensor::Device> device(size_t i) const;

private:
  const FunctionSchema* schema_;
  std::span<const lang::Value> values_;
};

// Conversions between C++ values and the normalised interpreter values OpArgs
// reads; used to call ops from C++ (call.h) and to box results.
lang::Value scalar_value(const tensor::Scalar& s);
tensor::Scalar value_to_scalar(const lang::Value& v);
lang::Value int_list_value(tensor::IntArrayRef v);
// A SymInt as programs see it: an int, or the torch.SymInt of a symbolic one
// (boxing never guards, so ops calling ops keep sizes symbolic).
lang::Value sym_int_value(const tensor::SymInt& s);
lang::Value sym_int_list_value(tensor::SymIntArrayRef v);
lang::Value tensor_list_value(std::span<const tensor::Tensor> v);
lang::Value tensor_tuple_value(std::initializer_list<tensor::Tensor> v);
// A 0-d tensor holding a Python number, marked as a wrapped number.
tensor::Tensor wrapped_number_tensor(const tensor::Scalar& s);

} // namespace refc::ops
