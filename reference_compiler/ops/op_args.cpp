// OpArgs accessors and the value conversions shared with the binder.
#include "reference_compiler/ops/op_args.h"

#include "reference_compiler/lang/builtin_types.h"
#include "reference_compiler/lang/errors.h"
#include "reference_compiler/lang/list_object.h"
#include "reference_compiler/lang/str_object.h"
#include "reference_compiler/lang/tuple_object.h"
#include "reference_compiler/tensor/tensor_types.h"

namespace refc::ops {

using lang::Value;
using tensor::Scalar;
using tensor::Tensor;

namespace {

[[noreturn]] void bad_arg(const FunctionSchema& schema, size_t i, const char* expected) {
  std::string name = i < schema.arguments.size() ? schema.arguments[i].name : "?";
  lang::internal_error(__FILE__, __LINE__,
                       schema.qualified_name() + ": argument " + std::to_string(i) + " (" + name +
                           ") is not " + expected);
}

std::span<const Value> sequence_items(const Value& v) {
  if (v.is_obj() && v.as_obj()->type->is_subtype(lang::types::tuple)) {
    auto& items = v.as<lang::Tuple>()->items;
    return {items.data(), items.size()};
  }
  if (v.is_obj() && v.as_obj()->type->is_subtype(lang::types::list)) {
    auto& items = v.as<lang::List>()->items;
    return {items.data(), items.size()};
  }
  return {};
}

} // namespace

Tensor OpArgs::tensor(size_t i) const {
  const Value& v = values_[i];
  if (tensor::is_tensor(v)) return Tensor::from_value(v);
  if (is_number(i)) return wrapped_number_tensor(value_to_scalar(v));
  bad_arg(*schema_, i, "a tensor");
}

Tensor OpArgs::optional_tensor(size_t i) const {
  return values_[i].is_none() ? Tensor() : tensor(i);
}

std::vector<Tensor> OpArgs::tensor_list(size_t i) const {
  std::vector<Tensor> out;
  for (const Value& v : sequence_items(values_[i])) {
    if (v.is_none()) out.emplace_back();
    else if (tensor::is_tensor(v)) out.push_back(Tensor::from_value(v));
    else bad_arg(*schema_, i, "a list of tensors");
  }
  return out;
}

namespace {

// A symbolic int argument (a size the trace computed) as a SymInt, or nullopt.
std::optional<tensor::SymInt> sym_int_of(const Value& v) {
  if (!tensor::is_sym_kind(v, tensor::SymKind::Int)) return std::nullopt;
  return tensor::SymInt(tensor::SymNode::borrow(tensor::as_sym_node(v)));
}

} // namespace

int64_t OpArgs::int_(size_t i) const {
  if (auto s = sym_int_of(values_[i])) return s->expect_int();
  if (!values_[i].is_intlike()) bad_arg(*schema_, i, "an int");
  return values_[i].as_int();
}

tensor::SymInt OpArgs::sym_int(size_t i) const {
  if (auto s = sym_int_of(values_[i])) return *s;
  return int_(i);
}

std::optional<int64_t> OpArgs::optional_int(size_t i) const {
  if (values_[i].is_none()) return std::nullopt;
  return int_(i);
}

tensor::IntVector OpArgs::int_list(size_t i) const {
  tensor::IntVector out;
  for (const Value& v : sequence_items(values_[i])) {
    if (auto s = sym_int_of(v)) {
      out.push_back(s->expect_int());
      continue;
    }
    if (!v.is_intlike()) bad_arg(*schema_, i, "a list of ints");
    out.push_back(v.as_int());
  }
  return out;
}

tensor::SymIntVector OpArgs::sym_int_list(size_t i) const {
  tensor::SymIntVector out;
  for (const Value& v : sequence_items(values_[i])) {
    if (auto s = sym_int_of(v)) {
      out.push_back(*s);
      continue;
    }
    if (!v.is_intlike()) bad_arg(*schema_, i, "a list of ints");
    out.push_back(v.as_int());
  }
  return out;
}

std::optional<tensor::IntVector> OpArgs::optional_int_list(size_t i) const {
  if (values_[i].is_none()) return std::nullopt;
  return int_list(i);
}

double OpArgs::double_(size_t i) const {
  const Value& v = values_[i];
  if (tensor::SymNodeImpl* n = tensor::as_sym_node(v); n && n->kind != tensor::SymKind::Bool)
    return n->kind == tensor::SymKind::Int ? static_cast<double>(n->guard_int()) : n->guard_float();
  if (v.is_float()) return v.as_float();
  if (v.is_intlike()) return static_cast<double>(v.as_int());
  bad_arg(*schema_, i, "a float");
}

std::optional<double> OpArgs::optional_double(size_t i) const {
  if (values_[i].is_none()) return std::nullopt;
  return double_(i);
}

std::vector<double> OpArgs::double_list(size_t i) const {
  std::vector<double> out;
  for (const Value& v : sequence_items(values_[i])) {
    if (v.is_float()) out.push_back(v.as_float());
    else if (v.is_intlike()) out.push_back(static_cast<double>(v.as_int()));
    else bad_arg(*schema_, i, "a list of floats");
  }
  return out;
}

bool OpArgs::bool_(size_t i) const {
  if (tensor::is_sym_kind(values_[i], tensor::SymKind::Bool)) return tensor::as_sym_node(values_[i])->guard_bool();
  if (!values_[i].is_bool()) bad_arg(*schema_, i, "a bool");
  return values_[i].as_bool();
}

std::optional<bool> OpArgs::optional_bool(size_t i) const {
  if (values_[i].is_none()) return std::nullopt;
  return bool_(i);
}

Scalar OpArgs::scalar(size_t i) const {
  if (!is_number(i)) bad_arg(*schema_, i, "a number");
  return value_to_scalar(values_[i]);
}

std::optional<Scalar> OpArgs::optional_scalar(size_t i) const {
  if (values_[i].is_none()) return std::nullopt;
  return scalar(i);
}

std::string_view OpArgs::str(size_t i) const {
  const Value& v = values_[i];
  if (!(v.is_obj() && v.as_obj()->type->is_subtype(lang::types::str))) bad_arg(*schema_, i, "a str");
  return v.as<lang::Str>()->view();
}

std::optional<std::string_view> OpArgs::optional_str(size_t i) const {
  if (values_[i].is_none()) return std::nullopt;
  return str(i);
}

std::optional<tensor::DType> OpArgs::dtype(size_t i) const {
  if (values_[i].is_none()) return std::nullopt;
  auto t = tensor::dtype_of_value(values_[i]);
  if (!t) bad_arg(*schema_, i, "a dtype");
  return t;
}

std::optional<tensor::Device> OpArgs::device(size_t i) const {
  if (values_[i].is_none()) return std::nullopt;
  auto d = tensor::device_of_value(values_[i]);
  if (!d) bad_arg(*schema_, i, "a device");
  return d;
}

Value scalar_value(const Scalar& s) {
  switch (s.kind()) {
  case Scalar::Kind::Bool: return Value::boolean(s.to_bool());
  case Scalar::Kind::Int: return Value::integer(s.to_int());
  case Scalar::Kind::Float: return Value::floating(s.to_double());
  }
  __builtin_unreachable();
}

Scalar value_to_scalar(const Value& v) {
  // A symbolic number only reaches kernels of fake tensors, which use its
  // type, never its value: its hint stands in without a guard.
  if (tensor::SymNodeImpl* n = tensor::as_sym_node(v)) {
    switch (n->kind) {
    case tensor::SymKind::Int: return Scalar(n->int_hint());
    case tensor::SymKind::Float: return Scalar(n->float_hint());
    case tensor::SymKind::Bool: return Scalar(n->bool_hint());
    }
  }
  if (v.is_bool()) return Scalar(v.as_bool());
  if (v.is_int()) return Scalar(v.as_int());
  if (v.is_float()) return Scalar(v.as_float());
  lang::internal_error(__FILE__, __LINE__, "value_to_scalar: not a number");
}

Value int_list_value(tensor::IntArrayRef v) {
  std::vector<Value> items;
  items.reserve(v.size());
  for (int64_t x : v) items.push_back(Value::integer(x));
  return Value(lang::make_tuple(std::move(items)));
}

Value sym_int_value(const tensor::SymInt& s) {
  return s.is_symbolic() ? Value(tensor::SymNode::borrow(s.node_ptr())) : Value::integer(s.maybe_int().value());
}

Value sym_int_list_value(tensor::SymIntArrayRef v) {
  std::vector<Value> items;
  items.reserve(v.size());
  for (const tensor::SymInt& x : v) items.push_back(sym_int_value(x));
  return Value(lang::make_tuple(std::move(items)));
}

Value tensor_list_value(std::span<const Tensor> v) {
  std::vector<Value> items;
  items.reserve(v.size());
  for (const Tensor& t : v) items.push_back(t.defined() ? t.to_value() : Value::none());
  return Value(lang::make_list(std::move(items)));
}

Value tensor_tuple_value(std::initializer_list<Tensor> v) {
  std::vector<Value> items;
  items.reserve(v.size());
  for (const Tensor& t : v) items.push_back(t.defined() ? t.to_value() : Value::none());
  return Value(lang::make_tuple(std::move(items)));
}

Tensor wrapped_number_tensor(const Scalar& s) {
  // PyTorch wraps Python floats as float64 and ints as int64.
  tensor::DType dtype = s.is_bool() ? tensor::DType::Bool
                        : s.is_int() ? tensor::DType::Int64
                                     : tensor::DType::Float64;
  Tensor t = Tensor::empty({}, dtype);
  tensor::visit_dtype(dtype, [&]<class T>() { *t.data<T>() = s.to<T>(); });
  t->wrapped_number = true;
  return t;
}

} // namespace refc::ops
