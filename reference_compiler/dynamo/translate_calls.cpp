// The symbolic interpreter's calls: functions (inlined, or recorded in the
// graph when torch's), methods of trackers, builtins folded or modelled,
// user classes instantiated, context managers entered.
#include "reference_compiler/dynamo/instruction_translator.h"

#include "reference_compiler/dynamo/comptime.h"

#include "reference_compiler/dynamo/translator_support.h"
#include "reference_compiler/dynamo/eval_frame.h"
#include "reference_compiler/dynamo/higher_order_ops.h"
#include "reference_compiler/dynamo/trace_rules.h"
#include "reference_compiler/lang/abstract.h"
#include "reference_compiler/lang/builtin_types.h"
#include "reference_compiler/lang/descriptor_objects.h"
#include "reference_compiler/lang/errors.h"
#include "reference_compiler/lang/function_object.h"
#include "reference_compiler/lang/list_object.h"
#include "reference_compiler/lang/module_object.h"
#include "reference_compiler/lang/instance_object.h"
#include "reference_compiler/lang/interpreter.h"
#include "reference_compiler/lang/native_function.h"
#include "reference_compiler/lang/range_object.h"
#include "reference_compiler/lang/traceback.h"
#include "reference_compiler/lang/tuple_object.h"
#include "reference_compiler/logging/logs.h"
#include "reference_compiler/ops/grad_mode.h"
#include "reference_compiler/ops/shape_checks.h"
#include "reference_compiler/tensor/tensor_types.h"
#include "reference_compiler/torch/python_objects.h"

#include <algorithm>
#include <utility>

