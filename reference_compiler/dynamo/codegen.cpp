// Codegen: bytecode for a traced frame (see codegen.h).
#include "reference_compiler/dynamo/codegen.h"

#include "reference_compiler/lang/builtin_types.h"
#include "reference_compiler/lang/errors.h"
#include "reference_compiler/lang/opcode.h"
#include "reference_compiler/lang/range_object.h"
#include "reference_compiler/lang/str_object.h"

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
    const bool cell = static_cast<int>(arg) < from.ncells();
    arg = static_cast<uint32_t>(cell ? a.find_cellvar(name) : a.num_cellvars() + a.find_freevar(name));
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
  for (const lang::Instruction& in : original.code) {
    if (in.op != Op::MAKE_CELL && in.op != Op::COPY_FREE_VARS) break;
    copy_instruction(asm_, original, in);
  }
}

int Codegen::new_temp(const std::string& hint) {
  return asm_.add_varname("___" + hint + "_" + std::to_string(ntemps_++));
}

void Codegen::load_source(const Source& source) {
  switch (source.kind) {
  case Source::Kind::FrameLocal: asm_.emit(Op::LOAD_FAST, static_cast<uint32_t>(source.index)); return;
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
  }
}

void Codegen::call_graph(const Value& compiled, const std::vector<GraphInput>& inputs,
                         const std::vector<graph::Node*>& outputs) {
  asm_.emit(Op::PUSH_NULL);
  asm_.emit(Op::LOAD_CONST, static_cast<uint32_t>(asm_.add_const(compiled)));
  for (const GraphInput& in : inputs) load_source(*in.source);
  asm_.emit(Op::CALL, static_cast<uint32_t>(inputs.size()));
  graph_out_ = new_temp("graph_out");
  asm_.emit(Op::STORE_FAST, static_cast<uint32_t>(graph_out_));
  for (size_t i = 0; i < outputs.size(); ++i) output_index_[outputs[i]] = static_cast<int>(i);
}

void Codegen::reconstruct(const VarPtr& v) {
  auto load_const = [&](const Value& c) { asm_.emit(Op::LOAD_CONST, static_cast<uint32_t>(asm_.add_const(c))); };
  auto build = [&](Op op, const std::vector<VarPtr>& items) {
    for (const VarPtr& item : items) reconstruct(item);
    asm_.emit(op, static_cast<uint32_t>(items.size()));
  };
  switch (v->kind) {
  case Kind::Null: asm_.emit(Op::PUSH_NULL); return;
  case Kind::Constant: load_const(v->value); return;
  case Kind::Tensor:
    if (auto it = output_index_.find(v->node); it != output_index_.end()) {
      asm_.emit(Op::LOAD_FAST, static_cast<uint32_t>(graph_out_));
      load_const(Value::integer(it->second));
      asm_.emit(Op::BINARY_SUBSCR);
      return;
    }
    if (v->source) return load_source(*v->source);
    unsupported("Unsupported: a tensor the graph does not output");
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
  case Kind::NestedFunction:
    if (v->closure.empty()) {
      uint32_t flags = 0;
      if (v->defaults) {
        reconstruct(v->defaults);
        flags |= 1;
      }
      load_const(Value::borrow(v->code.get()));
      asm_.emit(Op::MAKE_FUNCTION, flags);
      return;
    }
    unsupported("Unsupported: returning a closure made in the compiled function");
  default: unsupported("Unsupported: reconstructing " + v->repr());
  }
}

void Codegen::replay(const std::vector<SideEffect>& effects) {
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
    case SideEffect::Kind::StoreDeref:
      reconstruct(e.value);
      asm_.emit(Op::STORE_DEREF, static_cast<uint32_t>(asm_.num_cellvars() + asm_.find_freevar(e.name)));
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
