// Trace rules (see trace_rules.h).
#include "reference_compiler/dynamo/trace_rules.h"

#include "reference_compiler/dynamo/python_side.h"

#include "reference_compiler/lang/abstract.h"
#include "reference_compiler/lang/builtin_types.h"
#include "reference_compiler/lang/errors.h"
#include "reference_compiler/lang/descriptor_objects.h"
#include "reference_compiler/lang/dict_object.h"
#include "reference_compiler/lang/function_object.h"
#include "reference_compiler/lang/module_object.h"
#include "reference_compiler/lang/interpreter.h"
#include "reference_compiler/lang/native_function.h"
#include "reference_compiler/lang/set_object.h"
#include "reference_compiler/lang/type_object.h"
#include "reference_compiler/tensor/tensor_types.h"

#include <algorithm>
#include <set>
#include <string_view>
#include <unordered_map>

namespace refc::dynamo {

using lang::Layout;
using lang::Value;

namespace {

Layout layout_of(const Value& v) { return v.is_obj() ? v.as_obj()->type->layout : Layout::Other; }

std::string function_module(const lang::Function* f) {
  return f->module.is_obj() && layout_of(f->module) == Layout::Str ? std::string(f->module.as<lang::Str>()->view()) : "";
}

// Held by reference, so an address is never reused by another code object.
using CodeSet = std::unordered_map<const lang::CodeObject*, lang::Ref<lang::CodeObject>>;
CodeSet& skipped_codes() {
  static auto* codes = new CodeSet();
  return *codes;
}
CodeSet& disabled_codes() {
  static auto* codes = new CodeSet();
  return *codes;
}

} // namespace

bool is_torch_module_name(const std::string& name) { return name == "torch" || name.rfind("torch.", 0) == 0; }

bool is_in_graph_function(const Value& f) {
  if (layout_of(f) != Layout::Function) return false;
  static const std::set<std::string> modules = {"torch",        "torch.functional", "torch.nn.functional",
                                                "torch.linalg", "torch.special",    "torch.fft",
                                                "torch._functional_extra"};
  // torch.nn.functional names that are natives in PyTorch (F.linear is
  // torch._C._nn.linear): refc's forwarding functions are inlined, so the
  // graph calls the native by its name, as PyTorch's does.
  static const std::set<std::string> native_aliases = {
      "adaptive_avg_pool1d", "avg_pool1d", "avg_pool2d", "avg_pool3d", "bilinear", "celu_", "channel_shuffle",
      "conv1d", "conv2d", "conv3d", "conv_tbc", "conv_transpose1d", "conv_transpose2d", "conv_transpose3d",
      "cosine_similarity", "elu_", "gelu", "hardshrink", "hardtanh_", "leaky_relu_", "linear", "logsigmoid",
      "native_channel_shuffle", "one_hot", "pairwise_distance", "pdist", "pixel_shuffle", "pixel_unshuffle",
      "prelu", "relu_", "rrelu_", "scaled_dot_product_attention", "selu_", "softplus", "softshrink", "threshold_"};
  const auto* fn = f.as<lang::Function>();
  const std::string module = function_module(fn);
  if (module == "torch.nn.functional" && native_aliases.count(std::string(lang::to_str(fn->name)->view()))) return false;
  return modules.count(module) > 0;
}

bool is_torch_callable(const Value& f, const std::string& qualified_name) {
  if (layout_of(f) == Layout::NativeFunction) {
    const Value& self = f.as<lang::NativeFunction>()->self;
    if (self.is_obj() && self.as_obj()->type->name == "_OverloadSet") return true;
  }
  if (layout_of(f) == Layout::BoundMethod) {
    const Value& self = f.as<lang::BoundMethod>()->self;
    if (self.is_obj() && self.as_obj()->type->name == "_OverloadSet") return true;
  }
  return is_torch_module_name(qualified_name) && qualified_name.rfind("torch._dynamo", 0) != 0 &&
         layout_of(f) != Layout::Type;
}

std::string torch_function_name(const Value& f) {
  if (layout_of(f) == Layout::Function) {
    const auto* fn = f.as<lang::Function>();
    return function_module(fn) + "." + std::string(lang::to_str(fn->qualname)->view());
  }
  if (layout_of(f) == Layout::NativeFunction) return "torch." + f.as<lang::NativeFunction>()->name;
  return "torch." + std::string(lang::to_str(lang::getattr(f, lang::intern("__name__")))->view());
}

bool is_pure_builtin(const Value& f) {
  static const std::set<std::string> pure = {
      "abs",   "all",  "any",   "bool",  "chr",   "divmod", "float", "hash",  "int",    "isinstance", "issubclass",
      "len",   "max",  "min",   "ord",   "pow",   "range",  "repr",  "round", "slice",  "sorted",     "str",
      "sum",   "tuple", "reversed", "format", "callable", "id",
      // math
      "sqrt",  "exp",  "log",   "log2",  "log10", "sin",    "cos",   "tan",   "floor",  "ceil",       "trunc",
      "isnan", "isinf", "isfinite", "gcd", "factorial", "prod", "fabs", "copysign", "hypot", "atan2", "pow"};
  switch (layout_of(f)) {
  case Layout::NativeFunction: return pure.count(f.as<lang::NativeFunction>()->name) > 0;
  case Layout::Type: {
    const auto* t = f.as<lang::TypeObject>();
    return t->module == "builtins" && pure.count(t->name) > 0;
  }
  case Layout::BoundMethod: {
    // Methods of immutable values: "a,b".split(","), (1.5).is_integer().
    const Value& self = f.as<lang::BoundMethod>()->self;
    const Layout l = layout_of(self);
    return !self.is_obj() || l == Layout::Str || l == Layout::Tuple;
  }
  default: return false;
  }
}

std::optional<CustomOpCall> custom_op_call(const Value& f) {
  if (layout_of(f) != Layout::Instance) return std::nullopt;
  Value op = f;
  const lang::TypeObject* t = f.as_obj()->type;
  if (t->name == "CustomOpDef" && t->module == "torch._library.custom_ops") {
    op = lang::getattr(f, lang::intern("_opoverload"));
    t = op.as_obj()->type;
  }
  if (t->module != "torch._ops" || (t->name != "OpOverload" && t->name != "OpOverloadPacket")) return std::nullopt;
  const std::string name(lang::to_str(lang::getattr(op, lang::intern("__name__")))->view());
  return CustomOpCall{"torch.ops." + std::string(lang::repr(op)->view()), op, name};
}

bool is_copy_of_tensor(const Value& f, const std::vector<VarPtr>& args) {
  const auto* fn = f.as<lang::Function>();
  return function_module(fn) == "copy" && !args.empty() &&
         (args[0]->is(Variable::Kind::Tensor) || (args[0]->is(Variable::Kind::Lazy) && tensor::is_tensor(args[0]->value)));
}

bool is_plain_user_class(const lang::TypeObject* t) {
  for (const lang::TypeObject* base : t->mro)
    if (!base->heap && base->base) return false; // a native base class other than object
  // A metaclass's own __call__ decides what calling the class does.
  static const Value type_call = lang::types::type->dict->get(lang::intern("__call__"));
  if (t->type != lang::types::type && !t->type->lookup(lang::intern("__call__")).is(type_call))
    return false;
  Value new_fn = t->lookup(lang::intern("__new__"));
  return new_fn.is_null() || !new_fn.is_obj() || new_fn.as_obj()->type->layout != Layout::Function;
}

bool is_compiling_query(const Value& f) {
  if (layout_of(f) != Layout::Function) return false;
  const auto* fn = f.as<lang::Function>();
  const std::string module = function_module(fn);
  return (module == "torch.compiler" || module == "torch._dynamo" || module == "torch._utils") &&
         lang::to_str(fn->name)->view() == "is_compiling";
}

std::string torch_check_name(const Value& f) {
  if (layout_of(f) != Layout::Function) return {};
  const auto* fn = f.as<lang::Function>();
  if (function_module(fn) != "torch") return {};
  const std::string name(lang::to_str(fn->name)->view());
  return name == "_check" || name == "_check_is_size" ? name : std::string();
}

bool is_optimizer_init_group(const Value& self, const Value& method) {
  if (!self.is_obj() || layout_of(method) != Layout::Function ||
      method.as<lang::Function>()->code->name != "_init_group")
    return false;
  for (const lang::TypeObject* t : self.as_obj()->type->mro)
    if (t->name == "Optimizer" && t->module == "torch.optim.optimizer") return true;
  return false;
}

bool is_nn_module_class(const lang::TypeObject* type) {
  for (const lang::TypeObject* t : type->mro)
    if (t->name == "Module" && t->module == "torch.nn.modules.module") return true;
  return false;
}

bool is_nn_module_value(const Value& v) {
  return v.is_obj() && layout_of(v) != Layout::Type && is_nn_module_class(v.as_obj()->type);
}

bool is_rnn_module_value(const Value& v) {
  if (!is_nn_module_value(v)) return false;
  for (const lang::TypeObject* t : v.as_obj()->type->mro)
    if ((t->name == "RNN" || t->name == "GRU" || t->name == "LSTM") && t->module == "torch.nn.modules.rnn") return true;
  return false;
}

std::optional<Unsupported> dynamo_special_function(const Value& f) {
  if (layout_of(f) != Layout::Function) return std::nullopt;
  const auto* fn = f.as<lang::Function>();
  const std::string module = function_module(fn);
  const std::string name = std::string(lang::to_str(fn->name)->view());
  if (module == "torch._dynamo.decorators" || module == "torch._dynamo") {
    if (name == "graph_break") return make_graph_break(GraphBreak::UserGraphBreak);
    if (name == "skip_frame") return make_graph_break(GraphBreak::UserSkipFrame);
  }
  if (fn->dict && !fn->dict->get(lang::intern("_torchdynamo_disable")).is_null())
    return make_graph_break(GraphBreak::DisabledCall, {name});
  return std::nullopt;
}

bool reorderable_logging_function(const Value& f) {
  Value functions = dynamo_config("reorderable_logging_functions");
  try {
    return lang::contains(functions, f);
  } catch (const lang::PyError&) {
    return false;
  }
}

namespace {

// `f` as a class called `name`, or null.
const lang::TypeObject* class_named(const Value& f, std::string_view name) {
  if (layout_of(f) != Layout::Type) return nullptr;
  const auto* t = f.as<lang::TypeObject>();
  return t->name == name ? t : nullptr;
}

} // namespace

bool is_grad_mode_class(const Value& f, const char* name) {
  const lang::TypeObject* t = class_named(f, name);
  return t && is_torch_module_name(t->module);
}

bool is_nullcontext(const Value& f) {
  const lang::TypeObject* t = class_named(f, "nullcontext");
  return t && t->module == "contextlib";
}

bool is_never_traced_code(const lang::CodeObject* code) {
  // PyTorch's FORCE_SKIP_FILES and torch/_compile.py (torch._disable_dynamo's wrapper).
  static const char* const kFiles[] = {"<frozen torch.optim.lr_scheduler>", "<frozen torch._compile>"};
  return std::any_of(std::begin(kFiles), std::end(kFiles), [&](const char* f) { return code->filename == f; });
}

std::string mod_skiplist_module(const lang::CodeObject* code) {
  static const char* const kModules[] = {"torch.serialization"};
  for (const char* m : kModules)
    if (code->filename == std::string("<frozen ") + m + ">") return m;
  return {};
}

bool is_record_function(const Value& f) {
  const lang::TypeObject* t = class_named(f, "record_function");
  return t && t->module == "torch.autograd.profiler";
}

bool is_skipped_code(const lang::CodeObject* code) {
  // torch.nn's modules and torch.optim compile like user code (their forward
  // and step are frames users compile); the rest of the library, nn.Module's
  // call machinery and the standard library never start a compiled frame.
  const std::string& file = code->filename;
  const bool compilable_torch = (file.starts_with("<frozen torch.nn.modules.") &&
                                 file != "<frozen torch.nn.modules.module>") ||
                                file.starts_with("<frozen torch.optim");
  if ((file.starts_with("<frozen ") && !compilable_torch) || is_never_traced_code(code)) return true;
  if (file.rfind("<eval_with_key>", 0) == 0) return true;
  return skipped_codes().count(code) > 0 || disabled_codes().count(code) > 0;
}

void mark_code_skipped(lang::CodeObject* code) { skipped_codes().emplace(code, lang::Ref<lang::CodeObject>::borrow(code)); }

bool is_disabled_code(const lang::CodeObject* code) { return disabled_codes().count(code) > 0; }

void mark_code_disabled(lang::CodeObject* code) {
  disabled_codes().emplace(code, lang::Ref<lang::CodeObject>::borrow(code));
}

void clear_skipped_codes() {
  skipped_codes().clear();
  disabled_codes().clear();
}

} // namespace refc::dynamo
