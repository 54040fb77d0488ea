// OutputGraph: wrapping inputs with their guards, and recording tensor
// operations as graph nodes run on fake tensors.
#include "reference_compiler/dynamo/output_graph.h"

#include "reference_compiler/dynamo/comptime.h"
#include "reference_compiler/dynamo/fake_call_repr.h"
#include "reference_compiler/dynamo/planted_bugs.h"

#include "reference_compiler/lang/abstract.h"
#include "reference_compiler/lang/builtin_types.h"
#include "reference_compiler/lang/dict_object.h"
#include "reference_compiler/lang/errors.h"
#include "reference_compiler/lang/list_object.h"
#include "reference_compiler/lang/interpreter.h"
#include "reference_compiler/lang/range_object.h"
#include "reference_compiler/lang/tuple_object.h"
#include "reference_compiler/logging/logs.h"
#include "reference_compiler/ops/dispatch.h"
#include "reference_compiler/ops/grad_mode.h"
#include "reference_compiler/dynamo/guards/shape_guards.h"
#include "reference_compiler/dynamo/python_side.h"
#include "reference_compiler/dynamo/runtime_asserts.h"
#include "reference_compiler/dynamo/subgraph_tracer.h"
#include "reference_compiler/dynamo/trace_rules.h"
#include "reference_compiler/symbolic/bound.h"
#include "reference_compiler/symbolic/expr_sym_node.h"
#include "reference_compiler/tensor/autograd_meta.h"
#include "reference_compiler/tensor/storage.h"
#include "reference_compiler/tensor/tensor_types.h"

#include <algorithm>
#include <cctype>

