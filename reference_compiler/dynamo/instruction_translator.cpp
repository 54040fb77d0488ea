// The symbolic interpreter: one case per opcode, the stack, names and cells;
// the operations on trackers the opcodes share are translate_values.cpp, calls
// translate_calls.cpp.
#include "reference_compiler/dynamo/instruction_translator.h"

#include "reference_compiler/dynamo/python_side.h"

#include "reference_compiler/dynamo/translator_support.h"

#include "reference_compiler/dynamo/eval_frame.h"
#include "reference_compiler/dynamo/trace_rules.h"
#include "reference_compiler/lang/abstract.h"
#include "reference_compiler/lang/builtin_types.h"
#include "reference_compiler/lang/descriptor_objects.h"
#include "reference_compiler/lang/errors.h"
#include "reference_compiler/lang/function_object.h"
#include "reference_compiler/lang/list_object.h"
#include "reference_compiler/lang/module_object.h"
#include "reference_compiler/lang/instance_object.h"
#include "reference_compiler/lang/import_system.h"
#include "reference_compiler/lang/interpreter.h"
#include "reference_compiler/lang/native_function.h"
#include "reference_compiler/lang/range_object.h"
#include "reference_compiler/lang/traceback.h"
#include "reference_compiler/lang/tuple_object.h"
#include "reference_compiler/logging/logs.h"
#include "reference_compiler/ops/grad_mode.h"
#include "reference_compiler/tensor/tensor_types.h"
#include "reference_compiler/torch/python_objects.h"

#include <algorithm>

