// torch._C's functions for custom operators (see custom_op_support.h).
#include "reference_compiler/torch/custom_op_support.h"

#include "reference_compiler/lang/abstract.h"
#include "reference_compiler/lang/builtin_types.h"
#include "reference_compiler/lang/dict_object.h"
#include "reference_compiler/lang/errors.h"
#include "reference_compiler/lang/iterators.h"
#include "reference_compiler/ops/dispatch.h"
#include "reference_compiler/tensor/tensor_types.h"

#include <set>
#include <vector>

namespace refc::torch {

using lang::Args;
using lang::Value;

namespace {

// The storages of the tensors in `v` (a tensor, or a list / tuple / dict of them, one level deep).
void collect_storages(const Value& v, std::vector<const void*>& out) {
  if (tensor::is_tensor(v)) {
    out.push_back(tensor::Tensor::from_value(v)->storage.get());
    return;
  }
  if (!v.is_obj()) return;
  const lang::Layout layout = v.as_obj()->type->layout;
  if (layout == lang::Layout::List || layout == lang::Layout::Tuple)
    for (const Value& item : lang::collect_items(v))
      if (tensor::is_tensor(item)) out.push_back(tensor::Tensor::from_value(item)->storage.get());
  if (layout == lang::Layout::Dict)
    for (const lang::Dict::Entry& e : v.as<lang::Dict>()->entries())
      if (!e.key.is_null()) collect_storages(e.value, out);
}

// _any_output_is_alias_to_input_or_output(args, kwargs, outputs): whether an
// output shares its storage with an input or with another output.
Value any_output_is_alias(Args a) {
  lang::check_arity(a, "_any_output_is_alias_to_input_or_output", 3, 3);
  std::vector<const void*> inputs;
  for (const Value& arg : lang::collect_items(a[0])) collect_storages(arg, inputs);
  collect_storages(a[1], inputs);
  std::set<const void*> seen(inputs.begin(), inputs.end());
  for (const Value& out : lang::collect_items(a[2])) {
    std::vector<const void*> storages;
    collect_storages(out, storages);
    for (const void* s : storages)
      if (!seen.insert(s).second) return Value::boolean(true);
  }
  return Value::boolean(false);
}

Value is_fake_mode_enabled(Args a) {
  lang::check_arity(a, "_is_fake_mode_enabled", 0, 0);
  return Value::boolean(ops::fake_mode());
}

// _set_fake_mode(on) -> the previous setting (what FakeModeGuard does, for Python).
Value set_fake_mode(Args a) {
  lang::check_arity(a, "_set_fake_mode", 1, 1);
  return Value::boolean(ops::set_fake_mode(lang::truthy(a[0])));
}

// _is_fake(t): a tensor with geometry only (fake or meta), no data.
Value is_fake(Args a) {
  lang::check_arity(a, "_is_fake", 1, 1);
  return Value::boolean(tensor::is_tensor(a[0]) && !tensor::Tensor::from_value(a[0]).has_data());
}

} // namespace

void add_custom_op_functions(lang::ModuleBuilder& m) {
  m.function("_any_output_is_alias_to_input_or_output", any_output_is_alias)
      .function("_is_fake_mode_enabled", is_fake_mode_enabled)
      .function("_set_fake_mode", set_fake_mode)
      .function("_is_fake", is_fake);
}

} // namespace refc::torch