namespace refc::dynamo {

using lang::Layout;
using lang::Value;
using Kind = Variable::Kind;
using Kwargs = std::vector<std::pair<std::string, VarPtr>>;
using translator::fold;
using translator::str_of;
using translator::type_of;

namespace {
constexpr int kMaxInlineDepth = 64;
} // namespace

VarPtr InstructionTranslator::call(const VarPtr& fn, std::vector<VarPtr> args, Kwargs kwargs) {
  switch (fn->kind) {
  case Kind::Method:
    if (fn->value.is_null()) return call_method(fn->self, fn->name, std::move(args), std::move(kwargs));
    if (kwargs.empty() && is_optimizer_init_group(fn->self->value, fn->value)) {
      realize_all(args, kwargs);
      return run_optimizer_init_group(fn->self, fn->value, args);
    }
    args.insert(args.begin(), fn->self);
    return call(Variable::object(fn->value), std::move(args), std::move(kwargs));
  case Kind::NestedFunction:
    return inline_call(fn->code.get(), fn->globals.as<lang::Dict>(), fn->defaults, nullptr, nullptr,
                       [&] {
                         std::vector<VarPtr> derefs(static_cast<size_t>(fn->code->ncells()));
                         derefs.insert(derefs.end(), fn->closure.begin(), fn->closure.end());
                         return derefs;
                       }(),
                       nullptr, std::move(args), std::move(kwargs));
  case Kind::Object: break;
  default: unsupported("Unsupported: calling " + fn->repr());
  }
  const Value& f = fn->value;
  const Layout layout = f.is_obj() ? f.as_obj()->type->layout : Layout::Other;

  if (std::optional<std::string> helper = comptime_helper(f)) {
    realize_all(args, kwargs);
    return call_comptime(*helper, std::move(args));
  }
  if (HigherOrderRule rule = higher_order_rule(f)) {
    realize_all(args, kwargs);
    return rule(*this, std::move(args), std::move(kwargs));
  }
  if (std::optional<Unsupported> special = dynamo_special_function(f)) throw *special;

  if (layout == Layout::Function) {
    auto* func = f.as<lang::Function>();
    if (is_copy_of_tensor(f, args)) graph_break(GraphBreak::DeepcopyTensor);
    if (is_compiling_query(f)) return Variable::constant(Value::boolean(true));
    // torch._check(cond) on a symbolic cond is PyTorch's expect_true: a fact
    // the ShapeEnv learns (guarded when the value is known, assumed and
    // asserted when the graph runs when it is not).
    if (const std::string check = torch_check_name(f); !check.empty() && !args.empty() && args[0]->is(Kind::SymNode)) {
      const bool is_size = check == "_check_is_size";
      if (is_size) // its deprecation warning, raised while tracing as 2.14 does
        lang::call(lang::getattr(Value(lang::import_module("torch")), lang::intern("_warn_check_is_size_deprecated")), {});
      output_.expect_true(args[0], f, is_size);
      return Variable::none();
    }
    if (is_in_graph_function(f)) {
      realize_all(args, kwargs);
      return output_.call(graph::NodeOp::CallFunction, fn->name.empty() ? torch_function_name(f) : fn->name, f, args,
                          kwargs);
    }
    if (is_disabled_code(func->code.get()))
      graph_break(GraphBreak::DisabledInline, {func->code->name});
    if (const std::string module = mod_skiplist_module(func->code.get()); !module.empty())
      graph_break(GraphBreak::SkippedCall,
                  {std::string(lang::to_str(func->qualname)->view()), func->code->filename, module});
    if (is_never_traced_code(func->code.get()))
      graph_break(GraphBreak::SkippedInline,
                  {std::string(lang::to_str(func->qualname)->view()), func->code->name, func->code->filename});
    std::vector<VarPtr> derefs(static_cast<size_t>(func->code->ncells()));
    if (func->closure) {
      // The function's real cells: read (and guarded) through the function's
      // source, written back through it after the graph.
      for (size_t i = 0; i < func->closure->items.size(); ++i) {
        const Value& real_cell = func->closure->items[i];
        // A cell seen before in this trace keeps its tracker (and what was written to it).
        VarPtr& shared = output_.cell_tracker(real_cell.as_obj());
        if (shared) {
          derefs.push_back(shared);
          continue;
        }
        Value contents = real_cell.as<lang::Cell>()->value;
        SourcePtr cell_source =
            fn->source ? Source::item(Source::attr(fn->source, "__closure__"), static_cast<int64_t>(i)) : nullptr;
        VarPtr value = contents.is_null() ? nullptr
                       : cell_source      ? output_.wrap(contents, Source::attr(cell_source, "cell_contents"))
                                          : output_.wrap_unsourced(contents);
        VarPtr cell = Variable::cell(value, -1);
        cell->value = real_cell;
        cell->source = cell_source;
        shared = cell;
        derefs.push_back(cell);
      }
    }
    return inline_call(func->code.get(), func->globals.get(), nullptr, func->defaults.get(), func->kwdefaults.get(),
                       std::move(derefs), fn->source, std::move(args), std::move(kwargs));
  }
  if (Value inner = compiled_function_target(f); !inner.is_null()) {
    // A torch.compile'd function called from compiled code is traced inline.
    return call(output_.wrap_unsourced(inner), std::move(args), std::move(kwargs));
  }
  if (std::optional<CustomOpCall> op = custom_op_call(f)) {
    // One opaque node, its result computed by the operator's fake implementation.
    realize_all(args, kwargs);
    return output_.call(graph::NodeOp::CallFunction, op->target, op->callable, args, kwargs, op->name_hint);
  }
  const bool user_class =
      layout == Layout::Type && f.as<lang::TypeObject>()->heap && is_plain_user_class(f.as<lang::TypeObject>());
  // Builtins and torch's natives look at their arguments; inlined code
  // (a user class's __init__, an object's __call__) gets them lazy.
  if (!user_class && layout != Layout::Instance && !is_nn_module_value(f)) realize_all(args, kwargs);
  if (layout == Layout::NativeFunction || layout == Layout::Type || layout == Layout::BoundMethod) {
    if (VarPtr r = call_builtin(f, args, kwargs)) return r;
    if (is_torch_callable(f, fn->name))
      return output_.call(graph::NodeOp::CallFunction, fn->name.empty() ? torch_function_name(f) : fn->name, f, args,
                          kwargs);
    // A pure function of constants (math.sqrt(2), str.upper...) folds.
    bool constant_args = true;
    for (const VarPtr& a : args) constant_args &= a->is_python_constant();
    for (const auto& kv : kwargs) constant_args &= kv.second->is_python_constant();
    if (constant_args && (is_pure_builtin(f) || is_builtin_exception_class(f))) {
      std::vector<Value> values;
      std::vector<Value> names;
      for (const VarPtr& a : args) values.push_back(a->as_python_constant());
      for (const auto& [k, v] : kwargs) {
        values.push_back(v->as_python_constant());
        names.push_back(Value::borrow(lang::intern(k)));
      }
      lang::Ref<lang::Tuple> kwnames = names.empty() ? lang::Ref<lang::Tuple>() : lang::make_tuple(std::move(names));
      if (is_builtin_exception_class(f)) // made now, for the trace to raise
        return Variable::object(lang::call(f, lang::Args{values.data(), args.size(), kwnames.get()}));
      return fold([&] { return lang::call(f, lang::Args{values.data(), args.size(), kwnames.get()}); });
    }
  }
  if (user_class) {
    // A user class: the instance is made after the graph runs; its __init__ is inlined.
    VarPtr obj = Variable::new_object(f);
    Value init = f.as<lang::TypeObject>()->lookup(lang::intern("__init__"));
    if (init.is_obj() && init.as_obj()->type->layout == Layout::Function) {
      args.insert(args.begin(), obj);
      call(Variable::object(init), std::move(args), std::move(kwargs));
    } else if (!args.empty() || !kwargs.empty()) {
      unsupported("Unsupported: TypeError: " + f.as<lang::TypeObject>()->name + "() takes no arguments");
    }
    return obj;
  }
  if (layout == Layout::Instance || is_nn_module_value(f)) {
    // Calling an object: its class's __call__ (nn.Module.__call__ -> forward).
    Value call_fn = type_of(f)->lookup(lang::intern("__call__"));
    if (call_fn.is_obj() && call_fn.as_obj()->type->layout == Layout::Function) {
      args.insert(args.begin(), fn);
      return call(Variable::object(call_fn), std::move(args), std::move(kwargs));
    }
  }
  std::vector<std::string> types;
  for (const VarPtr& a : args) types.push_back("'" + a->python_type_name() + "'");
  std::string joined;
  for (size_t i = 0; i < types.size(); ++i) joined += (i ? ", " : "") + types[i];
  unsupported("Unsupported: call_function " + std::string(lang::repr(f)->view()) + " [" + joined + "]");
}

// Dynamo's OptimizerVariable: an optimizer's _init_group only creates state
// (zero moments, a step count) and collects tensors into the empty lists it
// is given, so it runs for real while tracing, once. The lists come back
// holding the optimizer's own tensors, each read from its place in the
// optimizer — L['self'].param_groups[0]['params'][0], its .grad, or
// L['self'].state[list(dict.keys(L['self'].state))[0]]['exp_avg'] — so the
// graph takes them as inputs and the guards check them. The param group is
// then traced with capturable=True, as PyTorch does, keeping the step
// arithmetic in tensors.
VarPtr InstructionTranslator::run_optimizer_init_group(const VarPtr& optimizer, const Value& method,
                                                       const std::vector<VarPtr>& args) {
  if (!optimizer->source) unsupported("Unsupported: _init_group of an optimizer without a source");
  std::vector<Value> real{optimizer->value};
  std::vector<std::pair<VarPtr, lang::Ref<lang::List>>> filled;
  for (const VarPtr& a : args) {
    if (a->is(Kind::List) && a->items.empty() && !a->source) {
      filled.emplace_back(a, lang::make_list());
      real.push_back(Value(filled.back().second));
    } else if (a->is(Kind::Dict) && a->source) {
      real.push_back(a->source->read(output_.input()));
      for (size_t i = 0; i < a->keys.size(); ++i)
        if (lang::to_str(a->keys[i])->view() == "capturable") a->items[i] = Variable::constant(Value::boolean(true));
    } else if (a->is_python_constant()) {
      real.push_back(a->as_python_constant());
    } else {
      unsupported("Unsupported: optimizer _init_group argument " + a->repr());
    }
  }
  const VarPtr result = fold([&] { return lang::call(method, lang::Args{real.data(), real.size(), nullptr}); });
  // Where each tensor the optimizer holds lives.
  std::unordered_map<const lang::Object*, SourcePtr> sources;
  auto note = [&](const Value& v, const SourcePtr& s) {
    if (v.is_obj()) sources.emplace(v.as_obj(), s);
  };
  const SourcePtr groups_source = Source::attr(optimizer->source, "param_groups");
  const Value groups = lang::getattr(optimizer->value, lang::intern("param_groups"));
  for (int64_t g = 0; g < lang::length(groups); ++g) {
    const SourcePtr params_source = Source::dict_item(Source::item(groups_source, g), "params");
    const Value params = lang::getitem(lang::getitem(groups, Value::integer(g)), Value(lang::make_str("params")));
    for (int64_t i = 0; i < lang::length(params); ++i) {
      const Value p = lang::getitem(params, Value::integer(i));
      note(p, Source::item(params_source, i));
      note(lang::getattr(p, lang::intern("grad")), Source::attr(Source::item(params_source, i), "grad"));
    }
  }
  const SourcePtr state_source = Source::attr(optimizer->source, "state");
  const Value state = lang::getattr(optimizer->value, lang::intern("state"));
  if (state.is_obj() && state.as_obj()->type->layout == Layout::Dict) {
    int64_t k = 0;
    for (const lang::Dict::Entry& e : state.as<lang::Dict>()->entries()) {
      if (e.key.is_null()) continue;
      const SourcePtr per_param = Source::dict_value(state_source, k++);
      if (e.value.is_obj() && e.value.as_obj()->type->layout == Layout::Dict)
        for (const lang::Dict::Entry& item : e.value.as<lang::Dict>()->entries())
          if (!item.key.is_null() && type_of(item.key)->layout == Layout::Str)
            note(item.value, Source::dict_item(per_param, std::string(item.key.as<lang::Str>()->view())));
    }
  }
  for (auto& [list, values] : filled)
    for (const Value& v : values->items) {
      auto it = sources.find(v.is_obj() ? v.as_obj() : nullptr);
      if (it == sources.end()) unsupported("Unsupported: optimizer _init_group collected a value it does not own");
      list->items.push_back(output_.wrap(v, it->second));
    }
  return result;
}

VarPtr InstructionTranslator::inline_call(lang::CodeObject* code, lang::Dict* globals, const VarPtr& defaults,
                                          lang::Tuple* real_defaults, lang::Dict* kwdefaults,
                                          std::vector<VarPtr> derefs, SourcePtr function_source,
                                          std::vector<VarPtr> args, Kwargs kwargs) {
  if (depth_ >= kMaxInlineDepth) unsupported("Unsupported: inlining too deep (recursion?)");
  if (code->is_generator()) unsupported("Unsupported: Attempt to trace generator");
  // Bind arguments as a call would (the error texts are CPython's).
  const int nargs = code->argcount;
  std::vector<VarPtr> locals(static_cast<size_t>(code->nlocals()));
  const std::string fname = code->name + "()";
  size_t i = 0;
  for (; i < args.size() && static_cast<int>(i) < nargs; ++i) locals[i] = args[i];
  std::vector<VarPtr> extra(args.begin() + static_cast<std::ptrdiff_t>(i), args.end());
  int slot = code->argcount + code->kwonlyargcount;
  if (code->flags & lang::CO_VARARGS) {
    locals[static_cast<size_t>(slot++)] = Variable::tuple(std::move(extra));
  } else if (!extra.empty()) {
    unsupported("Unsupported: TypeError: " + fname + " takes " + std::to_string(nargs) + " positional argument" +
                (nargs == 1 ? "" : "s") + " but " + std::to_string(args.size()) + " were given");
  }
  VarPtr varkw;
  if (code->flags & lang::CO_VARKEYWORDS) {
    varkw = Variable::dict({}, {});
    locals[static_cast<size_t>(slot)] = varkw;
  }
  for (auto& [name, v] : kwargs) {
    int index = -1;
    for (int k = code->posonlyargcount; k < nargs + code->kwonlyargcount; ++k)
      if (code->varnames[static_cast<size_t>(k)]->view() == name) index = k;
    if (index < 0) {
      if (!varkw) unsupported("Unsupported: TypeError: " + fname + " got an unexpected keyword argument '" + name + "'");
      varkw->keys.push_back(Value(lang::make_str(name)));
      varkw->items.push_back(v);
    } else {
      if (locals[static_cast<size_t>(index)])
        unsupported("Unsupported: TypeError: " + fname + " got multiple values for argument '" + name + "'");
      locals[static_cast<size_t>(index)] = v;
    }
  }
  const size_t ndefaults = defaults ? defaults->items.size() : real_defaults ? real_defaults->items.size() : 0;
  for (int k = 0; k < nargs; ++k) {
    if (locals[static_cast<size_t>(k)]) continue;
    const int d = k - (nargs - static_cast<int>(ndefaults));
    if (d < 0)
      unsupported("Unsupported: TypeError: " + fname + " missing required positional argument: '" +
                  std::string(code->varnames[static_cast<size_t>(k)]->view()) + "'");
    locals[static_cast<size_t>(k)] =
        defaults ? defaults->items[static_cast<size_t>(d)]
                 : output_.wrap_unsourced(real_defaults->items[static_cast<size_t>(d)]);
  }
  for (int k = nargs; k < nargs + code->kwonlyargcount; ++k) {
    if (locals[static_cast<size_t>(k)]) continue;
    Value d = kwdefaults ? kwdefaults->get(code->varnames[static_cast<size_t>(k)]) : Value();
    if (d.is_null())
      unsupported("Unsupported: TypeError: " + fname + " missing required keyword-only argument: '" +
                  std::string(code->varnames[static_cast<size_t>(k)]->view()) + "'");
    locals[static_cast<size_t>(k)] = output_.wrap_unsourced(d);
  }
  InstructionTranslator inner(this, code, globals, std::move(locals), std::move(derefs), std::move(function_source));
  inner.run();
  VarPtr result = inner.pop();
  attribute_to_here();
  return result;
}

VarPtr InstructionTranslator::call_method(const VarPtr& self, const std::string& name, std::vector<VarPtr> args,
                                          Kwargs kwargs) {
  realize_all(args, kwargs);
  switch (self->kind) {
  case Kind::Tensor: {
    if (name == "item" && args.empty() && kwargs.empty()) return output_.item(self);
    if (name == "tolist") graph_break(GraphBreak::TensorTolist);
    if (name == "backward") graph_break(GraphBreak::TensorBackward);
    if (name == "numpy" || name == "data_ptr" || name == "__bool__" || name == "__index__")
      graph_break(GraphBreak::TensorDataAccess, {name});
    // Sizes of symbolic geometry: the symbols' trackers, one per dimension.
    if (name == "size" && kwargs.empty() && args.size() <= 1 && self->example().impl()->is_symbolic()) {
      if (args.empty()) return output_.shape_of(self);
      const VarPtr dim = args[0]->is(Kind::SymNode) ? output_.specialize(args[0]) : args[0];
      if (dim->is_constant() && dim->value.is_int())
        return output_.size_of(self, ops::wrap_dim(dim->value.as_int(), self->example().dim()));
    }
    args.insert(args.begin(), self);
    return output_.call(graph::NodeOp::CallMethod, name, Value(), args, kwargs);
  }
  case Kind::List: {
    if (name == "append" && args.size() == 1) {
      self->items.push_back(args[0]);
    } else if (name == "extend" && args.size() == 1) {
      for (VarPtr& item : unpack(args[0])) self->items.push_back(item);
    } else if (name == "pop" && args.size() <= 1) {
      if (self->items.empty()) unsupported("Unsupported: IndexError: pop from empty list");
      int64_t index = args.empty() ? -1 : args[0]->as_python_constant().as_int();
      if (index < 0) index += static_cast<int64_t>(self->items.size());
      VarPtr r = self->items.at(static_cast<size_t>(index));
      self->items.erase(self->items.begin() + index);
      output_.mark_mutated(self);
      return r;
    } else if (name == "insert" && args.size() == 2) {
      int64_t index = std::clamp<int64_t>(args[0]->as_python_constant().as_int(), 0,
                                         static_cast<int64_t>(self->items.size()));
      self->items.insert(self->items.begin() + index, args[1]);
    } else if (name == "clear" && args.empty()) {
      self->items.clear();
    } else if (name == "__exit__" || name == "copy") {
      return Variable::list(self->items);
    } else if (name == "index" || name == "count") {
      return fold([&] { return lang::call_method(self->as_python_constant(), lang::intern(name), {args[0]->as_python_constant()}); });
    } else {
      unsupported("Unsupported: list." + name);
    }
    output_.mark_mutated(self);
    return Variable::none();
  }
  case Kind::Tuple:
    if (name == "index" || name == "count")
      return fold([&] { return lang::call_method(self->as_python_constant(), lang::intern(name), {args[0]->as_python_constant()}); });
    unsupported("Unsupported: tuple." + name);
  case Kind::Dict: {
    auto find = [&](const Value& key) -> int {
      for (size_t i = 0; i < self->keys.size(); ++i)
        if (lang::equals(self->keys[i], key)) return static_cast<int>(i);
      return -1;
    };
    std::vector<VarPtr> keys;
    for (const Value& k : self->keys) keys.push_back(output_.wrap_unsourced(k));
    if (name == "keys") return Variable::tuple(keys);
    if (name == "values") return Variable::tuple(self->items);
    if (name == "items") {
      std::vector<VarPtr> pairs;
      for (size_t i = 0; i < keys.size(); ++i) pairs.push_back(Variable::tuple({keys[i], self->items[i]}));
      return Variable::tuple(std::move(pairs));
    }
    if (name == "get" && !args.empty() && args[0]->is_python_constant()) {
      const int i = find(args[0]->as_python_constant());
      return i >= 0 ? self->items[static_cast<size_t>(i)] : args.size() > 1 ? args[1] : Variable::none();
    }
    if (name == "__setitem__" || ((name == "update") && args.size() == 1 && args[0]->is(Kind::Dict))) {
      std::vector<std::pair<Value, VarPtr>> updates;
      if (name == "update")
        for (size_t i = 0; i < args[0]->keys.size(); ++i) updates.emplace_back(args[0]->keys[i], args[0]->items[i]);
      else updates.emplace_back(args[0]->as_python_constant(), args[1]);
      for (auto& [k, v] : updates) {
        const int i = find(k);
        if (i >= 0) self->items[static_cast<size_t>(i)] = v;
        else {
          self->keys.push_back(k);
          self->items.push_back(v);
        }
      }
      output_.mark_mutated(self);
      return Variable::none();
    }
    if (name == "pop" && !args.empty() && args[0]->is_python_constant()) {
      const int i = find(args[0]->as_python_constant());
      if (i < 0) {
        if (args.size() > 1) return args[1];
        unsupported("Unsupported: KeyError: " + std::string(lang::repr(args[0]->as_python_constant())->view()));
      }
      VarPtr r = self->items[static_cast<size_t>(i)];
      self->items.erase(self->items.begin() + i);
      self->keys.erase(self->keys.begin() + i);
      output_.mark_mutated(self);
      return r;
    }
    unsupported("Unsupported: dict." + name);
  }
  case Kind::Object: {
    // A dict-like object read from a source (an OrderedDict of hooks): its
    // views hold its values, each read from its place in the dict.
    const Value& d = self->value;
    if (self->source && args.empty() && kwargs.empty() && type_of(d)->layout == Layout::Dict && name == "values") {
      output_.add_guard(self->source, length_check(*self->source, d.as<lang::Dict>()->size()));
      std::vector<VarPtr> values;
      for (const lang::Dict::Entry& e : d.as<lang::Dict>()->entries())
        if (!e.key.is_null())
          values.push_back(output_.wrap(e.value, Source::dict_value(self->source, static_cast<int64_t>(values.size()))));
      return Variable::tuple(std::move(values));
    }
    unsupported("Unsupported: method " + name + " of " + self->repr());
  }
  case Kind::GradMode:
    if (name == "__exit__") {
      output_.set_grad_enabled(self->restore_grad);
      return Variable::none();
    }
    if (name == "__enter__") return enter_grad_mode(self);
    unsupported("Unsupported: " + self->name + "." + name);
  default: unsupported("Unsupported: method " + name + " of " + self->repr());
  }
}

static const Value& itertools_chain() {
  static const Value chain = lang::getattr(Value(lang::import_module("itertools")), lang::intern("chain"));
  return chain;
}

VarPtr InstructionTranslator::call_builtin(const Value& f, std::vector<VarPtr>& args, Kwargs& kwargs) {
  const std::string fname = f.as_obj()->type->layout == Layout::Type ? f.as<lang::TypeObject>()->name
                            : f.as_obj()->type->layout == Layout::NativeFunction ? f.as<lang::NativeFunction>()->name
                                                                                 : "";
  const bool is_builtin = [&] {
    Value b = builtins_->get(lang::intern(fname));
    return !b.is_null() && b.is_obj() && b.as_obj() == f.as_obj();
  }();
  if (is_builtin && kwargs.empty())
    if (VarPtr text = exception_text(fname, args)) return text;
  // object.__setattr__(obj, "name", v): how frozen dataclasses assign their fields. Only
  // on an object made in the frame: a side effect on an older one would be replayed as
  // STORE_ATTR, through the class's own __setattr__.
  static const Value object_setattr = lang::types::object->dict->get(lang::intern("__setattr__"));
  if (f.is(object_setattr) && kwargs.empty() && args.size() == 3 && args[0]->is(Kind::NewObject) &&
      args[1]->is_python_constant()) {
    store_attr(args[0], str_of(args[1]->as_python_constant()), args[2]);
    return Variable::none();
  }
  if (f.is(itertools_chain()) && kwargs.empty()) {
    std::vector<VarPtr> items;
    for (const VarPtr& a : args)
      for (VarPtr& item : unpack(a)) items.push_back(std::move(item));
    return Variable::iterator(std::move(items));
  }
  if (is_builtin && kwargs.empty() && (fname == "min" || fname == "max") && args.size() >= 2 &&
      std::any_of(args.begin(), args.end(), [](const VarPtr& a) { return a->is(Kind::SymNode); }) &&
      std::all_of(args.begin(), args.end(), [](const VarPtr& a) {
        return a->is(Kind::SymNode) || (a->is_constant() && (a->value.is_intlike() || a->value.is_float()));
      }))
    return sym_min_max(fname, args);
  if (is_builtin && kwargs.empty()) {
    // Python builtins see plain numbers: a symbolic argument is specialized (guarded).
    if (fname != "isinstance" && fname != "type")
      for (VarPtr& a : args)
        if (a->is(Kind::SymNode)) a = output_.specialize(a);
    if (fname == "len" && args.size() == 1) {
      const VarPtr& a = args[0];
      if (a->is(Kind::List) || a->is(Kind::Tuple) || a->is(Kind::Dict))
        return Variable::constant(Value::integer(static_cast<int64_t>(a->items.size())));
      if (a->is(Kind::Tensor)) {
        if (a->example().dim() == 0) unsupported("Unsupported: TypeError: len() of a 0-d tensor");
        return output_.size_of(a, 0);
      }
    }
    if (fname == "isinstance" && args.size() == 2) {
      if (!args[1]->is(Kind::Object) && !args[1]->is_python_constant()) return nullptr;
      Value cls = args[1]->is(Kind::Object) ? args[1]->value : args[1]->as_python_constant();
      // The tracker's Python type decides; a fake tensor is an instance of what the real one is.
      if (args[0]->is(Kind::NewObject)) {
        static Value issubclass_fn = lang::getattr(Value(lang::import_module("builtins")), lang::intern("issubclass"));
        return fold([&] { return lang::call(issubclass_fn, {args[0]->value, cls}); });
      }
      Value probe = args[0]->is_python_constant() ? args[0]->as_python_constant()
                    : args[0]->in_graph()         ? args[0]->node->example_value
                    : args[0]->is(Kind::Object)   ? args[0]->value
                    : args[0]->is(Kind::List)     ? Value(lang::make_list())
                    : args[0]->is(Kind::Tuple)    ? Value(lang::make_tuple(std::vector<Value>{}))
                    : args[0]->is(Kind::Dict)     ? Value(lang::make_dict())
                                                  : Value();
      if (probe.is_null()) return nullptr;
      static Value isinstance_fn = lang::getattr(Value(lang::import_module("builtins")), lang::intern("isinstance"));
      return fold([&] { return lang::call(isinstance_fn, {probe, cls}); });
    }
    if (fname == "iter" && args.size() == 1) return get_iter(args[0]);
    if (fname == "next" && (args.size() == 1 || args.size() == 2) && args[0]->is(Kind::Iterator)) {
      VarPtr it = args[0];
      if (it->index < static_cast<int64_t>(it->items.size())) return it->items[static_cast<size_t>(it->index++)];
      if (args.size() == 2) return args[1];
      unsupported("Unsupported: StopIteration");
    }
    if ((fname == "list" || fname == "tuple") && args.size() <= 1) {
      std::vector<VarPtr> items = args.empty() ? std::vector<VarPtr>{} : unpack(args[0]);
      return fname == "list" ? Variable::list(std::move(items)) : Variable::tuple(std::move(items));
    }
    if (fname == "enumerate" && args.size() == 1) {
      std::vector<VarPtr> items = unpack(args[0]);
      std::vector<VarPtr> pairs;
      for (size_t i = 0; i < items.size(); ++i)
        pairs.push_back(Variable::tuple({Variable::constant(Value::integer(static_cast<int64_t>(i))), items[i]}));
      return Variable::iterator(std::move(pairs));
    }
    if (fname == "zip") {
      std::vector<std::vector<VarPtr>> seqs;
      size_t n = SIZE_MAX;
      for (const VarPtr& a : args) {
        seqs.push_back(unpack(a));
        n = std::min(n, seqs.back().size());
      }
      std::vector<VarPtr> tuples;
      for (size_t i = 0; i < (seqs.empty() ? 0 : n); ++i) {
        std::vector<VarPtr> t;
        for (auto& s : seqs) t.push_back(s[i]);
        tuples.push_back(Variable::tuple(std::move(t)));
      }
      return Variable::iterator(std::move(tuples));
    }
    if (fname == "print") {
      // Reorderable logging functions run after the graph, with the values they saw.
      if (!reorderable_logging_function(f)) {
        std::string types, classes;
        for (size_t i = 0; i < args.size(); ++i) {
          types += (i ? ", '" : "'") + args[i]->python_type_name() + "'";
          classes += (i ? ", " : "") + args[i]->tracker_class();
        }
        graph_break(GraphBreak::BuiltinPrint, {"[" + types + "]", kwargs.empty() ? "False" : "True", "[" + classes + "]"});
      }
      output_.side_effects().push_back({SideEffect::Kind::Call, Variable::object(f), "", Variable::tuple(args)});
      return Variable::none();
    }
    if (fname == "getattr" && (args.size() == 2 || args.size() == 3) && args[1]->is_python_constant()) {
      const std::string attr = str_of(args[1]->as_python_constant());
      if (args.size() == 3) {
        try {
          return get_attr(args[0], attr);
        } catch (const Unsupported&) {
          return args[2];
        }
      }
      return get_attr(args[0], attr);
    }
    if (fname == "setattr" && args.size() == 3 && args[1]->is_python_constant()) {
      // setattr(obj, "name", v) is obj.name = v (PyTorch's BuiltinVariable.call_setattr).
      store_attr(args[0], str_of(args[1]->as_python_constant()), args[2]);
      return Variable::none();
    }
    if (fname == "hasattr" && args.size() == 2 && args[0]->is(Kind::Object) && args[1]->is_python_constant()) {
      // The answer is guarded: reading the attribute guards its presence, a
      // NO_HASATTR guard its absence.
      const std::string attr = str_of(args[1]->as_python_constant());
      const bool present = lang::hasattr(args[0]->value, lang::intern(attr));
      if (present) get_attr(args[0], attr);
      else if (args[0]->source) output_.add_guard(args[0]->source, hasattr_false(*args[0]->source, attr));
      return Variable::constant(Value::boolean(present));
    }
    if ((fname == "min" || fname == "max" || fname == "abs" || fname == "sum") && !args.empty() &&
        std::any_of(args.begin(), args.end(), [](const VarPtr& a) { return a->is(Kind::Tensor); }))
      unsupported("Unsupported: builtin " + fname + " on tensors");
    if (fname == "type" && args.size() == 1) {
      if (args[0]->is(Kind::Tensor)) return Variable::object(Value::borrow(type_of(args[0]->node->example_value)));
      if (args[0]->is(Kind::Object)) return Variable::object(Value::borrow(type_of(args[0]->value)));
    }
  }
  // Context managers that resume across graph breaks.
  if (is_grad_mode_class(f, "no_grad") && args.empty()) return Variable::grad_mode("no_grad", 0, f);
  if (is_grad_mode_class(f, "enable_grad") && args.empty()) return Variable::grad_mode("enable_grad", 1, f);
  if (is_grad_mode_class(f, "set_grad_enabled") && args.size() == 1 && args[0]->is_python_constant()) {
    const bool mode = lang::truthy(args[0]->as_python_constant());
    output_.set_grad_enabled(mode); // set_grad_enabled(b) takes effect when called
    VarPtr r = Variable::grad_mode("set_grad_enabled", mode, f);
    r->restore_grad = !mode;
    return r;
  }
  if (is_nullcontext(f) && args.empty()) return Variable::grad_mode("nullcontext", -1, f);
  if (is_record_function(f) && !args.empty() && args.size() <= 2 &&
      std::all_of(args.begin(), args.end(), [](const VarPtr& a) { return a->is_python_constant(); })) {
    static bool warned = false; // PyTorch's warning_once
    if (!std::exchange(warned, true))
      logging::log("torch._dynamo.variables.ctx_manager", logging::kWarning,
                   "Profiler record function " + std::string(lang::repr(f)->view()) + " will be ignored");
    VarPtr r = Variable::grad_mode("record_function", -1, f);
    r->items = args; // a resume function enters it again with the same arguments
    return r;
  }
  return nullptr;
}

// min / max over numbers, some symbolic: as Dynamo, torch.sym_min / sym_max
// graph nodes folded left to right, so the result stays symbolic (Min(4, s0)).
VarPtr InstructionTranslator::sym_min_max(const std::string& fname, const std::vector<VarPtr>& args) {
  const std::string name = fname == "min" ? "sym_min" : "sym_max";
  const Value f = lang::getattr(Value(lang::import_module("torch")), lang::intern(name));
  VarPtr acc = args[0];
  for (size_t i = 1; i < args.size(); ++i)
    acc = acc->is_constant() && args[i]->is_constant()
              ? fold([&] { return lang::call(f, {acc->value, args[i]->value}); })
              : output_.call(graph::NodeOp::CallFunction, "torch." + name, f, {acc, args[i]}, {});
  return acc;
}

VarPtr InstructionTranslator::enter_grad_mode(const VarPtr& ctx) {
  if (ctx->name != "set_grad_enabled") ctx->restore_grad = ops::grad_enabled();
  if (ctx->index >= 0 && ctx->name != "set_grad_enabled") output_.set_grad_enabled(ctx->index == 1);
  return Variable::none();
}

} // namespace refc::dynamo