namespace refc::dynamo {

using lang::Layout;
using lang::Value;
using tensor::Tensor;

std::string placeholder_name(const Source& source) {
  std::string out;
  bool gap = false;
  for (char c : source.str()) {
    if (std::isalnum(static_cast<unsigned char>(c))) {
      if (gap) out += '_';
      gap = false;
      out += c;
    } else {
      gap = true;
    }
  }
  return gap ? out + "_" : out;
}

namespace {

symbolic::ShapeEnvConfig shape_env_config() {
  static const Value fx_config = Value(lang::import_module("torch.fx.experimental._config"));
  auto flag = [](const char* name) { return lang::truthy(lang::getattr(fx_config, lang::intern(name))); };
  symbolic::ShapeEnvConfig config;
  config.duck_shape = flag("use_duck_shape");
  config.backed_size_oblivious = flag("backed_size_oblivious");
  config.translation_validation = flag("translation_validation");
  // Milliseconds per check, as PyTorch's; Z3's effort is about 40 ms a unit.
  const int64_t timeout_ms = lang::getattr(fx_config, lang::intern("translation_validation_timeout")).as_int();
  config.translation_validation_effort = static_cast<unsigned>(std::clamp<int64_t>(timeout_ms / 40, 1, 5000));
  config.guard_duck_sizing = !planted(PlantedBug::unguarded_duck_sizing);
  return config;
}

} // namespace

OutputGraph::OutputGraph(GuardInput input, std::optional<bool> dynamic, CodeState* automatic)
    : graph_(std::make_shared<graph::Graph>()), guards_(std::make_unique<RootGuardManager>()), input_(input),
      shape_env_(std::make_shared<symbolic::ShapeEnv>(shape_env_config(), [this] { return location(); })),
      dynamic_(dynamic, automatic) {
  guards_->add(default_device());
  guards_->add(global_state());
  guards_->add(torch_function_mode_stack());
}

OutputGraph::~OutputGraph() {
  // Symbolic values outlive the trace (in cached graphs); they no longer have a user line.
  shape_env_->set_where(nullptr);
}

symbolic::UserLocation OutputGraph::location() const {
  if (!user_frame) return {};
  return {user_frame->code, short_filename(user_frame->file), user_frame->line, user_frame->function};
}

void OutputGraph::add_guard(const SourcePtr& source, std::unique_ptr<LeafGuard> guard) {
  guard->user_frame = user_frame;
  if (user_frame) {
    guard->user_stack = caller_frames;
    guard->user_stack.push_back(*user_frame);
  }
  guards_->manager_for(source).add(std::move(guard));
}

void OutputGraph::guard_type(const SourcePtr& source, const Value& v) { add_guard(source, type_match(*source, v.type())); }

namespace {

// A member of an enum.Enum class (its class's metaclass derives from
// enum.EnumType): guarded by identity, as PyTorch's EnumVariable is.
bool is_enum_member(const Value& v) {
  if (!v.is_obj() || !v.as_obj()->type->heap) return false;
  for (const lang::TypeObject* m : v.as_obj()->type->type->mro)
    if (m->heap && m->name == "EnumType" && m->module == "enum") return true;
  return false;
}

} // namespace

VarPtr OutputGraph::wrap(const Value& v, SourcePtr source) {
  const std::string key = source->str();
  if (auto it = by_source_.find(key); it != by_source_.end()) return it->second;
  if (is_rnn_module_value(v) && !lang::truthy(dynamo_config("allow_rnn"))) {
    // PyTorch's VariableBuilder refuses these modules. Met in the frame being
    // compiled, the break is not resumed from (2.14: "Failed to handle graph
    // break gracefully"): the frame, and what it calls, runs eagerly.
    Unsupported u = make_graph_break(GraphBreak::RnnModule, {std::string(lang::repr(v)->view())});
    u.skip_frame_in_root = true;
    throw u;
  }
  VarPtr r;
  const Layout layout = v.is_obj() ? v.as_obj()->type->layout : Layout::Other;
  const bool exact_container = v.is_obj() && (v.as_obj()->type == lang::types::list ||
                                              v.as_obj()->type == lang::types::tuple ||
                                              v.as_obj()->type == lang::types::dict);
  if (tensor::is_tensor(v)) {
    r = wrap_tensor(Tensor::from_value(v), source);
  } else if (exact_container && layout != Layout::Dict) {
    add_guard(source, type_match(*source, v.as_obj()->type));
    const auto& values = layout == Layout::List ? v.as<lang::List>()->items : v.as<lang::Tuple>()->items;
    add_guard(source, length_check(*source, static_cast<int64_t>(values.size())));
    std::vector<VarPtr> items;
    for (size_t i = 0; i < values.size(); ++i)
      items.push_back(wrap(values[i], Source::item(source, static_cast<int64_t>(i))));
    r = layout == Layout::List ? Variable::list(std::move(items), source) : Variable::tuple(std::move(items), source);
  } else if (exact_container) {
    // A dict: its type, and each key in its place (structural guards, printed
    // without a user line as PyTorch's key managers are).
    add_guard(source, type_match(*source, v.as_obj()->type));
    guards_->manager_for(source).add(length_check(*source, v.as<lang::Dict>()->size()));
    std::vector<Value> keys;
    std::vector<VarPtr> items;
    for (const lang::Dict::Entry& e : v.as<lang::Dict>()->entries()) {
      if (e.key.is_null()) continue;
      if (!e.key.is_obj() || e.key.as_obj()->type->layout != Layout::Str)
        unsupported("Unsupported: dict with non-str keys as an input");
      guards_->manager_for(source).add(dict_key_match(*source, static_cast<int64_t>(keys.size()), e.key));
      keys.push_back(e.key);
      items.push_back(wrap(e.value, Source::dict_item(source, std::string(e.key.as<lang::Str>()->view()))));
    }
    r = Variable::dict(std::move(keys), std::move(items), source);
  } else if (VarPtr sym = wrap_int(v, source)) {
    r = sym;
  } else if (VarPtr sym = wrap_float(v, source)) {
    r = sym;
  } else if (is_constant_value(v)) {
    std::unique_ptr<LeafGuard> guard = equals_match(*source, v);
    if (v.is_int() && !v.is_bool() && in_nn_module(*source))
      guard->hint = "torch.compile considers integer attributes of the nn.Module to be static. If you are observing "
                    "recompilation, you might want to make this integer dynamic using "
                    "torch._dynamo.config.allow_unspec_int_on_nn_module = True, or convert this integer into a tensor.";
    add_guard(source, std::move(guard));
    r = Variable::constant(v, source);
  } else if (layout == Layout::Function || layout == Layout::Module || layout == Layout::Type) {
    add_guard(source, id_match(*source, v));
    r = Variable::object(v, source);
  } else if (layout == Layout::NativeFunction || layout == Layout::BoundMethod) {
    add_guard(source, id_match(*source, v));
    r = Variable::object(v, source);
  } else if (is_enum_member(v)) {
    add_guard(source, id_match(*source, v));
    r = Variable::object(v, source);
  } else if (comptime_helper(v)) {
    // The comptime object: 2.14's ComptimeVariable, which installs no guard.
    r = Variable::object(v, source);
  } else {
    // Instances, nn.Modules included, are guarded on their type and on each
    // attribute the trace reads (so one compile serves every instance).
    add_guard(source, type_match(*source, v.as_obj()->type));
    r = Variable::object(v, source);
  }
  by_source_[key] = r;
  return r;
}

VarPtr OutputGraph::wrap_unsourced(const Value& v) {
  if (tensor::is_tensor(v)) unsupported("Unsupported: a tensor without a source (a constant tensor)");
  if (v.is_obj() && (v.as_obj()->type == lang::types::list || v.as_obj()->type == lang::types::tuple)) {
    const bool is_list = v.as_obj()->type == lang::types::list;
    std::vector<VarPtr> items;
    for (const Value& item : is_list ? v.as<lang::List>()->items : v.as<lang::Tuple>()->items)
      items.push_back(wrap_unsourced(item));
    return is_list ? Variable::list(std::move(items)) : Variable::tuple(std::move(items));
  }
  return is_constant_value(v) ? Variable::constant(v) : Variable::object(v);
}

Tensor OutputGraph::fake_of(const Tensor& t) {
  if (!t.has_data()) return t;
  lang::Ref<tensor::Storage>& storage = fake_storages_[t->storage.get()];
  if (!storage) storage = tensor::new_storage(t->storage->nbytes, t->storage->device, false);
  Tensor fake = Tensor::alias(tensor::tensor_type(), storage, tensor::SymIntVector(t.sym_sizes().begin(), t.sym_sizes().end()),
                              tensor::SymIntVector(t.sym_strides().begin(), t.sym_strides().end()),
                              t->sym_storage_offset(), t.dtype());
  if (t.requires_grad()) tensor::autograd_meta(fake).requires_grad = true;
  return fake;
}

VarPtr OutputGraph::wrap_tensor(const Tensor& t, const SourcePtr& source) {
  // The same tensor under a second source is the same graph input, as long as
  // the two still alias on later calls.
  for (const GraphInput& in : inputs_)
    if (in.value.as_obj() == t.impl()) {
      guards_->add(tensor_aliasing(in.source, source));
      return Variable::tensor(in.node, source);
    }
  // Sizes the policy makes dynamic become symbols (placeholders before the tensor's).
  const std::vector<DimDecision> dims = dynamic_.tensor_dims(source->str(), t, static_shapes_of(t, *source));
  tensor::SymIntVector sizes(t.sym_sizes().begin(), t.sym_sizes().end());
  bool symbolic = false;
  for (size_t i = 0; i < dims.size(); ++i) {
    const DimDecision& d = dims[i];
    if (d.kind == DimKind::Static) continue;
    const SourcePtr size_source = Source::tensor_size(source, static_cast<int64_t>(i));
    const int64_t value = t.sizes()[i];
    // A shape guard may read it even when it gets no symbol of its own (a
    // duck size whose symbol is already a constant).
    symbol_sources_.emplace(size_source->str(), size_source);
    try {
      sizes[i] = d.kind == DimKind::Unbacked
                     ? shape_env_->create_unbacked_size(symbolic::ValueRange::kPosInf, false, size_source->str())
                     : shape_env_->create_size_symbol(value, size_source->str(),
                                                      d.kind == DimKind::Duck ? symbolic::DimDynamic::Duck
                                                                              : symbolic::DimDynamic::Dynamic,
                                                      d.strict, d.range);
    } catch (const symbolic::ConstraintViolation& v) { // a size outside its mark_dynamic(min=, max=)
      raise_dynamo_exception("ConstraintViolationError", v.message);
    }
    if (sizes[i].is_symbolic()) {
      symbolic = true;
      add_symbol_input(sizes[i], size_source, value);
    }
  }
  Tensor fake = fake_of(t);
  std::vector<bool> stride_symbol(sizes.size(), false); // the stride got a symbol of its own (or a duck-sized one)
  tensor::SymIntVector strides = input_strides(t, sizes, dims, [&](size_t dim, int64_t value, bool own) {
    const SourcePtr stride_source = Source::tensor_stride(source, static_cast<int64_t>(dim));
    symbol_sources_.emplace(stride_source->str(), stride_source);
    tensor::SymInt s = shape_env_->create_size_symbol(
        value, stride_source->str(), own ? symbolic::DimDynamic::Dynamic : symbolic::DimDynamic::Duck);
    if (s.is_symbolic()) add_symbol_input(s, stride_source, value);
    stride_symbol[dim] = true;
    return s;
  });
  // A stride inferred from the sizes (s0 for a transposed (s0, 1)) is what
  // later calls must have too.
  for (size_t dim = 0; dim < strides.size(); ++dim) {
    if (stride_symbol[dim] || !strides[dim].is_symbolic()) continue;
    const SourcePtr stride_source = Source::tensor_stride(source, static_cast<int64_t>(dim));
    if (const symbolic::Expr* e = symbolic::expr_of(*strides[dim].node_ptr())) {
      shape_env_->derive_source(stride_source->str(), *e);
      symbol_sources_.emplace(stride_source->str(), stride_source);
    }
  }
  if (symbolic || any_symbolic(strides)) fake->set_geometry(std::move(sizes), std::move(strides), fake->sym_storage_offset());
  graph::Node* node = input_placeholder(*source);
  node->example_value = fake.to_value();
  node->user_frame = user_frame;
  inputs_.push_back({source, node, t.to_value()});
  add_guard(source, tensor_match(*source, t, fake));
  // Under capture_scalar_outputs a 0-d int input's value is a backed symbol
  // read from `L['k'].item()` (its fake tensor's item memo), so .item() of it
  // guards like a size instead of breaking on data.
  if (t.dim() == 0 && tensor::is_integral(t.dtype()) && lang::truthy(dynamo_config("capture_scalar_outputs"))) {
    const SourcePtr item = Source::tensor_item(source);
    const int64_t value = item->read(t.to_value(), input_).as_int();
    item_memo_[fake.impl()] = shape_env_->create_int_symbol(value, item->str());
    symbol_sources_.emplace(item->str(), item);
  }
  if (auto marks = mark_dynamic_dims(t)) add_guard(source, dynamic_indices_subset(*source, std::move(*marks)));
  else add_guard(source, no_hasattr(*source, "_dynamo_dynamic_indices"));
  return Variable::tensor(node, source);
}

graph::Node* OutputGraph::input_placeholder(const Source& source) {
  const std::string name = placeholder_name(source);
  std::string lower = name;
  for (char& c : lower) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return graph_->placeholder(name, lower);
}

void OutputGraph::add_symbol_input(const tensor::SymInt& s, const SourcePtr& source, int64_t value) {
  const symbolic::Expr* e = symbolic::expr_of(*s.node_ptr());
  if (!e || !e->is_symbol()) return;
  const std::string symbol(e->symbol_name());
  symbol_sources_.emplace(source->str(), source);
  if (symbol_inputs_.count(symbol)) return; // duck sizing: an earlier input has it
  graph::Node* node = graph_->placeholder(symbol, symbol);
  node->example_value = Value(s.to_node(*s.node_ptr()));
  node->user_frame = user_frame;
  inputs_.push_back({source, node, Value::integer(value)});
  symbol_inputs_[symbol] = node;
}

VarPtr OutputGraph::wrap_int(const Value& v, const SourcePtr& source) {
  if (!v.is_int() || v.is_bool()) return nullptr;
  if (!dynamic_.int_is_dynamic(source->str(), v.as_int(), specialized_int_source(*source))) return nullptr;
  const tensor::SymInt s = shape_env_->create_int_symbol(v.as_int(), source->str());
  add_guard(source, type_match(*source, lang::types::int_));
  symbol_sources_.emplace(source->str(), source);
  graph::Node* node = input_placeholder(*source);
  node->example_value = Value(s.to_node(*s.node_ptr()));
  node->user_frame = user_frame;
  inputs_.push_back({source, node, v});
  symbol_inputs_[std::string(symbolic::expr_of(*s.node_ptr())->symbol_name())] = node;
  return Variable::sym(node, source);
}

VarPtr OutputGraph::wrap_float(const Value& v, const SourcePtr& source) {
  if (!v.is_float() || !dynamic_.float_is_dynamic(source->str(), v.as_float(), specialized_int_source(*source)))
    return nullptr;
  // The graph takes the float as a 0-d float64 tensor and reads it back with
  // .item() into a SymFloat (variables/builder.py: wrap_symfloat).
  add_guard(source, type_match(*source, lang::types::float_));
  const SourcePtr as_tensor = Source::float_tensor(source);
  const Value real = as_tensor->read(v, input_);
  graph::Node* placeholder = input_placeholder(*source);
  placeholder->example_value = fake_of(Tensor::from_value(real)).to_value();
  placeholder->user_frame = user_frame;
  inputs_.push_back({as_tensor, placeholder, real});
  const tensor::SymNode s = shape_env_->create_float_symbol(v.as_float(), source->str());
  symbol_sources_.emplace(source->str(), source);
  graph::Node* item = graph_->call_method("item", Value(lang::make_tuple({Value::borrow(placeholder)})),
                                          Value(lang::make_dict()));
  item->user_frame = node_frame;
  item->example_value = Value(s);
  return Variable::sym(item, source);
}

bool OutputGraph::specialized_int_source(const Source& source) const {
  for (const Source* s = &source; s; s = s->base.get())
    if (s->kind == Source::Kind::Global) return true;
  return in_nn_module(source) && !lang::truthy(dynamo_config("allow_unspec_int_on_nn_module"));
}

bool OutputGraph::in_nn_module(const Source& source) const {
  for (const Source* s = &source; s; s = s->base.get())
    if ((s->kind == Source::Kind::Attr || s->kind == Source::Kind::DictItem) && s->base &&
        is_nn_module_value(s->base->read(input_)))
      return true;
  return false;
}

bool OutputGraph::static_shapes_of(const Tensor& t, const Source& source) const {
  // torch._dynamo.utils.tensor_always_has_static_shape: what torch.nn's own
  // modules hold, then parameters, and the parameters and buffers of any
  // module; a user module's plain tensor attribute is an ordinary input.
  if (lang::truthy(dynamo_config("force_nn_module_property_static_shapes")))
    for (const Source* s = source.base.get(); s; s = s->base.get()) {
      const Value v = s->read(input_);
      if (is_nn_module_value(v) && v.as_obj()->type->module.starts_with("torch.nn.")) return true;
    }
  if (!lang::truthy(dynamo_config("force_parameter_static_shapes"))) return false;
  if (t.impl()->type != tensor::tensor_type()) return true; // an nn.Parameter
  for (const Source* s = &source; s->base && s->base->base; s = s->base.get())
    if (s->kind == Source::Kind::DictItem && s->base->kind == Source::Kind::Attr &&
        (s->base->name == "_parameters" || s->base->name == "_buffers") &&
        is_nn_module_value(s->base->base->read(input_)))
      return true;
  return false;
}

namespace {

// A list, tuple, dict or slice variable as a Python value of its kind, each
// item made by `item_value`.
template <class ItemValue> Value rebuild_container(const Variable& v, ItemValue&& item_value) {
  switch (v.kind) {
  case Variable::Kind::List:
  case Variable::Kind::Tuple: {
    std::vector<Value> items;
    for (const VarPtr& item : v.items) items.push_back(item_value(item));
    return v.kind == Variable::Kind::List ? Value(lang::make_list(std::move(items)))
                                          : Value(lang::make_tuple(std::move(items)));
  }
  case Variable::Kind::Dict: {
    lang::Ref<lang::Dict> d = lang::make_dict();
    for (size_t i = 0; i < v.keys.size(); ++i) d->set(v.keys[i], item_value(v.items[i]));
    return Value(d);
  }
  default: // Slice
    return Value(lang::make<lang::Slice>(item_value(v.items[0]), item_value(v.items[1]), item_value(v.items[2])));
  }
}

} // namespace

Value OutputGraph::to_fake_value(const VarPtr& v) {
  switch (v->kind) {
  case Variable::Kind::Constant:
  case Variable::Kind::Object: return v->value;
  case Variable::Kind::Tensor:
  case Variable::Kind::SymNode: return v->node->example_value;
  case Variable::Kind::List:
  case Variable::Kind::Tuple:
  case Variable::Kind::Dict:
  case Variable::Kind::Slice: return rebuild_container(*v, [&](const VarPtr& item) { return to_fake_value(item); });
  default: unsupported("Unsupported: passing " + v->repr() + " to a torch function");
  }
}

Value OutputGraph::to_node_arg(const VarPtr& v) {
  switch (v->kind) {
  case Variable::Kind::Tensor:
  case Variable::Kind::SymNode: return Value::borrow(lift(v->node));
  case Variable::Kind::List:
  case Variable::Kind::Tuple:
    if (v->node) return Value::borrow(v->node); // x.shape
    [[fallthrough]];
  case Variable::Kind::Dict:
  case Variable::Kind::Slice: return rebuild_container(*v, [&](const VarPtr& item) { return to_node_arg(item); });
  default: return to_fake_value(v);
  }
}

namespace {

bool contains_tensor(const Value& v) {
  if (tensor::is_tensor(v)) return true;
  if (!v.is_obj()) return false;
  const Layout layout = v.as_obj()->type->layout;
  if (layout == Layout::Tuple)
    for (const Value& item : v.as<lang::Tuple>()->items)
      if (contains_tensor(item)) return true;
  if (layout == Layout::List)
    for (const Value& item : v.as<lang::List>()->items)
      if (contains_tensor(item)) return true;
  return false;
}

// Guarding on a value only the running graph knows (GuardOnDataDependentSymNode).
[[noreturn]] void data_dependent(const Value& exc) {
  const std::string message(lang::to_str(exc)->view());
  unsupported("Unsupported: " + message.substr(0, message.find('\n')));
}

Value getitem_callable() {
  static Value f = lang::getattr(Value(lang::import_module("operator")), lang::intern("getitem"));
  return f;
}

// A node calling a torch.library custom operator (torch.ops.<ns>.*, not aten's or higher_order's).
bool is_custom_op_target(const std::string& target) {
  return target.starts_with("torch.ops.") && !target.starts_with("torch.ops.aten.") &&
         !target.starts_with("torch.ops.higher_order.");
}

} // namespace

VarPtr OutputGraph::call(graph::NodeOp op, const std::string& target, const Value& callable,
                         const std::vector<VarPtr>& args, const std::vector<std::pair<std::string, VarPtr>>& kwargs,
                         std::string_view name_hint) {
  std::vector<Value> values;
  std::vector<Value> node_args;
  for (const VarPtr& a : args) {
    values.push_back(to_fake_value(a));
    node_args.push_back(to_node_arg(a));
  }
  std::vector<Value> kwnames;
  lang::Ref<lang::Dict> node_kwargs = lang::make_dict();
  for (const auto& [name, v] : kwargs) {
    values.push_back(to_fake_value(v));
    kwnames.push_back(Value::borrow(lang::intern(name)));
    node_kwargs->set(Value::borrow(lang::intern(name)), to_node_arg(v));
  }
  lang::Ref<lang::Tuple> names = kwnames.empty() ? lang::Ref<lang::Tuple>() : lang::make_tuple(std::move(kwnames));
  const size_t npos = args.size();
  Value result;
  try {
    ops::FakeModeGuard fake;
    ops::DataDependentSizesScope sizes(this);
    if (op == graph::NodeOp::CallMethod) {
      Value method = lang::getattr(values[0], lang::intern(target));
      result = lang::call(method, lang::Args{values.data() + 1, npos - 1, names.get()});
    } else {
      result = lang::call(callable, lang::Args{values.data(), npos, names.get()});
    }
  } catch (const lang::PyError& e) {
    if (symbolic::is_data_dependent_error(e.exc))
      data_dependent(e.exc);
    if (ops::is_dynamic_output_shape_error(e.exc))
      graph_break(GraphBreak::DynamicShapeOperator, {std::string(lang::to_str(e.exc)->view())});
    // A custom operator's fake implementation failing (or missing) fails the
    // compile, as in PyTorch (TorchRuntimeError).
    if (is_custom_op_target(target)) {
      std::vector<std::string> names;
      for (const auto& kv : kwargs) names.push_back(kv.first);
      Unsupported u = make_graph_break(GraphBreak::FakeTensorCallError,
                                       {fake_call_repr(std::string(lang::to_str(callable)->view()), values, npos, names),
                                        std::string(lang::repr(e.exc)->view()), lang::type_name(e.exc)});
      u.error_type = "TorchRuntimeError";
      throw u;
    }
    // What the op raised on fake tensors is what it would raise for real: the
    // user's error, reported as the reason the graph breaks here.
    const std::string msg = std::string(lang::to_str(e.exc)->view());
    const std::string shown = op == graph::NodeOp::CallMethod ? "Tensor." + target : std::string(lang::repr(callable)->view());
    graph_break(GraphBreak::UserError, {lang::type_name(e.exc) + " " + shown + ": " + msg});
  }
  graph::Graph& g = current_graph();
  graph::Node* node = op == graph::NodeOp::CallMethod
                          ? g.call_method(target, Value(lang::make_tuple(std::move(node_args))), Value(node_kwargs))
                          : g.call_function(target, callable, Value(lang::make_tuple(std::move(node_args))),
                                            Value(node_kwargs), name_hint);
  node->user_frame = node_frame;
  if (tensor::as_sym_node(result)) {
    node->example_value = result;
    return Variable::sym(node);
  }
  if (!contains_tensor(result)) {
    // A call made for its effect (t[i] = v returns None, a custom operator
    // returning nothing mutates its inputs) stays in the graph.
    const bool writes = target == "operator.setitem" || target == "__setitem__" || is_custom_op_target(target);
    if (!writes) g.erase(node);
    return wrap_unsourced(result);
  }
  return wrap_result(result, node);
}

VarPtr OutputGraph::wrap_result(const Value& result, graph::Node* node) {
  if (tensor::is_tensor(result)) {
    // An in-place op's result is its input's tensor, but a new value of the
    // graph (as in PyTorch): later code uses the node, which the graph returns.
    node->example_value = fake_of(Tensor::from_value(result)).to_value();
    return Variable::tensor(node);
  }
  const Layout layout = result.as_obj()->type->layout;
  if (layout != Layout::List && layout != Layout::Tuple) unsupported("Unsupported: an op returned " + lang::type_name(result));
  const std::vector<Value>& values = layout == Layout::List ? result.as<lang::List>()->items : result.as<lang::Tuple>()->items;
  node->example_value = result;
  std::vector<VarPtr> items;
  for (size_t i = 0; i < values.size(); ++i) {
    if (!tensor::is_tensor(values[i])) {
      items.push_back(wrap_unsourced(values[i]));
      continue;
    }
    graph::Node* item = current_graph().call_function(
        "operator.getitem", getitem_callable(),
        Value(lang::make_tuple({Value::borrow(node), Value::integer(static_cast<int64_t>(i))})), Value(), "getitem");
    item->user_frame = node_frame;
    item->example_value = fake_of(Tensor::from_value(values[i])).to_value();
    items.push_back(Variable::tensor(item));
  }
  return layout == Layout::List ? Variable::list(std::move(items)) : Variable::tuple(std::move(items));
}

void OutputGraph::set_grad_enabled(bool enabled) {
  if (ops::grad_enabled() == enabled) return;
  static Value fn = lang::getattr(lang::getattr(Value(lang::import_module("torch")), lang::intern("_C")),
                                  lang::intern("_set_grad_enabled"));
  current_graph().call_function("torch._C._set_grad_enabled", fn, Value(lang::make_tuple({Value::boolean(enabled)})),
                                Value(), "_set_grad_enabled");
  ops::set_grad_enabled(enabled);
}

int OutputGraph::count_calls() const {
  int n = 0;
  for (const lang::Ref<graph::Node>& node : graph_->nodes())
    n += node->op == graph::NodeOp::CallFunction || node->op == graph::NodeOp::CallMethod ||
         node->op == graph::NodeOp::CallModule;
  return n;
}

void OutputGraph::prune_unused_inputs() {
  // Arithmetic and comparisons on sizes that only served to decide a branch
  // (their outcome is a guard now), x.shape only read item by item, and the
  // elements of a multi-output op nothing reads (Dynamo's
  // remove_unused_graphargs drops unused getitems) compute nothing the graph needs.
  std::vector<graph::Node*> dead;
  do {
    dead.clear();
    for (const lang::Ref<graph::Node>& n : graph_->nodes())
      if ((n->op == graph::NodeOp::CallFunction || n->op == graph::NodeOp::CallMethod) &&
          (tensor::as_sym_node(n->example_value) || (n->op == graph::NodeOp::CallMethod && n->target == "size") ||
           (n->op == graph::NodeOp::CallFunction && n->target == "operator.getitem")) &&
          graph_->users(n.get()).empty())
        dead.push_back(n.get());
    for (graph::Node* n : dead) graph_->erase(n);
  } while (!dead.empty());

  // An input no op uses (a tensor only passed through) is reloaded from its
  // source instead; its guards stay. A size or stride symbol stays while its
  // tensor does: the tensor's type is written in it.
  auto used = [this](const GraphInput& in) {
    if (!graph_->users(in.node).empty()) return true;
    if (in.source->kind != Source::Kind::TensorSize && in.source->kind != Source::Kind::TensorStride) return false;
    if (tensor::as_sym_node(in.node->example_value)->maybe_int()) return false; // specialized
    for (const GraphInput& other : inputs_)
      if (other.source->same_as(*in.source->base) && !graph_->users(other.node).empty()) return true;
    return false;
  };
  for (auto it = inputs_.begin(); it != inputs_.end();) {
    if (!used(*it)) {
      graph_->erase(it->node);
      it = inputs_.erase(it);
    } else {
      ++it;
    }
  }
}

std::vector<symbolic::ProducedGuard> OutputGraph::produce_shape_guards() {
  try {
    return shape_env_->produce_guards();
  } catch (const symbolic::ConstraintViolation& v) {
    raise_dynamo_exception("ConstraintViolationError", v.message);
  }
}

std::unique_ptr<RootGuardManager> OutputGraph::take_guards() {
  // Distinct tensor inputs must stay distinct (the graph may write one and read another).
  std::vector<SourcePtr> sources;
  for (const GraphInput& in : inputs_)
    if (tensor::is_tensor(in.value)) sources.push_back(in.source);
  if (sources.size() > 1) {
    std::stable_sort(sources.begin(), sources.end(),
                     [](const SourcePtr& a, const SourcePtr& b) { return a->sort_key() < b->sort_key(); });
    guards_->add(no_tensor_aliasing(std::move(sources)));
  }
  const std::vector<symbolic::ProducedGuard> shape_guards = produce_shape_guards();
  if (!shape_guards.empty())
    guards_->set_shape_guards(std::make_unique<ShapeGuards>(shape_guards, [this](const std::string& name) {
      auto it = symbol_sources_.find(name);
      if (it == symbol_sources_.end()) throw std::logic_error("shape guard reads unknown source " + name);
      return it->second;
    }));
  guards_->finalize();
  return std::move(guards_);
}

void OutputGraph::mark_mutated(const VarPtr& container) {
  if (!container->source || container->mutated) return;
  container->mutated = true;
  side_effects_.push_back({SideEffect::Kind::Contents, container, "", nullptr});
}

} // namespace refc::dynamo

