// ctx.print_guards() of torch._dynamo.comptime: the guards the trace has
// installed so far, named as PyTorch 2.14 names them at trace time. 2.14
// keeps a set of Guard objects (a source and the GuardBuilder method that
// will install its checks) and prints them sorted by Guard.sort_key; refc
// keeps the leaf checks themselves, so each leaf is named after the builder
// that installs such a check in 2.14 (a list's TYPE_MATCH and LENGTH_CHECK
// are one SEQUENCE_LENGTH, a tensor's dynamic-marking check is part of its
// TENSOR_MATCH), and the ambient guards are 2.14's init_ambient_guards set.
#include "reference_compiler/dynamo/comptime.h"

#include "reference_compiler/dynamo/output_graph.h"
#include "reference_compiler/dynamo/trace_rules.h"
#include "reference_compiler/lang/builtin_types.h"
#include "reference_compiler/lang/list_object.h"
#include "reference_compiler/lang/str_object.h"
#include "reference_compiler/lang/tuple_object.h"

#include <algorithm>
#include <array>
#include <set>
#include <string_view>
#include <tuple>

namespace refc::dynamo {

using lang::Layout;
using lang::Value;

namespace {

// The GuardBuilder methods refc's guards are named after, in the order 2.14
// defines them: Guard.sort_key's last tie-break is that order (the line of
// the builder's definition).
constexpr std::array<std::string_view, 20> kBuilderOrder = {
    "HASATTR", "TYPE_MATCH", "ID_MATCH", "AUTOGRAD_SAVED_TENSORS_HOOKS", "EQUALS_MATCH", "CONSTANT_MATCH",
    "CLASS_MATCH", "MODULE_MATCH", "CLOSURE_MATCH", "BUILTIN_MATCH", "SEQUENCE_LENGTH", "DICT_KEYS_MATCH",
    "EMPTY_NN_MODULE_HOOKS_DICT", "GRAD_MODE", "DETERMINISTIC_ALGORITHMS", "GLOBAL_STATE",
    "TORCH_FUNCTION_STATE", "DEFAULT_DEVICE", "SHAPE_ENV", "TENSOR_MATCH"};

size_t builder_rank(std::string_view builder) {
  return static_cast<size_t>(std::find(kBuilderOrder.begin(), kBuilderOrder.end(), builder) -
                             kBuilderOrder.begin());
}

// 2.14's GuardSource: its value (the first key of the sort) and its name, lowercased.
struct GuardSource {
  int value;
  std::string_view name;
};
constexpr GuardSource kLocal{0, "local"}, kGlobal{1, "global"}, kShapeEnv{6, "shape_env"},
    kLocalNNModule{12, "local_unspecialized_nn_module"},
    kGlobalNNModule{13, "global_unspecialized_nn_module"},
    kLocalBuiltinNNModule{14, "local_unspecialized_builtin_nn_module"},
    kGlobalBuiltinNNModule{15, "global_unspecialized_builtin_nn_module"};

// A source read from an nn.Module (or naming one) takes the module's guard
// source, as UnspecializedNNModuleSource passes it down its chain; torch.nn's
// own modules have the builtin one.
GuardSource guard_source(const Source& source, const GuardInput& input) {
  const Source* root = &source;
  while (root->base)
    root = root->base.get();
  const bool global = root->kind == Source::Kind::Global;
  for (const Source* s = &source; s; s = s->base.get()) {
    const Value v = s->read(input);
    if (!is_nn_module_value(v)) continue;
    const bool builtin = v.as_obj()->type->module.starts_with("torch.nn.");
    if (builtin) return global ? kGlobalBuiltinNNModule : kLocalBuiltinNNModule;
    return global ? kGlobalNNModule : kLocalNNModule;
  }
  return global ? kGlobal : kLocal;
}

// The builders whose checks include `leaf` on `source` (none: the check is
// part of another guard of the source).
std::vector<std::string_view> builders_of(const LeafGuard& leaf, const Source& source,
                                          const OutputGraph& out) {
  const std::string& kind = leaf.kind();
  const Value v = source.read(out.input());
  const Layout layout = v.is_obj() ? v.as_obj()->type->layout : Layout::Other;
  const bool sequence = v.is_obj() && (v.as_obj()->type == lang::types::list ||
                                       v.as_obj()->type == lang::types::tuple);
  if (kind == "TENSOR_MATCH") return {"TENSOR_MATCH"};
  if (kind == "DYNAMIC_INDICES") return {};
  if (kind == "NO_HASATTR")
    return leaf.code_part().find("'_dynamo_dynamic_indices') == False") != std::string::npos
               ? std::vector<std::string_view>{}
               : std::vector<std::string_view>{"HASATTR"};
  if (kind == "EQUALS_MATCH") {
    // Ints PyTorch specializes (globals, nn.Module attributes) are wrapped
    // with an EQUALS_MATCH and then a CONSTANT_MATCH; other constants with the latter.
    if (v.is_int() && !v.is_bool() && out.specialized_int_source(source))
      return {"EQUALS_MATCH", "CONSTANT_MATCH"};
    return {"CONSTANT_MATCH"};
  }
  if (kind == "TYPE_MATCH" || kind == "LENGTH_CHECK") {
    if (sequence) return {"SEQUENCE_LENGTH"};
    // A module's hook dict, guarded empty.
    if (source.kind == Source::Kind::Attr && source.name.starts_with("_") &&
        source.name.ends_with("hooks") && is_nn_module_value(source.base->read(out.input())))
      return kind == "LENGTH_CHECK" ? std::vector<std::string_view>{"EMPTY_NN_MODULE_HOOKS_DICT"}
                                    : std::vector<std::string_view>{};
    if (kind == "LENGTH_CHECK") return {"DICT_KEYS_MATCH"};
    return {"TYPE_MATCH"};
  }
  if (kind == "DICT_KEY_MATCH") return {"DICT_KEYS_MATCH"};
  if (kind == "ID_MATCH") {
    switch (layout) {
    case Layout::Function:
      return {"CLOSURE_MATCH"};
    case Layout::Module:
      return {"MODULE_MATCH"};
    case Layout::Type:
      return {"CLASS_MATCH"};
    case Layout::NativeFunction:
      return {"BUILTIN_MATCH"};
    default:
      return {"ID_MATCH"};
    }
  }
  return {kind};
}

} // namespace

Value trace_time_guards(OutputGraph& out) {
  // Guard.sort_key's fields, then the printed ones; a set, as 2.14's guards are.
  std::set<std::tuple<int, size_t, std::string, size_t, std::string_view, std::string_view>> guards;
  auto add = [&](GuardSource gs, const std::string& name, std::string_view builder) {
    guards.emplace(gs.value, name.size(), name, builder_rank(builder), builder, gs.name);
  };
  out.guards().for_each_leaf([&](const Source* source, const LeafGuard& leaf) {
    if (!source) return; // the ambient guards are added below, as 2.14 names them
    const GuardSource gs = guard_source(*source, out.input());
    for (std::string_view builder : builders_of(leaf, *source, out))
      add(gs, source->str(), builder);
  });
  for (std::string_view builder :
       {"AUTOGRAD_SAVED_TENSORS_HOOKS", "GRAD_MODE", "DETERMINISTIC_ALGORITHMS", "GLOBAL_STATE",
        "TORCH_FUNCTION_STATE", "DEFAULT_DEVICE"})
    add(kGlobal, "", builder);
  add(kShapeEnv, "", "SHAPE_ENV");
  std::vector<Value> rows;
  for (const auto& [value, length, name, rank, builder, source_name] : guards)
    rows.push_back(
        Value(lang::make_tuple({lang::str_value(std::string(source_name)), lang::str_value(name),
                                lang::str_value(std::string(builder))})));
  return Value(lang::make_list(std::move(rows)));
}

} // namespace refc::dynamo
