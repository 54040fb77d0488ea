// Nested sequences <-> tensors (torch/csrc/utils/tensor_new.cpp and
// tensor_list.cpp).
#include "reference_compiler/torch/tensor_from_data.h"

#include "reference_compiler/lang/abstract.h"
#include "reference_compiler/lang/big_int.h"
#include "reference_compiler/lang/builtin_types.h"
#include "reference_compiler/lang/errors.h"
#include "reference_compiler/lang/list_object.h"
#include "reference_compiler/lang/tuple_object.h"
#include "reference_compiler/ops/elementwise.h"
#include "reference_compiler/tensor/tensor_types.h"
#include "reference_compiler/torch/python_objects.h"

namespace refc::torch {

using lang::Value;
using tensor::DType;
using tensor::Tensor;

namespace {

const std::vector<Value>& items_of(const Value& v) {
  return v.as_obj()->type->is_subtype(lang::types::list) ? v.as<lang::List>()->items
                                                         : v.as<lang::Tuple>()->items;
}

[[noreturn]] void unpack_overflow() {
  lang::raise(lang::exc::ValueError, "Overflow when unpacking long long");
}

[[noreturn]] void cannot_infer(const Value& v) {
  lang::raise(lang::exc::TypeError, "Could not infer dtype of " + lang::type_name(v));
}

std::optional<DType> infer_dtype(const Value& v) {
  if (v.is_bool()) return DType::Bool;
  if (v.is_int()) return DType::Int64;
  if (lang::is_big_int(v)) unpack_overflow();
  if (v.is_float()) return tensor::default_float_dtype();
  if (tensor::is_tensor(v)) return Tensor::from_value(v).dtype();
  if (is_sequence(v)) {
    const auto& items = items_of(v);
    if (items.empty()) return std::nullopt;
    std::optional<DType> t;
    for (const Value& item : items) {
      std::optional<DType> it = infer_dtype(item);
      if (!it) continue;
      t = t ? tensor::promote_types(*t, *it) : *it;
    }
    return t;
  }
  cannot_infer(v);
}

void compute_sizes(const Value& data, tensor::IntVector& sizes) {
  Value cur = data;
  while (is_sequence(cur)) {
    const auto& items = items_of(cur);
    sizes.push_back(static_cast<int64_t>(items.size()));
    if (items.empty()) return;
    cur = items[0];
  }
  if (tensor::is_tensor(cur)) {
    Tensor t = Tensor::from_value(cur);
    for (int64_t s : t.sizes()) sizes.push_back(s);
  }
}

// Writes the elements of `data` (shape sizes[dim:]) at p, converting to T.
template <class T> void fill(const Value& data, const tensor::IntVector& sizes, size_t dim, T*& p) {
  if (dim == sizes.size()) {
    Value v = data;
    if (tensor::is_tensor(v)) {
      Tensor t = Tensor::from_value(v);
      if (t.numel() != 1) lang::raise(lang::exc::ValueError, "only one element tensors can be converted to Python scalars");
      v = tensor_item(t);
    }
    if (v.is_bool()) *p++ = ops::convert<T>(v.as_bool());
    else if (v.is_int()) *p++ = ops::convert<T>(v.as_int());
    else if (v.is_float()) *p++ = ops::convert<T>(v.as_float());
    else if (lang::is_big_int(v)) unpack_overflow();
    else if (is_sequence(v)) lang::raise(lang::exc::ValueError, "expected sequence of length 0 at dim " + std::to_string(dim) + " (got " + std::to_string(items_of(v).size()) + ")");
    else lang::raise(lang::exc::TypeError, "'" + lang::type_name(v) + "' object cannot be interpreted as an integer");
    return;
  }
  if (!is_sequence(data)) {
    if (tensor::is_tensor(data)) { // a tensor element filling the remaining dims
      Tensor src = ops::to_dtype(Tensor::from_value(data), tensor::dtype_of<T>);
      Tensor dst = Tensor::empty(src.sym_sizes(), src.dtype());
      ops::copy_into(dst, src);
      int64_t n = dst.numel();
      std::copy(dst.data<T>(), dst.data<T>() + n, p);
      p += n;
      return;
    }
    lang::raise(lang::exc::TypeError, "new(): invalid data type '" + lang::type_name(data) + "'");
  }
  const auto& items = items_of(data);
  if (static_cast<int64_t>(items.size()) != sizes[dim])
    lang::raise(lang::exc::ValueError, "expected sequence of length " + std::to_string(sizes[dim]) + " at dim " +
                                           std::to_string(dim) + " (got " + std::to_string(items.size()) + ")");
  for (const Value& item : items) fill<T>(item, sizes, dim + 1, p);
}

} // namespace

Tensor tensor_from_data(const Value& data, std::optional<DType> dtype) {
  std::optional<DType> inferred = infer_dtype(data);
  DType t = dtype ? *dtype : inferred.value_or(tensor::default_float_dtype());
  tensor::IntVector sizes;
  compute_sizes(data, sizes);
  Tensor out = Tensor::empty(tensor::to_sym(sizes), t);
  tensor::visit_dtype(t, [&]<class T>() {
    T* p = out.data<T>();
    fill<T>(data, sizes, 0, p);
  });
  return out;
}

namespace {

Value to_list(const Tensor& t, int64_t dim, int64_t offset) {
  if (dim == t.dim()) {
    return tensor::visit_dtype(t.dtype(), [&]<class T>() -> Value {
      T v = t.data<T>()[offset];
      if constexpr (std::is_same_v<T, bool>) return Value::boolean(v);
      else if constexpr (std::is_integral_v<T>) return Value::integer(static_cast<int64_t>(v));
      else return Value::floating(static_cast<double>(v));
    });
  }
  std::vector<Value> items;
  items.reserve(static_cast<size_t>(t.size(dim)));
  for (int64_t i = 0; i < t.size(dim); ++i) items.push_back(to_list(t, dim + 1, offset + i * t.stride(dim)));
  return Value(lang::make_list(std::move(items)));
}

} // namespace

Value tensor_to_list(const Tensor& t) { return to_list(t, 0, 0); }

} // namespace refc::torch
