// The decomposition table (see decompositions.h).
#include "reference_compiler/aot/decompositions.h"

#include "reference_compiler/aot/decompose.h"
#include "reference_compiler/backends/counted_applications.h"
#include "reference_compiler/lang/abstract.h"
#include "reference_compiler/lang/native_function.h"
#include "reference_compiler/lang/singletons.h"
#include "reference_compiler/lang/tuple_object.h"
#include "reference_compiler/ops/call.h"
#include "reference_compiler/tensor/tensor_types.h"
#include "reference_compiler/torch/op_callables.h"

namespace refc::aot {

namespace {

// "t.default" names the registry's default overload "t".
const ops::OpDef& overload(std::string_view name) {
  constexpr std::string_view kDefault = ".default";
  if (name.ends_with(kDefault)) name.remove_suffix(kDefault.size());
  return ops::op(name);
}

// The TESTING_ONLY wrong value: the result, or its first tensor, plus 1.
lang::Value plus_one(const lang::Value& result) {
  if (tensor::is_tensor(result)) return ops::call("add.Tensor", result, 1);
  std::vector<lang::Value> items = result.as<lang::Tuple>()->items;
  items[0] = ops::call("add.Tensor", items[0], 1);
  return lang::Value(lang::make_tuple(std::move(items)));
}

} // namespace

const std::vector<Decomposition>& builtin_decompositions() {
  static const std::vector<Decomposition> table = {
#define REFC_DECOMPOSITION(name, tables, fn) {&overload(#name), decomp::fn, static_cast<uint8_t>(tables)},
#include "reference_compiler/aot/decompositions.def"
#undef REFC_DECOMPOSITION
  };
  return table;
}

DecompositionTable DecompositionTable::builtin(uint8_t tables) {
  DecompositionTable t;
  for (const Decomposition& d : builtin_decompositions())
    if (d.tables & tables) t.add(*d.op, d.fn);
  return t;
}

namespace {

// Whether the counted application of `op`'s decomposition is enabled; 2.14
// names the application by the op (proxy_tensor.maybe_handle_decomp).
bool counted(const ops::OpDef& op) {
  return backends::application_enabled(backends::Subsystem::decomposition, torch::aten_name(op));
}

} // namespace

bool DecompositionTable::applies(const ops::OpDef& op) const { return entries_.count(&op) && counted(op); }

lang::Value DecompositionTable::apply(const ops::OpDef& op, const ops::OpArgs& args) const {
  auto it = entries_.find(&op);
  if (it == entries_.end() || !counted(op)) return {};
  lang::Value result;
  if (it->second.fn) {
    result = it->second.fn(args);
  } else {
    lang::Args call_args{args.values().data(), args.size(), nullptr};
    result = lang::call(it->second.python_fn, call_args);
    if (lang::is_not_implemented(result)) result = lang::Value();
  }
  if (&op == wrong_value_ && !result.is_null()) result = plus_one(result);
  return result;
}

} // namespace refc::aot
