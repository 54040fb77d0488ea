// Default filling and result unpacking for C++ op calls.
#include "reference_compiler/ops/call.h"

#include "reference_compiler/lang/builtin_types.h"
#include "reference_compiler/lang/errors.h"
#include "reference_compiler/lang/list_object.h"
#include "reference_compiler/lang/tuple_object.h"

namespace refc::ops {

void fill_defaults(const OpDef& op, std::vector<lang::Value>& values) {
  const auto& params = op.schema.arguments;
  REFC_CHECK(values.size() <= params.size(), op.qualified_name + ": too many arguments from C++");
  for (size_t i = values.size(); i < params.size(); ++i) {
    REFC_CHECK(params[i].has_default,
               op.qualified_name + ": argument " + params[i].name + " left out from C++");
    values.push_back(params[i].default_value);
  }
}

std::vector<Tensor> unpack_tensors(const lang::Value& v) {
  std::vector<Tensor> out;
  const std::vector<lang::Value>* items = nullptr;
  if (v.is_obj() && v.as_obj()->type->is_subtype(lang::types::tuple)) items = &v.as<lang::Tuple>()->items;
  else if (v.is_obj() && v.as_obj()->type->is_subtype(lang::types::list)) items = &v.as<lang::List>()->items;
  REFC_CHECK(items, "unpack_tensors: not a tuple or list");
  for (const lang::Value& x : *items) out.push_back(x.is_none() ? Tensor() : Tensor::from_value(x));
  return out;
}

} // namespace refc::ops
