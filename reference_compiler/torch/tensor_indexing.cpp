// Python indexing of tensors (see tensor_indexing.h).
#include "reference_compiler/torch/tensor_indexing.h"

#include "reference_compiler/lang/abstract.h"
#include "reference_compiler/lang/builtin_types.h"
#include "reference_compiler/lang/errors.h"
#include "reference_compiler/lang/list_object.h"
#include "reference_compiler/lang/range_object.h"
#include "reference_compiler/lang/singletons.h"
#include "reference_compiler/lang/tuple_object.h"
#include "reference_compiler/ops/call.h"
#include "reference_compiler/tensor/tensor_types.h"
#include "reference_compiler/torch/python_objects.h"
#include "reference_compiler/torch/tensor_from_data.h"

namespace refc::torch {

using lang::Value;
using tensor::Tensor;

namespace {

bool is_ellipsis(const Value& v) { return v.is_obj() && v.as_obj() == lang::singletons::ellipsis; }
bool is_slice(const Value& v) { return v.is_obj() && v.as_obj()->type == lang::types::slice; }
bool is_tuple(const Value& v) { return v.is_obj() && v.as_obj()->type->is_subtype(lang::types::tuple); }
bool is_list(const Value& v) { return v.is_obj() && v.as_obj()->type->is_subtype(lang::types::list); }

// A list index is a tuple of indices when it holds slices, None, Ellipsis or
// nested sequences of them (NumPy's legacy rule); otherwise one tensor index.
bool list_is_tuple(const Value& v) {
  for (const Value& item : v.as<lang::List>()->items)
    if (is_slice(item) || item.is_none() || is_ellipsis(item) || tensor::is_tensor(item)) return true;
  return false;
}

std::vector<Value> index_items(const Value& index) {
  if (is_tuple(index)) return index.as<lang::Tuple>()->items;
  if (is_list(index) && list_is_tuple(index)) return index.as<lang::List>()->items;
  return {index};
}

// How many dimensions of the tensor an index consumes.
int64_t consumed_dims(const Value& item) {
  if (item.is_none() || is_ellipsis(item) || item.is_bool()) return 0;
  if (tensor::is_tensor(item)) {
    Tensor t = Tensor::from_value(item);
    return t.dtype() == tensor::DType::Bool || t.dtype() == tensor::DType::UInt8 ? std::max<int64_t>(t.dim(), 1) : 1;
  }
  return 1;
}


struct Sliced {
  Tensor result;
  std::vector<Tensor> indices; // per result dimension: an advanced index, or undefined
  bool advanced = false;
};

Sliced apply_slicing(const Tensor& self, const Value& index) {
  std::vector<Value> items = index_items(index);
  int64_t specified = 0;
  bool ellipsis_seen = false;
  for (const Value& item : items) {
    if (is_ellipsis(item)) {
      if (ellipsis_seen) lang::raise(lang::exc::IndexError, "an index can only have a single ellipsis ('...')");
      ellipsis_seen = true;
    }
    specified += consumed_dims(item);
  }
  if (specified > self.dim()) {
    if (self.dim() == 0 && items.size() == 1 && (items[0].is_int() || is_slice(items[0])))
      lang::raise(lang::exc::IndexError, "invalid index of a 0-dim tensor. Use `tensor.item()` in Python or "
                                         "`tensor.item<T>()` in C++ to convert a 0-dim tensor to a number");
    lang::raise(lang::exc::IndexError, "too many indices for tensor of dimension " + std::to_string(self.dim()));
  }
  Sliced s{self, {}, false};
  int64_t dim = 0;      // the result's dimension the next index applies to
  int64_t real_dim = 0; // the same dimension of self (messages name it)
  for (const Value& item : items) {
    int64_t item_real_dim = real_dim;
    real_dim += is_ellipsis(item) ? self.dim() - specified : consumed_dims(item);
    bool zero_dim_int = false, zero_dim_bool = false;
    if (tensor::is_tensor(item)) {
      Tensor t = Tensor::from_value(item);
      zero_dim_int = t.dim() == 0 && !tensor::is_floating(t.dtype()) && t.dtype() != tensor::DType::Bool &&
                     t.dtype() != tensor::DType::UInt8;
      zero_dim_bool = t.dim() == 0 && t.dtype() == tensor::DType::Bool;
    }
    if (item.is_int() || zero_dim_int) {
      int64_t i = item.is_int() ? item.as_int() : tensor_item(Tensor::from_value(item)).as_int();
      // The bounds on the symbolic size: a guard where its range does not decide, never a specialization.
      const tensor::SymInt size = s.result.sym_size(dim);
      if ((tensor::SymInt(i) < -size).expect_bool() || (tensor::SymInt(i) >= size).expect_bool())
        lang::raise(lang::exc::IndexError, "index " + std::to_string(i) + " is out of bounds for dimension " +
                                               std::to_string(item_real_dim) + " with size " + std::to_string(size.hint()));
      s.result = ops::call_tensor("select.int", s.result, dim, i);
    } else if (is_slice(item)) {
      auto* sl = item.as<lang::Slice>();
      // A bound that is a torch.SymInt (while tracing) stays symbolic.
      auto as_index = [](const Value& v) {
        if (v.is_none() || tensor::is_sym_kind(v, tensor::SymKind::Int)) return v;
        return Value::integer(v.is_intlike() ? v.as_int()
                                             : lang::call_method(v, lang::intern("__index__"), {}).as_int());
      };
      const Value step = sl->step.is_none() ? Value::integer(1) : as_index(sl->step);
      if (step.is_int() && step.as_int() <= 0) lang::raise(lang::exc::ValueError, "step must be greater than zero");
      const Value start = as_index(sl->start), stop = as_index(sl->stop);
      // A slice of the whole dimension is no slice (ATen's applySlice returns self).
      const std::optional<int64_t> size = s.result.sym_size(dim).maybe_int();
      const bool whole = (start.is_none() || (start.is_int() && start.as_int() == 0)) &&
                         (stop.is_none() || (stop.is_int() && size && stop.as_int() >= *size)) && step.is_int() &&
                         step.as_int() == 1;
      if (!whole) s.result = ops::call_tensor("slice.Tensor", s.result, dim, start, stop, step);
      s.indices.emplace_back();
      ++dim;
    } else if (item.is_none()) {
      s.result = ops::call_tensor("unsqueeze", s.result, dim);
      s.indices.emplace_back();
      ++dim;
    } else if (is_ellipsis(item)) {
      int64_t skip = self.dim() - specified;
      for (int64_t k = 0; k < skip; ++k) s.indices.emplace_back();
      dim += skip;
    } else if (item.is_bool() || zero_dim_bool) {
      Value b = item.is_bool() ? item : tensor_item(Tensor::from_value(item));
      s.result = ops::call_tensor("unsqueeze", s.result, dim);
      s.indices.push_back(tensor_from_data(Value(lang::make_list({b})), std::nullopt));
      s.advanced = true;
      ++dim;
    } else {
      Tensor t = tensor::is_tensor(item) ? Tensor::from_value(item) : tensor_from_data(item, std::nullopt);
      bool mask = t.dtype() == tensor::DType::Bool || t.dtype() == tensor::DType::UInt8;
      if (!mask && tensor::is_floating(t.dtype()))
        lang::raise(lang::exc::IndexError, "tensors used as indices must be long, int, byte or bool tensors");
      // One entry, even for a k-dim mask covering k dimensions.
      s.indices.push_back(t);
      s.advanced = true;
      dim += mask ? std::max<int64_t>(t.dim(), 1) : 1;
    }
  }
  // x[:] and x[...] are still a new tensor: an alias of self (THPVariable_getitem's shallow copy).
  if (!s.advanced && s.result.impl() == self.impl()) s.result = ops::call_tensor("alias", self);
  return s;
}

} // namespace

Value tensor_getitem(const Tensor& self, const Value& index) {
  Sliced s = apply_slicing(self, index);
  if (!s.advanced) {
    // Basic indexing that selected nothing still returns a new view (x[...] is not x).
    if (s.result.is_same(self)) return ops::call("alias", self);
    return s.result.to_value();
  }
  return ops::call("index.Tensor", s.result, s.indices);
}

void tensor_setitem(const Tensor& self, const Value& index, const Value& value) {
  Sliced s = apply_slicing(self, index);
  bool number = value.is_int() || value.is_float() || value.is_bool();
  if (!number && !tensor::is_tensor(value)) {
    if (is_list(value) || is_tuple(value)) {
      // A nested list of numbers is converted like torch.tensor(value, dtype=self.dtype).
      Value t = tensor_from_data(value, self.dtype()).to_value();
      tensor_setitem(self, index, t);
      return;
    }
    lang::raise(lang::exc::TypeError, "can't assign a " + lang::type_name(value) + " to a " +
                                          std::string(tensor::legacy_type_name(self.dtype())));
  }
  if (!s.advanced) {
    if (number) ops::call("fill_.Scalar", s.result, value);
    else ops::call("copy_", s.result, value);
    return;
  }
  Value v = value;
  if (number) {
    Tensor t = Tensor::empty({}, self.dtype());
    ops::call("fill_.Scalar", t, value);
    v = t.to_value();
  }
  ops::call("index_put_", s.result, s.indices, v, false);
}

} // namespace refc::torch
