// Trace rules: what the tracer does with each kind of callable it meets —
// record it in the graph (torch's functions and ops), inline it (user code,
// torch.nn modules), fold it (pure builtins on constants), or break the graph
// (torch._dynamo's own markers, disabled functions) — and which code objects
// the frame hook must never compile (PyTorch's trace_rules.py / skipfiles).
#pragma once

#include "reference_compiler/dynamo/output_graph.h"
#include "reference_compiler/lang/code_object.h"
#include "reference_compiler/lang/value.h"

#include <optional>
#include <string>

namespace refc::dynamo {

// "torch" and its submodules.
bool is_torch_module_name(const std::string& name);
// A Python function of torch's functional namespaces (torch.nn.functional.relu):
// called in the graph rather than inlined.
bool is_in_graph_function(const lang::Value& f);
// A native callable of torch (torch.sin, torch._C._nn.linear), given the
// qualified name it was reached by (empty when unknown).
bool is_torch_callable(const lang::Value& f, const std::string& qualified_name);
// A call of a torch.library custom operator: recorded as one node calling
// `callable` (the OpOverload, or the OpOverloadPacket it was called by),
// printed as `target` ("torch.ops.mylib.foo.default"), named after
// `name_hint` ("foo.default": foo_default), as Dynamo records it.
struct CustomOpCall {
  std::string target;
  lang::Value callable;
  std::string name_hint;
};
// The call `f` makes when f is a CustomOpDef, torch.ops.<ns>.<op> or
// torch.ops.<ns>.<op>.<overload>; nullopt for anything else.
std::optional<CustomOpCall> custom_op_call(const lang::Value& f);
// How generated graph code names a torch callable: "torch.sin", "torch.nn.functional.relu".
std::string torch_function_name(const lang::Value& f);
// A builtin whose result depends only on its (constant) arguments.
bool is_pure_builtin(const lang::Value& f);
// copy.copy / copy.deepcopy called on a tensor (Dynamo refuses to trace those).
bool is_copy_of_tensor(const lang::Value& f, const std::vector<VarPtr>& args);
// A class whose instances are plain Python objects: made by object.__new__,
// initialised by Python code (no native base other than object).
bool is_plain_user_class(const lang::TypeObject* t);
// torch.compiler.is_compiling (and its aliases): True in traced code.
bool is_compiling_query(const lang::Value& f);
// "_check" or "_check_is_size" for torch._check / torch._check_is_size (which
// assert facts about symbolic values), else "".
std::string torch_check_name(const lang::Value& f);
// `method` is _init_group and `self` a torch.optim.Optimizer: the call runs
// for real while tracing (Dynamo's OptimizerVariable).
bool is_optimizer_init_group(const lang::Value& self, const lang::Value& method);
// nn.Module or a subclass of it; an instance of one.
bool is_nn_module_class(const lang::TypeObject* type);
bool is_nn_module_value(const lang::Value& v);
// An nn.RNN, nn.GRU or nn.LSTM (or a subclass): Dynamo breaks the graph on
// them unless config.allow_rnn.
bool is_rnn_module_value(const lang::Value& v);

// torch._dynamo.graph_break / skip_frame and torch.compiler.disable()d
// functions: the graph break (or frame skip) calling them causes.
std::optional<Unsupported> dynamo_special_function(const lang::Value& f);
// Whether `f` is in torch._dynamo.config.reorderable_logging_functions.
bool reorderable_logging_function(const lang::Value& f);
// torch.no_grad, torch.enable_grad, torch.set_grad_enabled (by name).
bool is_grad_mode_class(const lang::Value& f, const char* name);
bool is_nullcontext(const lang::Value& f);
// torch.autograd.profiler.record_function: a no-op while tracing, as in PyTorch.
bool is_record_function(const lang::Value& f);

// Code the tracer never inlines (a call to it breaks the graph) and the frame
// hook never compiles: torch.optim.lr_scheduler, torch._disable_dynamo's wrapper.
bool is_never_traced_code(const lang::CodeObject* code);
// The module of code in PyTorch's MOD_SKIPLIST that refc writes in Python
// (torch.serialization): a call to it is a skipped function (it runs
// outside the graph), not inlined. Empty for other code.
std::string mod_skiplist_module(const lang::CodeObject* code);
// Code the frame hook never compiles: torch's own modules, generated graph
// code, frames that could not be compiled, and disabled code.
bool is_skipped_code(const lang::CodeObject* code);
void mark_code_skipped(lang::CodeObject* code);
// Code of functions disabled with torch.compiler.disable(recursive=False):
// never compiled, and never inlined either (a call to it breaks the graph).
bool is_disabled_code(const lang::CodeObject* code);
void mark_code_disabled(lang::CodeObject* code);
// Forgets skipped and disabled code (torch._dynamo.reset()).
void clear_skipped_codes();

} // namespace refc::dynamo
