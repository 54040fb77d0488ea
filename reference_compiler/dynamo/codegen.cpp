// Codegen: bytecode for a traced frame (see codegen.h).
#include "reference_compiler/dynamo/codegen.h"

#include "reference_compiler/graph/graph.h"
#include "reference_compiler/lang/abstract.h"
#include "reference_compiler/lang/builtin_types.h"
#include "reference_compiler/lang/descriptor_objects.h"
#include "reference_compiler/lang/dict_object.h"
#include "reference_compiler/lang/errors.h"
#include "reference_compiler/lang/list_object.h"
#include "reference_compiler/lang/native_function.h"
#include "reference_compiler/lang/opcode.h"
#include "reference_compiler/lang/range_object.h"
#include "reference_compiler/lang/str_object.h"
#include "reference_compiler/lang/tuple_object.h"

#include <algorithm>
#include <set>

namespace refc::dynamo {

using lang::Op;
using lang::Value;
using Kind = Variable::Kind;

namespace {

Value slice_all() { return Value(lang::make<lang::Slice>(Value::none(), Value::none(), Value::none())); }

} // namespace

void copy_instruction(lang::Assembler& a, const lang::CodeObject& from, const lang::Instruction& in,
                      lang::Assembler::Label target) {
  uint32_t arg = in.arg;
  switch (lang::op_info(in.op).arg_kind) {
  case lang::ArgKind::Const: arg = static_cast<uint32_t>(a.add_const(from.consts[arg])); break;
  case lang::ArgKind::Name: arg = static_cast<uint32_t>(a.add_name(from.names[arg]->view())); break;
  case lang::ArgKind::Global:
    arg = (static_cast<uint32_t>(a.add_name(from.names[arg >> 1]->view())) << 1) | (arg & 1);
    break;
  case lang::ArgKind::Local: arg = static_cast<uint32_t>(a.add_varname(from.varnames[arg]->view())); break;
  case lang::ArgKind::Deref: {
    const std::string_view name = from.deref_name(static_cast<int>(arg))->view();
    // By name: a resume function has the original's cells as free variables.
    const int cell = a.find_cellvar(name);
    arg = static_cast<uint32_t>(cell >= 0 ? cell : a.num_cellvars() + a.find_freevar(name));
    break;
  }
  case lang::ArgKind::Jump: a.emit_jump(in.op, target); return;
  default: break;
  }
  a.emit(in.op, arg);
}

Codegen::Codegen(const lang::CodeObject& original)
    : asm_(original.name, original.qualname, original.filename, original.first_line), original_(original) {
  asm_.set_arg_counts(original.argcount, original.posonlyargcount, original.kwonlyargcount);
  asm_.add_flags(original.flags & ~lang::CO_NOFREE);
  for (lang::Str* v : original.varnames) asm_.add_varname(v->view());
  for (lang::Str* c : original.cellvars) asm_.add_cellvar(c->view());
  for (lang::Str* f : original.freevars) asm_.add_freevar(f->view());
  asm_.set_position({original.first_line, original.first_line, 0, 0});
  if (original.nfrees() > 0) asm_.emit(Op::COPY_FREE_VARS, static_cast<uint32_t>(original.nfrees()));
}

void Codegen::make_cells() {
  if (cells_made_) return;
  cells_made_ = true;
  for (int i = 0; i < original_.ncells(); ++i) asm_.emit(Op::MAKE_CELL, static_cast<uint32_t>(i));
}

int Codegen::new_temp(const std::string& hint) {
  return asm_.add_varname("___" + hint + "_" + std::to_string(ntemps_++));
}

void Codegen::preload_sources(const std::vector<VarPtr>& roots) {
  std::set<const Variable*> seen;
  auto visit = [&](auto& self, const VarPtr& v) -> void {
    if (!v || !seen.insert(v.get()).second) return;
    // (A frame local is never written by the new code.)
    if (v->source && !v->is(Kind::Constant) && v->source->kind != Source::Kind::FrameLocal &&
        !preloaded_.count(v->source->str())) {
      load_source(*v->source);
      const int temp = new_temp("preload");
      asm_.emit(Op::STORE_FAST, static_cast<uint32_t>(temp));
      preloaded_[v->source->str()] = temp;
    }
    for (const VarPtr& item : v->items) self(self, item);
    self(self, v->self);
    self(self, v->defaults);
  };
  for (const VarPtr& v : roots) visit(visit, v);
}

void Codegen::load_source(const Source& source) {
  if (auto it = preloaded_.find(source.str()); it != preloaded_.end()) {
    asm_.emit(Op::LOAD_FAST, static_cast<uint32_t>(it->second));
    return;
  }
  switch (source.kind) {
  case Source::Kind::FrameLocal:
    // An argument captured by a closure lives in its cell once the cells are made.
    for (int i = 0; cells_made_ && i < original_.ncells(); ++i)
      if (original_.cell2arg[static_cast<size_t>(i)] == source.index) {
        asm_.emit(Op::LOAD_DEREF, static_cast<uint32_t>(i));
        return;
      }
    asm_.emit(Op::LOAD_FAST, static_cast<uint32_t>(source.index));
    return;
  case Source::Kind::Global:
    asm_.emit(Op::LOAD_GLOBAL, static_cast<uint32_t>(asm_.add_name(source.name)) << 1);
    return;
  case Source::Kind::Attr:
    load_source(*source.base);
    asm_.emit(Op::LOAD_ATTR, static_cast<uint32_t>(asm_.add_name(source.name)));
    return;
  case Source::Kind::DictItem:
    load_source(*source.base);
    asm_.emit(Op::LOAD_CONST, static_cast<uint32_t>(asm_.add_const(Value(lang::make_str(source.name)))));
    asm_.emit(Op::BINARY_SUBSCR);
    return;
  case Source::Kind::Index:
    load_source(*source.base);
    asm_.emit(Op::LOAD_CONST, static_cast<uint32_t>(asm_.add_const(Value::integer(source.index))));
    asm_.emit(Op::BINARY_SUBSCR);
    return;
  case Source::Kind::Closure:
    asm_.emit(Op::LOAD_DEREF, static_cast<uint32_t>(asm_.num_cellvars() + source.index));
    return;
  case Source::Kind::DictValue:
  case Source::Kind::TensorSize:
  case Source::Kind::TensorStride:
  case Source::Kind::StorageOffset:
  case Source::Kind::FloatTensor:
  case Source::Kind::TensorItem: {
    // source_step(base, kind, index): the value the step reads from base (the
    // value of a dict's index-th key, a tensor's size, a float as a tensor).
    static const Value source_step = Value(lang::make_native("source_step", [](lang::Args a) -> Value {
      lang::check_arity(a, "source_step", 3, 3);
      Source step{static_cast<Source::Kind>(a[1].as_int()), nullptr, "", a[2].as_int()};
      Value v = step.read(a[0], GuardInput{});
      if (v.is_null()) lang::raise(lang::exc::LookupError, "source_step: " + step.accessor_str() + " cannot read its base");
      return v;
    }));
    asm_.emit(Op::PUSH_NULL);
    asm_.emit(Op::LOAD_CONST, static_cast<uint32_t>(asm_.add_const(source_step)));
    load_source(*source.base);
    asm_.emit(Op::LOAD_CONST, static_cast<uint32_t>(asm_.add_const(Value::integer(static_cast<int64_t>(source.kind)))));
    asm_.emit(Op::LOAD_CONST, static_cast<uint32_t>(asm_.add_const(Value::integer(source.index))));
    asm_.emit(Op::CALL, 3);
    return;
  }
  }
}

void Codegen::call_graph(const Value& compiled, const std::vector<GraphInput>& inputs,
                         const std::vector<graph::Node*>& outputs) {
  // A bound method (GraphModule.forward) is called as [function, self, ...],
  // as LOAD_METHOD would arrange it: no bound-method object per call.
  if (compiled.is_obj() && compiled.as_obj()->type->layout == lang::Layout::BoundMethod) {
    const auto* m = compiled.as<lang::BoundMethod>();
    asm_.emit(Op::LOAD_CONST, static_cast<uint32_t>(asm_.add_const(m->func)));
    asm_.emit(Op::LOAD_CONST, static_cast<uint32_t>(asm_.add_const(m->self)));
  } else {
    asm_.emit(Op::PUSH_NULL);
    asm_.emit(Op::LOAD_CONST, static_cast<uint32_t>(asm_.add_const(compiled)));
  }
  for (const GraphInput& in : inputs) load_source(*in.source);
  asm_.emit(Op::CALL, static_cast<uint32_t>(inputs.size()));
  graph_out_ = new_temp("graph_out");
  asm_.emit(Op::STORE_FAST, static_cast<uint32_t>(graph_out_));
  make_cells();
  for (size_t i = 0; i < outputs.size(); ++i) output_index_[outputs[i]] = static_cast<int>(i);
}

namespace {

// Whether inline_graph can emit an argument: constants, nodes, and tuples or
// lists of them.
bool emittable(const Value& arg) {
  if (graph::is_node(arg)) return true;
  bool has_node = false;
  graph::for_each_node(arg, [&](graph::Node*) { has_node = true; });
  if (!has_node) return true;
  const lang::Layout layout = arg.is_obj() ? arg.as_obj()->type->layout : lang::Layout::Other;
  if (layout != lang::Layout::Tuple && layout != lang::Layout::List) return false;
  const auto& items = layout == lang::Layout::Tuple ? arg.as<lang::Tuple>()->items : arg.as<lang::List>()->items;
  return std::all_of(items.begin(), items.end(), emittable);
}

} // namespace

bool Codegen::inline_graph(const graph::Graph& g, const std::vector<GraphInput>& inputs,
                           const std::vector<graph::Node*>& outputs) {
  std::map<const graph::Node*, const Source*> placeholder_source;
  std::map<const graph::Node*, size_t> last_use;
  size_t position = 0;
  for (const lang::Ref<graph::Node>& n : g.nodes()) {
    switch (n->op) {
    case graph::NodeOp::Placeholder:
      if (placeholder_source.size() >= inputs.size()) return false;
      placeholder_source[n.get()] = inputs[placeholder_source.size()].source.get();
      break;
    case graph::NodeOp::CallFunction:
    case graph::NodeOp::CallMethod:
      if (!emittable(n->args) || (n->op == graph::NodeOp::CallFunction && n->callable.is_null())) return false;
      for (const auto& e : n->kwargs.as<lang::Dict>()->entries())
        if (!e.key.is_null() && !emittable(e.value)) return false;
      break;
    case graph::NodeOp::Output: break;
    default: return false;
    }
    for (graph::Node* in : n->input_nodes()) last_use[in] = position;
    ++position;
  }
  if (placeholder_source.size() != inputs.size()) return false;

  // What the graph returns, position by position: a pass after tracing (the
  // runtime asserts' hash consing) may have replaced an output node by an
  // equal earlier one, even an input, so `outputs` names the trackers' nodes
  // and the output node the ones that compute them.
  const auto& returned = g.output_node()->args.as<lang::Tuple>()->items[0].as<lang::Tuple>()->items;
  std::map<const graph::Node*, int> local;
  std::set<const graph::Node*> kept;
  for (const Value& r : returned) {
    const graph::Node* n = r.as<graph::Node>();
    kept.insert(n);
    if (auto it = placeholder_source.find(n); it != placeholder_source.end() && !local.count(n)) {
      local[n] = new_temp(n->name);
      load_source(*it->second);
      asm_.emit(Op::STORE_FAST, static_cast<uint32_t>(local[n]));
    }
  }
  auto emit = [&](auto& self, const Value& arg) -> void {
    if (graph::is_node(arg)) {
      const graph::Node* n = arg.as<graph::Node>();
      if (auto it = placeholder_source.find(n); it != placeholder_source.end()) return load_source(*it->second);
      asm_.emit(Op::LOAD_FAST, static_cast<uint32_t>(local.at(n)));
      return;
    }
    bool has_node = false;
    graph::for_each_node(arg, [&](graph::Node*) { has_node = true; });
    if (!has_node) {
      asm_.emit(Op::LOAD_CONST, static_cast<uint32_t>(asm_.add_const(arg)));
      return;
    }
    const bool tuple = arg.as_obj()->type->layout == lang::Layout::Tuple;
    const auto& items = tuple ? arg.as<lang::Tuple>()->items : arg.as<lang::List>()->items;
    for (const Value& item : items) self(self, item);
    asm_.emit(tuple ? Op::BUILD_TUPLE : Op::BUILD_LIST, static_cast<uint32_t>(items.size()));
  };
  position = 0;
  for (const lang::Ref<graph::Node>& n : g.nodes()) {
    const size_t here = position++;
    if (n->op != graph::NodeOp::CallFunction && n->op != graph::NodeOp::CallMethod) continue;
    const auto& args = n->args.as<lang::Tuple>()->items;
    size_t nargs = args.size();
    if (n->op == graph::NodeOp::CallFunction) {
      asm_.emit(Op::PUSH_NULL);
      asm_.emit(Op::LOAD_CONST, static_cast<uint32_t>(asm_.add_const(n->callable)));
      for (const Value& a : args) emit(emit, a);
    } else {
      emit(emit, args[0]);
      asm_.emit(Op::LOAD_METHOD, static_cast<uint32_t>(asm_.add_name(n->target)));
      for (size_t i = 1; i < args.size(); ++i) emit(emit, args[i]);
      --nargs;
    }
    std::vector<Value> names;
    for (const auto& e : n->kwargs.as<lang::Dict>()->entries()) {
      if (e.key.is_null()) continue;
      emit(emit, e.value);
      names.push_back(e.key);
    }
    if (!names.empty())
      asm_.emit(Op::KW_NAMES, static_cast<uint32_t>(asm_.add_const(Value(lang::make_tuple(std::move(names))))));
    asm_.emit(Op::CALL, static_cast<uint32_t>(nargs + n->kwargs.as<lang::Dict>()->size()));
    if (!last_use.count(n.get()) && !kept.count(n.get())) {
      asm_.emit(Op::POP_TOP); // an in-place op's result nobody reads
    } else {
      local[n.get()] = new_temp(n->name);
      asm_.emit(Op::STORE_FAST, static_cast<uint32_t>(local[n.get()]));
    }
    // As forward's `x = None`: an intermediate is let go after its last use.
    for (graph::Node* in : n->input_nodes())
      if (last_use[in] == here && local.count(in) && !kept.count(in)) {
        asm_.emit(Op::LOAD_CONST, static_cast<uint32_t>(asm_.add_const(Value::none())));
        asm_.emit(Op::STORE_FAST, static_cast<uint32_t>(local[in]));
      }
  }
  make_cells();
  for (size_t i = 0; i < outputs.size(); ++i) output_local_[outputs[i]] = local.at(returned[i].as<graph::Node>());
  return true;
}

void Codegen::reconstruct(const VarPtr& v) {
  auto load_const = [&](const Value& c) { asm_.emit(Op::LOAD_CONST, static_cast<uint32_t>(asm_.add_const(c))); };
  auto build = [&](Op op, const std::vector<VarPtr>& items) {
    for (const VarPtr& item : items) reconstruct(item);
    asm_.emit(op, static_cast<uint32_t>(items.size()));
  };
  switch (v->kind) {
  case Kind::Null: asm_.emit(Op::PUSH_NULL); return;
  case Kind::Lazy: load_source(*v->source); return;
  case Kind::LazyComputed: // recomputed from its inputs, unless something realized it
    if (v->self) {
      reconstruct(v->self);
      return;
    }
    reconstruct(v->items[0]);
    reconstruct(v->items[1]);
    asm_.emit(Op::BINARY_OP, static_cast<uint32_t>(v->index));
    return;
  case Kind::Constant: load_const(v->value); return;
  case Kind::Tensor:
  case Kind::SymNode:
    if (auto it = output_local_.find(v->node); it != output_local_.end()) {
      asm_.emit(Op::LOAD_FAST, static_cast<uint32_t>(it->second));
      return;
    }
    if (auto it = output_index_.find(v->node); it != output_index_.end()) {
      asm_.emit(Op::LOAD_FAST, static_cast<uint32_t>(graph_out_));
      load_const(Value::integer(it->second));
      asm_.emit(Op::BINARY_SUBSCR);
      return;
    }
    if (v->source) return load_source(*v->source);
    unsupported("Unsupported: a value the graph does not output");
  case Kind::List:
  case Kind::Tuple:
  case Kind::Dict:
  case Kind::Object:
    if (v->source) return load_source(*v->source);
    if (v->is(Kind::Object)) return load_const(v->value);
    if (v->is(Kind::Dict)) {
      for (size_t i = 0; i < v->keys.size(); ++i) {
        load_const(v->keys[i]);
        reconstruct(v->items[i]);
      }
      asm_.emit(Op::BUILD_MAP, static_cast<uint32_t>(v->keys.size()));
      return;
    }
    return build(v->is(Kind::List) ? Op::BUILD_LIST : Op::BUILD_TUPLE, v->items);
  case Kind::Slice: return build(Op::BUILD_SLICE, v->items);
  case Kind::Method:
    // A bound method: its receiver's attribute.
    reconstruct(v->self);
    asm_.emit(Op::LOAD_ATTR, static_cast<uint32_t>(asm_.add_name(
                                 v->value.is_null() ? v->name
                                                    : std::string(lang::to_str(lang::getattr(v->value, lang::intern("__name__")))->view()))));
    return;
  case Kind::NewObject: {
    // Made once (object.__new__(cls), then its attributes), then reused.
    if (auto it = new_objects_.find(v.get()); it != new_objects_.end()) {
      asm_.emit(Op::LOAD_FAST, static_cast<uint32_t>(it->second));
      return;
    }
    const int temp = new_temp("object");
    new_objects_[v.get()] = temp;
    static Value object_new = lang::getattr(Value::borrow(lang::types::object), lang::intern("__new__"));
    asm_.emit(Op::PUSH_NULL);
    load_const(object_new);
    load_const(v->value);
    asm_.emit(Op::CALL, 1);
    asm_.emit(Op::STORE_FAST, static_cast<uint32_t>(temp));
    for (size_t i = 0; i < v->keys.size(); ++i) {
      reconstruct(v->items[i]);
      asm_.emit(Op::LOAD_FAST, static_cast<uint32_t>(temp));
      asm_.emit(Op::STORE_ATTR, static_cast<uint32_t>(asm_.add_name(lang::to_str(v->keys[i])->view())));
    }
    asm_.emit(Op::LOAD_FAST, static_cast<uint32_t>(temp));
    return;
  }
  case Kind::NestedFunction: {
    // MAKE_FUNCTION again, closing over the frame's own cells.
    uint32_t flags = 0;
    if (v->defaults) {
      reconstruct(v->defaults);
      flags |= 1;
    }
    if (!v->closure.empty()) {
      for (const VarPtr& cell : v->closure) asm_.emit(Op::LOAD_CLOSURE, static_cast<uint32_t>(cell->index));
      asm_.emit(Op::BUILD_TUPLE, static_cast<uint32_t>(v->closure.size()));
      flags |= 8;
    }
    load_const(Value::borrow(v->code.get()));
    asm_.emit(Op::MAKE_FUNCTION, flags);
    return;
  }
  default: unsupported("Unsupported: reconstructing " + v->repr());
  }
}

bool Codegen::reconstructible(const VarPtr& v) {
  switch (v->kind) {
  case Kind::Iterator:
  case Kind::Cell:
  case Kind::GradMode: return false;
  case Kind::NestedFunction:
    for (const VarPtr& cell : v->closure)
      if (cell->index < 0) return false; // a cell of an inlined function: not in the frame
    return !v->defaults || reconstructible(v->defaults);
  case Kind::Method: return reconstructible(v->self);
  case Kind::List:
  case Kind::Tuple:
  case Kind::Dict:
  case Kind::NewObject:
  case Kind::Slice:
    if (v->source) return true;
    for (const VarPtr& item : v->items)
      if (item.get() != v.get() && !reconstructible(item)) return false;
    return true;
  default: return true;
  }
}

void Codegen::enter_context(const ReenterWith& with, lang::Assembler::Label handler) {
  asm_.emit(Op::PUSH_NULL);
  asm_.emit(Op::LOAD_CONST, static_cast<uint32_t>(asm_.add_const(with.maker)));
  for (const Value& arg : with.args) asm_.emit(Op::LOAD_CONST, static_cast<uint32_t>(asm_.add_const(arg)));
  asm_.emit(Op::CALL, static_cast<uint32_t>(with.args.size()));
  asm_.emit_jump(Op::SETUP_WITH, handler);
  asm_.emit(Op::POP_TOP);
}

void Codegen::exit_context(lang::Assembler::Label handler, lang::Assembler::Label after) {
  const auto none = static_cast<uint32_t>(asm_.add_const(Value::none()));
  asm_.emit(Op::POP_BLOCK);
  for (int i = 0; i < 3; ++i) asm_.emit(Op::LOAD_CONST, none);
  asm_.emit(Op::CALL, 2);
  asm_.emit(Op::POP_TOP);
  asm_.emit_jump(Op::JUMP_FORWARD, after);
  // [exit, exc]: exit(type, exc, tb); re-raise unless it returned true.
  lang::Assembler::Label cleanup = asm_.new_label(), suppressed = asm_.new_label();
  asm_.bind(handler);
  asm_.emit_jump(Op::SETUP_CLEANUP, cleanup);
  asm_.emit(Op::PUSH_EXC_INFO);
  asm_.emit(Op::WITH_EXCEPT_START);
  asm_.emit_jump(Op::POP_JUMP_IF_TRUE, suppressed);
  asm_.emit(Op::RERAISE, 0);
  asm_.bind(cleanup);
  asm_.emit(Op::SWAP, 2);
  asm_.emit(Op::POP_EXCEPT);
  asm_.emit(Op::RERAISE, 0);
  asm_.bind(suppressed);
  asm_.emit(Op::POP_TOP);
  asm_.emit(Op::POP_BLOCK);
  asm_.emit(Op::POP_EXCEPT);
  asm_.emit(Op::POP_TOP);
  asm_.bind(after);
}

void Codegen::store_cells(const std::vector<VarPtr>& derefs) {
  make_cells();
  for (const VarPtr& cell : derefs)
    if (cell && cell->is(Kind::Cell) && cell->mutated && cell->self) {
      reconstruct(cell->self);
      asm_.emit(Op::STORE_DEREF, static_cast<uint32_t>(cell->index));
    }
}

void Codegen::replay(const std::vector<SideEffect>& effects) {
  make_cells();
  for (const SideEffect& e : effects) {
    switch (e.kind) {
    case SideEffect::Kind::Contents:
      if (e.target->is(Kind::List)) {
        // lst[:] = [new items]
        for (const VarPtr& item : e.target->items) reconstruct(item);
        asm_.emit(Op::BUILD_LIST, static_cast<uint32_t>(e.target->items.size()));
        load_source(*e.target->source);
        asm_.emit(Op::LOAD_CONST, static_cast<uint32_t>(asm_.add_const(slice_all())));
        asm_.emit(Op::STORE_SUBSCR);
      } else {
        // d.clear(); d.update({new items})
        load_source(*e.target->source);
        asm_.emit(Op::LOAD_METHOD, static_cast<uint32_t>(asm_.add_name("clear")));
        asm_.emit(Op::CALL, 0);
        asm_.emit(Op::POP_TOP);
        load_source(*e.target->source);
        asm_.emit(Op::LOAD_METHOD, static_cast<uint32_t>(asm_.add_name("update")));
        for (size_t i = 0; i < e.target->keys.size(); ++i) {
          asm_.emit(Op::LOAD_CONST, static_cast<uint32_t>(asm_.add_const(e.target->keys[i])));
          reconstruct(e.target->items[i]);
        }
        asm_.emit(Op::BUILD_MAP, static_cast<uint32_t>(e.target->keys.size()));
        asm_.emit(Op::CALL, 1);
        asm_.emit(Op::POP_TOP);
      }
      break;
    case SideEffect::Kind::StoreAttr:
      reconstruct(e.value);
      reconstruct(e.target);
      asm_.emit(Op::STORE_ATTR, static_cast<uint32_t>(asm_.add_name(e.name)));
      break;
    case SideEffect::Kind::StoreGlobal:
      reconstruct(e.value);
      asm_.emit(Op::STORE_GLOBAL, static_cast<uint32_t>(asm_.add_name(e.name)));
      break;
    case SideEffect::Kind::Call:
      asm_.emit(Op::PUSH_NULL);
      reconstruct(e.target);
      for (const VarPtr& a : e.value->items) reconstruct(a);
      asm_.emit(Op::CALL, static_cast<uint32_t>(e.value->items.size()));
      asm_.emit(Op::POP_TOP);
      break;
    }
  }
}

} // namespace refc::dynamo