namespace refc::dynamo {

graph::Graph& OutputGraph::current_graph() { return subtracer ? subtracer->graph() : *graph_; }

graph::Node* OutputGraph::lift(graph::Node* node) { return subtracer ? subtracer->lift(node) : node; }

graph::Node* OutputGraph::symbol_input(const std::string& symbol) const {
  auto it = symbol_inputs_.find(symbol);
  return it == symbol_inputs_.end() ? nullptr : it->second;
}

std::string OutputGraph::subgraph_name(const std::string& prefix) {
  // Dynamo's install_subgraph: unique among the root module's attributes, always numbered.
  return prefix + "_" + std::to_string(subgraph_counts_[prefix]++);
}

VarPtr OutputGraph::size_of(const VarPtr& t, int64_t dim) {
  const Tensor fake = t->example();
  const tensor::SymInt& s = fake.sym_sizes()[static_cast<size_t>(dim)];
  if (!s.is_symbolic()) return Variable::constant(Value::integer(s.maybe_int().value()));
  // A size that is an input's symbol keeps that input's source: code after
  // the graph reads it there rather than the graph returning it.
  if (const symbolic::Expr* e = symbolic::expr_of(*s.node_ptr()); e && e->is_symbol())
    if (auto it = symbol_inputs_.find(std::string(e->symbol_name())); it != symbol_inputs_.end())
      for (const GraphInput& in : inputs_)
        if (in.node == it->second) return Variable::sym(it->second, in.source);
  return call(graph::NodeOp::CallMethod, "size", Value(), {t, Variable::constant(Value::integer(dim))}, {});
}

VarPtr OutputGraph::shape_of(const VarPtr& t) {
  std::vector<VarPtr> dims;
  for (int64_t d = 0; d < t->example().dim(); ++d) dims.push_back(size_of(t, d));
  VarPtr shape = Variable::tuple(std::move(dims));
  // As Dynamo's SizeVariable: passed whole to an op it is the graph's
  // `x.size()`, a node dropped again when only its items are used.
  graph::Node* node =
      graph_->call_method("size", Value(lang::make_tuple({Value::borrow(t->node)})), Value(lang::make_dict()));
  node->user_frame = node_frame;
  node->example_value = to_fake_value(shape);
  shape->node = node;
  return shape;
}

void OutputGraph::expect_true(const VarPtr& v, const Value& check, bool size) {
  tensor::SymNodeImpl* n = tensor::as_sym_node(v->node->example_value);
  const symbolic::Expr* e = symbolic::expr_of(*n);
  if (!e) return;
  const symbolic::Expr cond = size ? symbolic::ge(*e, symbolic::Expr(0)) : *e;
  if (shape_env_->int_hint(cond)) {
    shape_env_->guard_bool(cond);
    return;
  }
  if (shape_env_->static_bool(cond)) return;
  if (size && e->is_symbol()) shape_env_->mark_size_like(*e);
  shape_env_->defer_runtime_assert(cond);
  graph::Node* call = graph_->call_function(size ? kCheckIsSizeTarget : kTorchCheckTarget, check,
                                            Value(lang::make_tuple({Value::borrow(v->node)})));
  call->user_frame = node_frame;
  call->example_value = Value::none();
}

VarPtr OutputGraph::item(const VarPtr& t) {
  if (!one_graph && !lang::truthy(dynamo_config("capture_scalar_outputs"))) graph_break(GraphBreak::TensorItem);
  const bool floating = tensor::is_floating(t->example().dtype());
  auto memo = item_memo_.find(t->example().impl());
  Value example = memo != item_memo_.end() ? Value(tensor::SymNode::borrow(memo->second.node_ptr()))
                  : floating ? Value(shape_env_->create_unbacked_float())
                             : Value(tensor::SymNode::borrow(shape_env_->create_unbacked_int().node_ptr()));
  graph::Node* node =
      current_graph().call_method("item", Value(lang::make_tuple({Value::borrow(lift(t->node))})), Value(lang::make_dict()));
  node->user_frame = node_frame;
  node->example_value = example;
  if (memo == item_memo_.end() && logging::enabled("torch.fx.experimental.symbolic_shapes", logging::kInfo))
    logging::log("torch.fx.experimental.symbolic_shapes", logging::kInfo,
                 "compute_unbacked_bindings [" + tensor::as_sym_node(example)->str() + "]");
  return Variable::sym(node);
}

tensor::SymInt OutputGraph::size_for(std::string_view op, const tensor::Tensor& input) {
  if (!lang::truthy(dynamo_config("capture_dynamic_output_shape_ops"))) ops::raise_dynamic_output_shape(op);
  const auto key = std::pair{std::string(op), input.impl()};
  if (auto memo = output_size_memo_.find(key); memo != output_size_memo_.end()) return memo->second;
  // The count is at most the input's numel (its upper bound when symbolic;
  // PyTorch's sys.maxsize - 1 when that is unbounded).
  const tensor::SymInt numel = input.impl()->sym_numel();
  if (numel.maybe_int() == 0) return 0;
  int64_t max = symbolic::ValueRange::kPosInf - 1;
  if (std::optional<int64_t> n = numel.maybe_int()) max = *n;
  else if (const symbolic::Expr* e = symbolic::expr_of(*numel.node_ptr()))
    max = std::min(max, symbolic::bound(*e, [this](const symbolic::Expr& s) { return shape_env_->range_of(s); }).hi);
  return output_size_memo_[key] = shape_env_->create_unbacked_size(max, true);
}

bool OutputGraph::guard_bool(const VarPtr& v) {
  tensor::SymNodeImpl* n = tensor::as_sym_node(v->node->example_value);
  try {
    switch (n->kind) {
    case tensor::SymKind::Bool: return n->guard_bool();
    case tensor::SymKind::Int: return n->guard_int() != 0;
    case tensor::SymKind::Float: return n->guard_float() != 0.0;
    }
  } catch (const lang::PyError& e) {
    if (!symbolic::is_data_dependent_error(e.exc)) throw;
    // fullgraph: the branch cannot be split off, so the user must annotate it.
    if (one_graph) raise_dynamo_exception("UserError", std::string(lang::to_str(e.exc)->view()), e.exc);
    graph_break(GraphBreak::DataDependentJump);
  }
  return false;
}

VarPtr OutputGraph::specialize(const VarPtr& v) {
  tensor::SymNodeImpl* n = tensor::as_sym_node(v->node->example_value);
  try {
    switch (n->kind) {
    case tensor::SymKind::Bool: return Variable::constant(Value::boolean(n->guard_bool()));
    case tensor::SymKind::Int: return Variable::constant(Value::integer(n->guard_int()));
    case tensor::SymKind::Float: return Variable::constant(Value::floating(n->guard_float()));
    }
  } catch (const lang::PyError& e) {
    if (symbolic::is_data_dependent_error(e.exc))
      data_dependent(e.exc);
    throw;
  }
  return nullptr;
}

} // namespace refc::dynamo
