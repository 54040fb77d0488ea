// Calling ops from C++: derivative formulas, decompositions and the bindings
// write `call_tensor("mul.Tensor", grad, other)` with C++ values; the helpers
// box each argument the way the binder would have (Tensor, number, list of
// ints, dtype, optional ...), fill in the schema's defaults for trailing
// arguments left out, and go through the dispatcher, so autograd and tracing
// see these calls like any other.
#pragma once

#include "reference_compiler/lang/str_object.h"
#include "reference_compiler/ops/dispatch.h"
#include "reference_compiler/tensor/tensor_types.h"

#include <optional>
#include <string_view>
#include <vector>

namespace refc::ops {

inline lang::Value to_arg(const Tensor& t) { return t.defined() ? t.to_value() : lang::Value::none(); }
inline lang::Value to_arg(const lang::Value& v) { return v; }
inline lang::Value to_arg(bool b) { return lang::Value::boolean(b); }
inline lang::Value to_arg(int v) { return lang::Value::integer(v); }
inline lang::Value to_arg(int64_t v) { return lang::Value::integer(v); }
inline lang::Value to_arg(const tensor::SymInt& v) { return sym_int_value(v); }
inline lang::Value to_arg(double v) { return lang::Value::floating(v); }
inline lang::Value to_arg(const tensor::Scalar& s) { return scalar_value(s); }
inline lang::Value to_arg(tensor::IntArrayRef v) { return int_list_value(v); }
inline lang::Value to_arg(const tensor::IntVector& v) { return int_list_value(v); }
inline lang::Value to_arg(const tensor::SymIntVector& v) { return sym_int_list_value(v); }
inline lang::Value to_arg(tensor::SymIntArrayRef v) { return sym_int_list_value(v); }
inline lang::Value to_arg(std::initializer_list<int64_t> v) { return int_list_value(v); }
inline lang::Value to_arg(const std::vector<Tensor>& v) { return tensor_list_value(v); }
inline lang::Value to_arg(tensor::DType t) { return tensor::dtype_value(t); }
inline lang::Value to_arg(tensor::Device d) { return tensor::device_value(d); }
inline lang::Value to_arg(const char* s) { return lang::str_value(s); }
inline lang::Value to_arg(std::string_view s) { return lang::str_value(std::string(s)); }
inline lang::Value to_arg(std::nullopt_t) { return lang::Value::none(); }
template <class T> lang::Value to_arg(const std::optional<T>& v) {
  return v ? to_arg(*v) : lang::Value::none();
}

// Appends the schema defaults of the arguments after the given ones.
void fill_defaults(const OpDef& op, std::vector<lang::Value>& values);

template <class... A> lang::Value call(const OpDef& op, const A&... args) {
  std::vector<lang::Value> values;
  values.reserve(op.schema.arguments.size());
  (values.push_back(to_arg(args)), ...);
  fill_defaults(op, values);
  return call_op(op, std::move(values));
}
template <class... A> lang::Value call(std::string_view name, const A&... args) {
  return call(ops::op(name), args...);
}
template <class... A> Tensor call_tensor(std::string_view name, const A&... args) {
  return Tensor::from_value(call(ops::op(name), args...));
}
// The tensors of a tuple or list result.
std::vector<Tensor> unpack_tensors(const lang::Value& v);

} // namespace refc::ops
