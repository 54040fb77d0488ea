// Resume functions (see resume_function.h).
#include "reference_compiler/dynamo/resume_function.h"

#include "reference_compiler/dynamo/codegen.h"
#include "reference_compiler/lang/abstract.h"
#include "reference_compiler/lang/assembler.h"
#include "reference_compiler/lang/opcode.h"

#include <map>
#include <tuple>

namespace refc::dynamo {

using lang::Op;

namespace {

constexpr std::string_view kPrefix = "torch_dynamo_resume_in_";

// A with-block enters the key as its maker, arguments (reprs), handler and exit slot.
using Key = std::tuple<const lang::CodeObject*, int, std::vector<bool>, std::vector<int>, std::string>;

std::string with_key(const ReenterWith* with) {
  if (!with) return {};
  std::string key = std::to_string(reinterpret_cast<uintptr_t>(with->maker.as_obj())) + "/" +
                    std::to_string(with->handler) + "/" + std::to_string(with->exit_slot);
  for (const lang::Value& a : with->args) key += "/" + std::string(lang::repr(a)->view());
  return key;
}

std::map<Key, std::pair<lang::Ref<lang::CodeObject>, lang::Ref<lang::CodeObject>>>& cache() {
  static auto* c = new std::map<Key, std::pair<lang::Ref<lang::CodeObject>, lang::Ref<lang::CodeObject>>>();
  return *c;
}

lang::Ref<lang::CodeObject> build(const lang::CodeObject& original, int resume_pc, const std::vector<bool>& stack_nulls,
                                  const std::vector<int>& live, int break_line, const ReenterWith* with) {
  // A resume function of a resume function is named after the original function.
  std::string base = original.name;
  if (base.starts_with(kPrefix) && base.rfind("_at_") != std::string::npos)
    base = base.substr(kPrefix.size(), base.rfind("_at_") - kPrefix.size());
  const std::string name = std::string(kPrefix) + base + "_at_" + std::to_string(break_line);
  lang::Assembler a(name, name, original.filename, break_line);
  int nstack = 0;
  for (bool null : stack_nulls)
    if (!null) a.add_varname("___stack" + std::to_string(nstack++));
  for (int l : live) a.add_varname(original.varnames[static_cast<size_t>(l)]->view());
  for (lang::Str* v : original.varnames) a.add_varname(v->view());
  // The original's cells arrive in the closure with its free variables.
  for (lang::Str* c : original.cellvars) a.add_freevar(c->view());
  for (lang::Str* f : original.freevars) a.add_freevar(f->view());
  a.set_arg_counts(nstack + static_cast<int>(live.size()), 0, 0);
  a.add_flags(original.flags & (lang::CO_OPTIMIZED | lang::CO_NEWLOCALS | lang::CO_NESTED));

  const int n = static_cast<int>(original.code.size());
  std::vector<lang::Assembler::Label> labels;
  for (int i = 0; i < n; ++i) labels.push_back(a.new_label());

  // Prologue: free variables, the stack, then continue where the frame stopped.
  a.set_position({break_line, break_line, 0, 0});
  if (original.ncells() + original.nfrees() > 0)
    a.emit(Op::COPY_FREE_VARS, static_cast<uint32_t>(original.ncells() + original.nfrees()));
  int next = 0;
  for (size_t i = 0; i <= stack_nulls.size(); ++i) {
    if (with && i == with->exit_slot) {
      // with maker(*args): the block's exit function goes where it was.
      a.emit(Op::PUSH_NULL);
      a.emit(Op::LOAD_CONST, static_cast<uint32_t>(a.add_const(with->maker)));
      for (const lang::Value& arg : with->args) a.emit(Op::LOAD_CONST, static_cast<uint32_t>(a.add_const(arg)));
      a.emit(Op::CALL, static_cast<uint32_t>(with->args.size()));
      a.emit_jump(Op::SETUP_WITH, labels[static_cast<size_t>(with->handler)]);
      a.emit(Op::POP_TOP);
    }
    if (i == stack_nulls.size()) break;
    if (stack_nulls[i]) a.emit(Op::PUSH_NULL);
    else a.emit(Op::LOAD_FAST, static_cast<uint32_t>(next++));
  }
  a.emit_jump(Op::JUMP_FORWARD, labels[static_cast<size_t>(resume_pc)]);

  // The original code (what precedes resume_pc becomes unreachable and is dropped).
  std::vector<std::pair<int, uint32_t>> open; // (block id, end)
  for (int i = 0; i <= n; ++i) {
    while (!open.empty() && open.back().second == static_cast<uint32_t>(i)) {
      a.end_block(open.back().first);
      open.pop_back();
    }
    if (i == n) break;
    for (const lang::BlockInfo& b : original.blocks)
      if (b.start == static_cast<uint32_t>(i)) {
        lang::Assembler::Label handler = b.handler >= 0 ? labels[static_cast<size_t>(b.handler)] : lang::Assembler::Label{};
        open.emplace_back(a.begin_block(b.kind, handler, b.line), b.end);
      }
    a.bind(labels[static_cast<size_t>(i)]);
    a.set_position(original.positions[static_cast<size_t>(i)]);
    const lang::Instruction& in = original.code[static_cast<size_t>(i)];
    const bool jumps = lang::op_has_flag(in.op, lang::opflags::kJump);
    copy_instruction(a, original, in, jumps ? labels[in.arg] : lang::Assembler::Label{});
  }
  return a.assemble();
}

} // namespace

lang::Ref<lang::CodeObject> resume_code(const lang::CodeObject& original, int resume_pc,
                                        const std::vector<bool>& stack_nulls, const std::vector<int>& live,
                                        int break_line, const ReenterWith* with) {
  Key key{&original, resume_pc, stack_nulls, live, with_key(with)};
  auto it = cache().find(key);
  if (it == cache().end())
    it = cache()
             .emplace(key, std::make_pair(lang::Ref<lang::CodeObject>::borrow(const_cast<lang::CodeObject*>(&original)),
                                          build(original, resume_pc, stack_nulls, live, break_line, with)))
             .first;
  return it->second.second;
}

void clear_resume_codes() { cache().clear(); }

} // namespace refc::dynamo