namespace refc::dynamo {

using lang::Layout;
using lang::Op;
using lang::Value;
using Kind = Variable::Kind;
using Kwargs = std::vector<std::pair<std::string, VarPtr>>;
using translator::fold;
using translator::operator_function;
using translator::str_of;
using translator::type_of;

// ---- construction ------------------------------------------------------------------

InstructionTranslator::InstructionTranslator(OutputGraph& output, lang::CodeObject* code, lang::Dict* globals,
                                             lang::Dict* builtins, std::vector<VarPtr> locals,
                                             std::vector<VarPtr> derefs, const std::set<int>* break_at)
    : output_(output), code_(code), globals_(globals), root_globals_(globals), builtins_(builtins),
      locals_(std::move(locals)), derefs_(std::move(derefs)), break_at_(break_at) {
  lazy_.resize(locals_.size());
  for (size_t i = 0; i < locals_.size(); ++i) lazy_[i] = !locals_[i] && !output_.input().locals[i].is_null();
}

InstructionTranslator::InstructionTranslator(InstructionTranslator* parent, lang::CodeObject* code,
                                             lang::Dict* globals, std::vector<VarPtr> locals,
                                             std::vector<VarPtr> derefs, SourcePtr function_source)
    : output_(parent->output_), parent_(parent), depth_(parent->depth_ + 1), code_(code), globals_(globals),
      root_globals_(parent->root_globals_), builtins_(parent->builtins_), locals_(std::move(locals)),
      lazy_(locals_.size()), derefs_(std::move(derefs)), function_source_(std::move(function_source)) {}

std::vector<VarPtr> InstructionTranslator::active_contexts() const {
  std::vector<VarPtr> out;
  for (const Block& b : blocks_)
    if (b.context) out.push_back(b.context);
  return out;
}

graph::UserFrame InstructionTranslator::user_frame() const {
  const int line = code_->line_at(pc_);
  std::string text = lang::source_line(code_->filename, line);
  const size_t start = text.find_first_not_of(" \t");
  text = start == std::string::npos ? "" : text.substr(start);
  while (!text.empty() && (text.back() == '\n' || text.back() == '\r' || text.back() == ' ')) text.pop_back();
  return {code_->filename, line, code_->name, text};
}

std::optional<graph::UserFrame> InstructionTranslator::node_frame() const {
  // torch.nn's modules and the files PyTorch calls uninteresting (torch's
  // __init__; refc's torch.nn.functional forwarders, natives in PyTorch).
  auto skipped = [](const std::string& file) {
    return file.starts_with("<frozen torch.nn.modules.") || file == "<frozen torch.nn.functional>" ||
           file == "<frozen torch>";
  };
  for (const InstructionTranslator* t = this; t; t = t->parent_)
    if (!skipped(t->code_->filename)) return t->user_frame();
  return std::nullopt;
}

std::vector<graph::UserFrame> InstructionTranslator::caller_frames() const {
  std::vector<graph::UserFrame> out;
  for (const InstructionTranslator* t = parent_; t; t = t->parent_) out.insert(out.begin(), t->user_frame());
  return out;
}

void InstructionTranslator::attribute_to_here() {
  output_.user_frame = user_frame();
  output_.node_frame = node_frame();
  // The callers' lines do not move while this translator runs: computed
  // when another translator last ran.
  if (output_.caller_frames_of != this) {
    output_.caller_frames = caller_frames();
    output_.caller_frames_of = this;
  }
}

// ---- the loop ----------------------------------------------------------------------------

InstructionTranslator::Stop InstructionTranslator::run() {
  pc_ = 0;
  while (true) {
    if (pc_ < 0 || pc_ >= static_cast<int>(code_->code.size())) unsupported("Unsupported: ran off the end of the code");
    if (!parent_ && break_at_ && break_at_->count(pc_)) return Stop::Break;
    const lang::Instruction& in = code_->code[static_cast<size_t>(pc_)];
    next_pc_ = pc_ + 1;
    attribute_to_here();
    log_instruction(in);
    try {
      try {
        step(in);
      } catch (ObservedException& e) { // from an inlined call
        output_.caller_frames_of = nullptr;
        raise_observed(e.exc);
      }
    } catch (Unsupported& e) {
      output_.caller_frames_of = nullptr; // this translator may be gone before the next one runs
      if (e.user_stack.empty())
        for (InstructionTranslator* t = this; t; t = t->parent_) e.user_stack.insert(e.user_stack.begin(), t->user_frame());
      throw;
    }
    if (returned_) return Stop::Return;
    pc_ = next_pc_;
  }
}

// TORCH_LOGS=trace_source (each new source line) and trace_bytecode (each
// instruction with the symbolic stack), in PyTorch's format.
void InstructionTranslator::log_instruction(const lang::Instruction& in) {
  const int line = code_->line_at(pc_);
  if (line != line_ && logging::enabled(logging::Artifact::trace_source)) {
    std::string text = lang::source_line(code_->filename, line);
    while (!text.empty() && (text.back() == '\n' || text.back() == '\r' || text.back() == ' ')) text.pop_back();
    logging::log(logging::Artifact::trace_source,
                 "TRACE starts_line " + code_->filename + ":" + std::to_string(line) + " in " + code_->name + " (" +
                     code_->name + ")" + (depth_ > 0 ? " (inline depth: " + std::to_string(depth_) + ")" : "") +
                     "\n    " + text);
  }
  line_ = line;
  if (!logging::enabled(logging::Artifact::trace_bytecode)) return;
  std::string argval;
  switch (lang::op_info(in.op).arg_kind) {
  case lang::ArgKind::None: argval = "None"; break;
  case lang::ArgKind::Const: argval = str_of(code_->consts[in.arg]); break;
  case lang::ArgKind::Name: argval = std::string(code_->names[in.arg]->view()); break;
  case lang::ArgKind::Global: argval = std::string(code_->names[in.arg >> 1]->view()); break;
  case lang::ArgKind::Local: argval = std::string(code_->varnames[in.arg]->view()); break;
  case lang::ArgKind::Deref: argval = std::string(code_->deref_name(static_cast<int>(in.arg))->view()); break;
  default: argval = std::to_string(in.arg); break;
  }
  std::string stack = "[";
  for (size_t i = 0; i < stack_.size(); ++i) stack += (i ? ", " : "") + stack_[i]->repr();
  logging::log(logging::Artifact::trace_bytecode,
               "TRACE " + std::string(lang::op_name(in.op)) + " " + argval + " " + stack + "]");
}

void InstructionTranslator::name_after(const VarPtr& v, std::string_view variable) {
  // A tensor gets the name of the variable it is first stored to (Dynamo's set_name_hint).
  if (v->is(Kind::Tensor) && !v->source && !v->named) {
    v->node->graph->rename(v->node, variable);
    v->named = true;
  }
}

VarPtr InstructionTranslator::pop_raw() {
  if (stack_.empty()) unsupported("Unsupported: symbolic stack underflow");
  VarPtr v = std::move(stack_.back());
  stack_.pop_back();
  return v;
}

VarPtr InstructionTranslator::pop() { return realize(pop_raw()); }

VarPtr InstructionTranslator::bound_local(size_t i) {
  if (!locals_[i] && lazy_[i]) {
    locals_[i] = output_.wrap(output_.input().locals[i],
                              Source::local(std::string(code_->varnames[i]->view()), static_cast<int64_t>(i)));
    lazy_[i] = 0;
  }
  return locals_[i];
}

VarPtr InstructionTranslator::realize(const VarPtr& v) {
  if (v->is(Kind::Lazy)) return output_.wrap(v->value, v->source);
  if (!v->is(Kind::LazyComputed)) return v;
  if (!v->self) { // once: the same result wherever the value went
    const VarPtr a = realize(v->items[0]);
    v->self = binary_op(static_cast<int>(v->index), a, realize(v->items[1]));
  }
  return v->self;
}

void InstructionTranslator::settle_lazy_computed() {
  // Calls f on each input of lazy computation v (recursively) still unrealized.
  auto for_each_input = [&](auto& self, const VarPtr& v, const auto& f) -> void {
    if (!v->is(Kind::LazyComputed) || v->self) return;
    for (const VarPtr& operand : v->items) {
      if (operand->is(Kind::Lazy)) f(operand);
      self(self, operand, f);
    }
  };
  const bool specialize_int = lang::truthy(dynamo_config("specialize_int"));
  const bool specialize_float = lang::truthy(dynamo_config("specialize_float"));
  for (std::vector<VarPtr>* vars : {&stack_, &locals_})
    for (VarPtr& v : *vars) {
      if (!v || !v->is(Kind::LazyComputed) || v->self) continue;
      bool may_be_symbolic = false;
      for_each_input(for_each_input, v, [&](const VarPtr& input) {
        if (output_.wrapped(*input->source)) {
          may_be_symbolic |= output_.wrap(input->value, input->source)->is(Kind::SymNode);
          return;
        }
        const lang::TypeObject* t = input->value.type();
        may_be_symbolic |= (t == lang::types::int_ && !specialize_int) || (t == lang::types::float_ && !specialize_float);
      });
      if (may_be_symbolic) {
        v = realize(v);
        continue;
      }
      for_each_input(for_each_input, v, [&](const VarPtr& input) {
        if (!output_.wrapped(*input->source)) output_.guard_type(input->source, input->value);
      });
    }
}

void InstructionTranslator::realize_all(std::vector<VarPtr>& args, Kwargs& kwargs) {
  for (VarPtr& a : args) a = realize(a);
  for (auto& kv : kwargs) kv.second = realize(kv.second);
}

std::vector<VarPtr> InstructionTranslator::pop_n(size_t n) {
  if (stack_.size() < n) unsupported("Unsupported: symbolic stack underflow");
  std::vector<VarPtr> out(stack_.end() - static_cast<std::ptrdiff_t>(n), stack_.end());
  stack_.resize(stack_.size() - n);
  for (VarPtr& v : out) v = realize(v);
  return out;
}

const std::string& InstructionTranslator::name_at(uint32_t index) const {
  static thread_local std::string s;
  s = std::string(code_->names[index]->view());
  return s;
}

void InstructionTranslator::step(const lang::Instruction& in) {
  const uint32_t arg = in.arg;
  switch (in.op) {
  case Op::NOP: break;
  case Op::POP_TOP: pop_raw(); break;
  case Op::PUSH_NULL: push(Variable::null()); break;
  case Op::COPY: push(stack_[stack_.size() - arg]); break;
  case Op::SWAP: std::swap(stack_.back(), stack_[stack_.size() - arg]); break;

  // ---- names ----
  case Op::LOAD_CONST: push(output_.wrap_unsourced(code_->consts[arg])); break;
  case Op::LOAD_FAST:
    if (!locals_[arg] && lazy_[arg]) {
      push(Variable::lazy(output_.input().locals[arg], Source::local(std::string(code_->varnames[arg]->view()),
                                                                      static_cast<int64_t>(arg))));
      break;
    }
    if (!locals_[arg])
      unsupported("Unsupported: UnboundLocalError: local variable '" + std::string(code_->varnames[arg]->view()) +
                  "' referenced before assignment");
    push(locals_[arg]);
    break;
  case Op::STORE_FAST: {
    VarPtr v = pop_raw();
    name_after(v, code_->varnames[arg]->view());
    locals_[arg] = std::move(v);
    lazy_[arg] = 0;
    break;
  }
  case Op::DELETE_FAST:
    locals_[arg] = nullptr;
    lazy_[arg] = 0;
    break;
  case Op::LOAD_GLOBAL:
    if (arg & 1) push(Variable::null());
    push(load_global(name_at(arg >> 1)));
    break;
  case Op::IMPORT_NAME: {
    // The import runs now, as Dynamo's does: a module is imported once, and
    // importing it again only looks it up.
    VarPtr fromlist = pop();
    VarPtr level = pop();
    if (!level->is_python_constant() || !fromlist->is_python_constant() || level->as_python_constant().as_int() != 0)
      unsupported("Unsupported: a relative import");
    push(fold([&] { return lang::import_name(code_->names[arg], fromlist->as_python_constant(), 0); }));
    break;
  }
  case Op::IMPORT_FROM: push(get_attr(stack_.back(), name_at(arg))); break;
  case Op::STORE_GLOBAL: {
    VarPtr v = pop();
    output_.side_effects().push_back({SideEffect::Kind::StoreGlobal, nullptr, name_at(arg), v});
    break;
  }
  case Op::MAKE_CELL: {
    const int a = static_cast<size_t>(arg) < code_->cell2arg.size() ? code_->cell2arg[arg] : -1;
    VarPtr contents;
    if (a >= 0 && !locals_[static_cast<size_t>(a)] && lazy_[static_cast<size_t>(a)]) {
      // An argument not looked at yet stays lazy in its cell (wrapped when the code reads it).
      lazy_[static_cast<size_t>(a)] = 0;
      contents = Variable::lazy(output_.input().locals[static_cast<size_t>(a)],
                                Source::local(std::string(code_->varnames[static_cast<size_t>(a)]->view()), a));
    } else if (a >= 0) {
      contents = locals_[static_cast<size_t>(a)];
    }
    derefs_[arg] = Variable::cell(contents, parent_ ? -1 : static_cast<int>(arg));
    if (a >= 0) locals_[static_cast<size_t>(a)] = nullptr; // the argument now lives in its cell
    break;
  }
  case Op::COPY_FREE_VARS: break; // the free variables were given at construction
  case Op::LOAD_CLOSURE: push(cell_at(static_cast<int>(arg))); break;
  case Op::LOAD_DEREF:
  case Op::LOAD_CLASSDEREF: {
    const VarPtr& cell = cell_at(static_cast<int>(arg));
    if (!cell->self) unsupported("Unsupported: NameError: free variable referenced before assignment");
    push(cell->self);
    break;
  }
  case Op::STORE_DEREF: {
    const VarPtr& cell = cell_at(static_cast<int>(arg));
    cell->self = pop();
    name_after(cell->self, code_->deref_name(static_cast<int>(arg))->view());
    cell->mutated = true;
    if (cell->index < 0 && !cell->value.is_null()) {
      // A real cell of an inlined function: written back through its source.
      if (!cell->source) unsupported("Unsupported: write to a closure variable of a function without a source");
      output_.side_effects().push_back(
          {SideEffect::Kind::StoreAttr, Variable::object(cell->value, cell->source), "cell_contents", cell->self});
    }
    break;
  }

  // ---- attributes and subscripts ----
  case Op::LOAD_ATTR: push(get_attr(pop(), name_at(arg))); break;
  case Op::LOAD_METHOD: {
    VarPtr obj = pop();
    VarPtr attr = get_attr(obj, name_at(arg));
    push(Variable::null());
    push(std::move(attr));
    break;
  }
  case Op::STORE_ATTR: {
    // Operands are looked at bottom first, as Dynamo realizes them.
    std::vector<VarPtr> v = pop_n(2);
    store_attr(v[1], name_at(arg), v[0]);
    break;
  }
  case Op::BINARY_SUBSCR: {
    std::vector<VarPtr> v = pop_n(2);
    push(subscript(v[0], v[1]));
    break;
  }
  case Op::DELETE_SUBSCR: {
    std::vector<VarPtr> v = pop_n(2);
    const VarPtr& obj = v[0];
    const VarPtr& key = v[1];
    if (obj->is(Kind::Dict) && key->is_python_constant()) {
      call_method(obj, "pop", {key}, {});
    } else if (obj->is(Kind::List) && key->is_constant() && key->value.is_int()) {
      call_method(obj, "pop", {key}, {});
    } else {
      unsupported("Unsupported: DELETE_SUBSCR on " + obj->repr());
    }
    break;
  }
  case Op::STORE_SUBSCR: {
    std::vector<VarPtr> v = pop_n(3);
    store_subscript(v[1], v[2], v[0]);
    break;
  }

  // ---- operators ----
  case Op::BINARY_OP: {
    VarPtr b = pop_raw(), a = pop_raw();
    if (VarPtr lazy = lazy_binary_op(static_cast<int>(arg), a, b)) {
      push(std::move(lazy));
      break;
    }
    a = realize(a);
    push(binary_op(static_cast<int>(arg), a, realize(b)));
    break;
  }
  case Op::UNARY_NEGATIVE:
  case Op::UNARY_POSITIVE:
  case Op::UNARY_INVERT: {
    VarPtr a = pop();
    const char* name = in.op == Op::UNARY_NEGATIVE ? "neg" : in.op == Op::UNARY_POSITIVE ? "pos" : "invert";
    if (a->in_graph()) {
      push(output_.call(graph::NodeOp::CallFunction, std::string("operator.") + name, operator_function(name), {a}, {}));
    } else if (a->is_python_constant()) {
      const lang::UnaryOp op = in.op == Op::UNARY_NEGATIVE   ? lang::UnaryOp::Negative
                               : in.op == Op::UNARY_POSITIVE ? lang::UnaryOp::Positive
                                                             : lang::UnaryOp::Invert;
      push(fold([&] { return lang::unary_op(op, a->as_python_constant()); }));
    } else {
      unsupported(std::string("Unsupported: unary ") + name + " on " + a->repr());
    }
    break;
  }
  case Op::UNARY_NOT: push(Variable::constant(Value::boolean(!truth(pop())))); break;
  case Op::COMPARE_OP: {
    std::vector<VarPtr> v = pop_n(2);
    push(compare(static_cast<int>(arg), v[0], v[1]));
    break;
  }
  case Op::IS_OP: {
    std::vector<VarPtr> v = pop_n(2);
    const VarPtr& a = v[0];
    const VarPtr& b = v[1];
    bool same;
    if (a->is_constant() && b->is_constant()) {
      same = a->value.is_none() || b->value.is_none() ? a->value.is_none() && b->value.is_none()
                                                      : lang::equals(a->value, b->value) &&
                                                            type_of(a->value) == type_of(b->value);
    } else if (a->is(Kind::Object) && b->is(Kind::Object)) {
      same = a->value.is_obj() && b->value.is_obj() && a->value.as_obj() == b->value.as_obj();
    } else if (a->kind != b->kind && (a->is_constant() || b->is_constant())) {
      same = false; // a constant (None, a number) is never a tensor, container or object here
    } else {
      same = a == b;
    }
    push(Variable::constant(Value::boolean(arg ? !same : same)));
    break;
  }
  case Op::CONTAINS_OP: {
    std::vector<VarPtr> v = pop_n(2);
    const VarPtr& item = v[0];
    const VarPtr& container = v[1];
    bool found = false;
    if (container->is(Kind::Dict) && item->is_python_constant()) {
      for (const Value& k : container->keys) found |= lang::equals(k, item->as_python_constant());
    } else if (container->is_python_constant() && item->is_python_constant()) {
      found = fold([&] { return Value::boolean(lang::contains(container->as_python_constant(), item->as_python_constant())); })
                  ->value.as_bool();
    } else if ((container->is(Kind::List) || container->is(Kind::Tuple)) && item->is_python_constant()) {
      for (const VarPtr& x : container->items)
        if (x->is_python_constant() && lang::equals(x->as_python_constant(), item->as_python_constant())) found = true;
        else if (!x->is_python_constant()) unsupported("Unsupported: `in` over a container of non-constants");
    } else {
      unsupported("Unsupported: `in` with " + item->repr() + " and " + container->repr());
    }
    push(Variable::constant(Value::boolean(arg ? !found : found)));
    break;
  }

  // ---- building ----
  case Op::BUILD_TUPLE: push(Variable::tuple(pop_n(arg))); break;
  case Op::BUILD_LIST: push(Variable::list(pop_n(arg))); break;
  case Op::BUILD_MAP: {
    std::vector<VarPtr> kv = pop_n(2 * arg);
    std::vector<Value> keys;
    std::vector<VarPtr> values;
    for (size_t i = 0; i < kv.size(); i += 2) {
      if (!kv[i]->is_python_constant()) unsupported("Unsupported: dict with a non-constant key");
      keys.push_back(kv[i]->as_python_constant());
      values.push_back(kv[i + 1]);
    }
    push(Variable::dict(std::move(keys), std::move(values)));
    break;
  }
  case Op::BUILD_CONST_KEY_MAP: {
    VarPtr keys = pop();
    std::vector<VarPtr> values = pop_n(arg);
    std::vector<Value> key_values;
    for (const VarPtr& k : keys->items) key_values.push_back(k->as_python_constant());
    push(Variable::dict(std::move(key_values), std::move(values)));
    break;
  }
  case Op::BUILD_STRING: {
    std::vector<VarPtr> parts = pop_n(arg);
    std::string s;
    for (const VarPtr& p : parts) s += str_of(p->as_python_constant());
    push(Variable::constant(Value(lang::make_str(s))));
    break;
  }
  case Op::FORMAT_VALUE: {
    VarPtr spec = (arg & 4) ? pop() : nullptr;
    VarPtr v = pop();
    if (!v->is_python_constant() || (spec && !spec->is_python_constant()))
      unsupported("Unsupported: formatting " + v->repr() + " into a string");
    Value value = v->as_python_constant();
    const uint32_t conversion = arg & 3;
    push(fold([&] {
      Value converted = conversion == 1 ? Value(lang::to_str(value)) : conversion >= 2 ? Value(lang::repr(value)) : value;
      return Value(lang::format(converted, spec ? str_of(spec->value) : ""));
    }));
    break;
  }
  case Op::BUILD_SLICE: {
    std::vector<VarPtr> parts = pop_n(arg);
    // A symbolic bound (x[: x.size(0) // 2]) stays symbolic in the graph.
    auto symbolic = [](const VarPtr& p) { return p->is(Kind::SymNode); };
    auto symbolic_or_constant = [](const VarPtr& p) { return p->is(Kind::SymNode) || p->is_python_constant(); };
    if (std::any_of(parts.begin(), parts.end(), symbolic) &&
        std::all_of(parts.begin(), parts.end(), symbolic_or_constant)) {
      push(Variable::slice(std::move(parts)));
      break;
    }
    std::vector<Value> values;
    for (const VarPtr& p : parts) {
      if (!p->is_python_constant()) unsupported("Unsupported: slice with a non-constant bound");
      values.push_back(p->as_python_constant());
    }
    values.resize(3, Value::none());
    push(Variable::constant(Value(lang::make<lang::Slice>(values[0], values[1], values[2]))));
    break;
  }
  case Op::LIST_APPEND: {
    VarPtr v = pop();
    stack_[stack_.size() - arg]->items.push_back(v);
    break;
  }
  case Op::LIST_EXTEND: {
    VarPtr v = pop();
    for (VarPtr& item : unpack(v)) stack_[stack_.size() - arg]->items.push_back(item);
    break;
  }
  case Op::LIST_TO_TUPLE: push(Variable::tuple(pop()->items)); break;
  case Op::DICT_UPDATE:
  case Op::DICT_MERGE: {
    VarPtr v = pop();
    VarPtr& d = stack_[stack_.size() - arg];
    if (!v->is(Kind::Dict)) unsupported("Unsupported: ** of " + v->repr());
    for (size_t i = 0; i < v->keys.size(); ++i) {
      d->keys.push_back(v->keys[i]);
      d->items.push_back(v->items[i]);
    }
    break;
  }
  case Op::UNPACK_SEQUENCE: {
    std::vector<VarPtr> items = unpack(pop());
    if (items.size() != arg)
      unsupported("Unsupported: ValueError: unpacking " + std::to_string(items.size()) + " values into " +
                  std::to_string(arg));
    for (auto it = items.rbegin(); it != items.rend(); ++it) push(*it);
    break;
  }

  // ---- control flow ----
  case Op::JUMP_FORWARD:
  case Op::JUMP_BACKWARD: jump(arg); break;
  case Op::POP_JUMP_IF_FALSE:
  case Op::POP_JUMP_IF_TRUE: {
    VarPtr cond = pop();
    bool value = false;
    try {
      if (cond->is(Kind::Tensor)) graph_break(GraphBreak::DataDependentJump);
      value = truth(cond);
    } catch (Unsupported& u) {
      if (u.data_dependent_jump && !parent_) {
        push(cond);
        u.at_jump = true;
      }
      throw;
    }
    if (value == (in.op == Op::POP_JUMP_IF_TRUE)) jump(arg);
    break;
  }
  case Op::POP_JUMP_IF_NONE:
  case Op::POP_JUMP_IF_NOT_NONE: {
    VarPtr v = pop();
    const bool none = v->is_constant() && v->value.is_none();
    if (none == (in.op == Op::POP_JUMP_IF_NONE)) jump(arg);
    break;
  }
  case Op::JUMP_IF_FALSE_OR_POP:
  case Op::JUMP_IF_TRUE_OR_POP: {
    stack_.back() = realize(stack_.back());
    bool value = false;
    try {
      if (stack_.back()->is(Kind::Tensor)) graph_break(GraphBreak::DataDependentJump);
      value = truth(stack_.back());
    } catch (Unsupported& u) {
      u.at_jump = u.data_dependent_jump && !parent_;
      throw;
    }
    if (value == (in.op == Op::JUMP_IF_TRUE_OR_POP)) jump(arg);
    else pop();
    break;
  }
  case Op::GET_ITER: push(get_iter(pop())); break;
  case Op::FOR_ITER: {
    VarPtr it = stack_.back();
    if (it->index < static_cast<int64_t>(it->items.size())) {
      push(it->items[static_cast<size_t>(it->index++)]);
    } else {
      pop();
      jump(arg);
    }
    break;
  }
  case Op::RETURN_VALUE: returned_ = true; break;

  // ---- functions and calls ----
  case Op::MAKE_FUNCTION: {
    VarPtr code = pop();
    VarPtr f = std::make_shared<Variable>(Kind::NestedFunction);
    f->code = lang::Ref<lang::CodeObject>::borrow(code->value.as<lang::CodeObject>());
    f->globals = Value(lang::Ref<lang::Dict>::borrow(globals_));
    if (arg & 8) f->closure = pop()->items;
    if (arg & 4) pop();
    if (arg & 2) unsupported("Unsupported: keyword-only defaults of a nested function");
    if (arg & 1) f->defaults = pop();
    push(std::move(f));
    break;
  }
  case Op::KW_NAMES: kw_names_ = code_->consts[arg]; break;
  case Op::CALL: {
    // Arguments stay lazy: call() wraps them unless it inlines the callee.
    std::vector<VarPtr> args(static_cast<size_t>(arg));
    for (size_t i = args.size(); i-- > 0;) args[i] = pop_raw();
    VarPtr second = pop();
    VarPtr first = pop();
    Kwargs kwargs;
    if (!kw_names_.is_null()) {
      const auto& names = kw_names_.as<lang::Tuple>()->items;
      const size_t npos = args.size() - names.size();
      for (size_t i = 0; i < names.size(); ++i) kwargs.emplace_back(str_of(names[i]), args[npos + i]);
      args.resize(npos);
      kw_names_ = Value();
    }
    if (first->is(Kind::Null)) {
      push(call(second, std::move(args), std::move(kwargs)));
    } else {
      args.insert(args.begin(), second);
      push(call(first, std::move(args), std::move(kwargs)));
    }
    break;
  }
  case Op::CALL_FUNCTION_EX: {
    VarPtr kw = (arg & 1) ? pop() : nullptr;
    VarPtr pos = pop();
    VarPtr fn = pop();
    pop(); // NULL
    Kwargs kwargs;
    if (kw) {
      if (!kw->is(Kind::Dict)) unsupported("Unsupported: ** of " + kw->repr());
      for (size_t i = 0; i < kw->keys.size(); ++i) kwargs.emplace_back(str_of(kw->keys[i]), kw->items[i]);
    }
    push(call(fn, unpack(pos), std::move(kwargs)));
    break;
  }

  // ---- blocks ----
  case Op::SETUP_FINALLY:
  case Op::SETUP_CLEANUP: blocks_.push_back({static_cast<int>(arg), nullptr, stack_.size()}); break;
  case Op::SETUP_WITH: {
    VarPtr ctx = pop();
    if (ctx->is(Kind::GradMode)) {
      push(Variable::tensor_method(ctx, "__exit__"));
      push(enter_grad_mode(ctx));
    } else {
      // A user-defined context manager: its __enter__ and __exit__ are inlined
      // (a graph break inside its block cannot resume: the frame is skipped).
      VarPtr exit = get_attr(ctx, "__exit__");
      VarPtr enter = get_attr(ctx, "__enter__");
      if (!exit->is(Kind::Method) || !enter->is(Kind::Method))
        unsupported("Unsupported: the context manager " + ctx->repr());
      push(exit);
      push(call(enter, {}, {}));
    }
    blocks_.push_back({static_cast<int>(arg), ctx, stack_.size() - 1}); // below __enter__'s result
    break;
  }
  case Op::POP_BLOCK:
    if (!blocks_.empty()) blocks_.pop_back();
    break;

  default:
    if (!step_exception(in)) unsupported("Unsupported: the " + std::string(lang::op_name(in.op)) + " instruction");
  }
}

// ---- names --------------------------------------------------------------------------------

VarPtr InstructionTranslator::load_global(const std::string& name) {
  if (globals_ == root_globals_) {
    for (auto it = output_.side_effects().rbegin(); it != output_.side_effects().rend(); ++it)
      if (it->kind == SideEffect::Kind::StoreGlobal && it->name == name) return it->value;
  }
  lang::Str* key = lang::intern(name);
  Value v = globals_->get(key);
  if (!v.is_null()) {
    // Inlined functions from other modules (torch's own) read their globals unguarded.
    if (globals_ != root_globals_) return output_.wrap_unsourced(v);
    return output_.wrap(v, Source::global(name));
  }
  v = builtins_->get(key);
  if (v.is_null()) unsupported("Unsupported: NameError: name '" + name + "' is not defined");
  return output_.wrap_unsourced(v);
}

const VarPtr& InstructionTranslator::cell_at(int index) {
  VarPtr& slot = derefs_[static_cast<size_t>(index)];
  if (slot && slot->is(Kind::Cell)) return slot;
  const int free_index = index - code_->ncells();
  if (!slot && !parent_ && free_index >= 0) {
    // A free variable of the compiled function: read (and guarded) on first
    // use; an inlined call may have met its cell already.
    const Value cell = output_.input().closure[static_cast<size_t>(free_index)];
    VarPtr& shared = output_.cell_tracker(cell.as_obj());
    if (shared) {
      shared->index = index; // written back as the frame's own cell
      slot = shared;
      return slot;
    }
    const Value contents = cell.as<lang::Cell>()->value;
    slot = contents.is_null()
               ? nullptr
               : output_.wrap(contents, Source::closure(std::string(code_->freevars[static_cast<size_t>(free_index)]->view()),
                                                        free_index));
    slot = Variable::cell(slot, index);
    slot->value = cell;
    shared = slot;
    return slot;
  }
  // A root frame's cells are the frame's own (written back after the graph);
  // an inlined function's read-only free variables become cells here.
  slot = Variable::cell(slot, parent_ ? -1 : index);
  return slot;
}

} // namespace refc::dynamo
