// convert_frame: trace, compile and rewrite one frame (see convert_frame.h).
#include "reference_compiler/dynamo/convert_frame.h"

#include "reference_compiler/dynamo/backend_seam.h"
#include "reference_compiler/dynamo/codegen.h"
#include "reference_compiler/dynamo/runtime_asserts.h"
#include "reference_compiler/dynamo/fx_bindings.h"
#include "reference_compiler/dynamo/instruction_translator.h"
#include "reference_compiler/dynamo/python_side.h"
#include "reference_compiler/dynamo/resume_function.h"
#include "reference_compiler/graph/graph_printer.h"
#include "reference_compiler/lang/abstract.h"
#include "reference_compiler/lang/errors.h"
#include "reference_compiler/lang/function_object.h"
#include "reference_compiler/lang/interpreter.h"
#include "reference_compiler/lang/list_object.h"
#include "reference_compiler/lang/tuple_object.h"
#include "reference_compiler/logging/logs.h"
#include "reference_compiler/ops/grad_mode.h"
#include "reference_compiler/tensor/sym_node.h"
#include "reference_compiler/tensor/tensor_types.h"

#include <map>
#include <optional>
#include <set>

namespace refc::dynamo {

using lang::Op;
using lang::Value;
using Kind = Variable::Kind;

namespace {

int g_compiled_graphs = 0;

constexpr int kMaxRestarts = 32;

// The user frames of a graph break, as tracebacks list them.
std::string format_user_stack(const std::vector<graph::UserFrame>& stack, const std::string& file_indent) {
  std::string out;
  for (const graph::UserFrame& f : stack) {
    out += file_indent + "File \"" + f.file + "\", line " + std::to_string(f.line) + ", in " + f.function + "\n";
    if (!f.code.empty()) out += "    " + f.code + "\n"; // no source line for refc's built-in modules
  }
  return out;
}

// How many values an instruction the frame can break at pushes (never NULL).
int values_produced(const lang::Instruction& in) {
  switch (in.op) {
  case Op::STORE_SUBSCR:
  case Op::STORE_ATTR: return 0;
  case Op::UNPACK_SEQUENCE: return static_cast<int>(in.arg);
  default: return 1;
  }
}

// Dynamo's livevars_analysis: the locals the code from `pc` on may read
// before writing them. The straight path from `pc` accumulates the writes
// that must happen; reads on any branch count unless such a write came first.
std::vector<bool> live_locals(const lang::CodeObject& code, int pc) {
  std::vector<bool> live(static_cast<size_t>(code.nlocals()), false);
  std::vector<bool> written(live.size(), false); // on the straight path
  std::vector<bool> visited(code.code.size(), false);
  auto walk = [&](auto& self, size_t start, bool straight) -> void {
    if (visited[start]) return;
    visited[start] = true;
    for (size_t i = start; i < code.code.size(); ++i) {
      const lang::Instruction& in = code.code[i];
      if (lang::op_info(in.op).arg_kind == lang::ArgKind::Local) {
        if (in.op == Op::STORE_FAST) {
          if (straight) written[in.arg] = true;
        } else if (!written[in.arg]) {
          live[in.arg] = true; // LOAD_FAST, DELETE_FAST
        }
      }
      if (lang::op_has_flag(in.op, lang::opflags::kJump)) {
        self(self, in.arg, false);
        straight = false;
      }
      if (lang::op_has_flag(in.op, lang::opflags::kNoFallthrough)) return;
    }
  };
  walk(walk, static_cast<size_t>(pc), true);
  return live;
}

// The exit handler of the with-block enclosing `pc`.
int enclosing_with_handler(const lang::CodeObject& code, int pc) {
  int handler = -1;
  for (const lang::BlockInfo& b : code.blocks)
    if (b.kind == lang::BlockKind::With && b.start <= static_cast<uint32_t>(pc) && static_cast<uint32_t>(pc) < b.end)
      handler = b.handler;
  return handler;
}

// Whether the frame can stop before instruction `pc` and resume after it:
// not in a loop or try block, and in at most one with-block, of a context
// manager the resume function can enter again.
bool can_resume_at(const lang::CodeObject& code, int pc, const std::vector<VarPtr>& contexts) {
  int withs = 0;
  for (const lang::BlockInfo& b : code.blocks)
    if (b.start <= static_cast<uint32_t>(pc) && static_cast<uint32_t>(pc) < b.end) {
      if (b.kind != lang::BlockKind::With) return false;
      ++withs;
    }
  if (withs > 1 || withs != static_cast<int>(contexts.size())) return false;
  if (withs == 1 && (!contexts[0]->is(Variable::Kind::GradMode) || code.code[static_cast<size_t>(pc)].op == Op::POP_JUMP_IF_FALSE ||
                     code.code[static_cast<size_t>(pc)].op == Op::POP_JUMP_IF_TRUE))
    return false;
  if (code.is_generator()) return false;
  switch (code.code[static_cast<size_t>(pc)].op) {
  case Op::CALL:
  case Op::CALL_FUNCTION_EX:
  case Op::POP_JUMP_IF_FALSE:
  case Op::POP_JUMP_IF_TRUE:
  case Op::BINARY_OP:
  case Op::BINARY_SUBSCR:
  case Op::STORE_SUBSCR:
  case Op::STORE_ATTR:
  case Op::LOAD_ATTR:
  case Op::COMPARE_OP:
  case Op::CONTAINS_OP:
  case Op::UNARY_NEGATIVE:
  case Op::UNARY_POSITIVE:
  case Op::UNARY_INVERT:
  case Op::UNARY_NOT:
  case Op::GET_ITER:
  case Op::UNPACK_SEQUENCE:
  case Op::FORMAT_VALUE:
  case Op::BUILD_STRING: return true;
  default: return false;
  }
}

// The tensors the code after the graph needs: graph outputs, in first-use order.
void collect_outputs(const VarPtr& v, std::vector<graph::Node*>& out, std::set<const Variable*>& seen) {
  if (!v || !seen.insert(v.get()).second) return;
  switch (v->kind) {
  case Kind::Tensor:
  case Kind::SymNode:
    if (v->source) return; // reloaded from where it came from
    if (std::find(out.begin(), out.end(), v->node) == out.end()) out.push_back(v->node);
    return;
  case Kind::List:
  case Kind::Tuple:
  case Kind::Dict:
  case Kind::Iterator:
  case Kind::NewObject:
  case Kind::Slice:
    if (v->source && !v->mutated) return;
    for (const VarPtr& item : v->items) collect_outputs(item, out, seen);
    return;
  case Kind::Method:
  case Kind::Cell: collect_outputs(v->self, out, seen); return;
  case Kind::NestedFunction: collect_outputs(v->defaults, out, seen); return;
  default: return;
  }
}

// The cells reachable from `v` through functions made by the trace (their closures).
void closed_over(const VarPtr& v, std::set<const Variable*>& cells, std::set<const Variable*>& seen) {
  if (!v || !seen.insert(v.get()).second) return;
  switch (v->kind) {
  case Kind::NestedFunction:
    for (const VarPtr& c : v->closure) {
      if (c && c->is(Kind::Cell)) cells.insert(c.get());
      closed_over(c, cells, seen);
    }
    closed_over(v->defaults, cells, seen);
    return;
  case Kind::List:
  case Kind::Tuple:
  case Kind::Dict:
  case Kind::Iterator:
  case Kind::NewObject:
    for (const VarPtr& item : v->items) closed_over(item, cells, seen);
    return;
  case Kind::Method:
  case Kind::Cell: closed_over(v->self, cells, seen); return;
  default: return;
  }
}

// The written cells the new code stores back. After a return, a cell of
// the frame's own is dead unless a function the frame made and let escape
// (returned, or stored by a side effect) closes over it, so Dynamo neither
// writes it nor makes its value a graph output; after a break, the resume
// function reads them all.
std::vector<VarPtr> cells_to_write(const lang::CodeObject& code, const std::vector<VarPtr>& derefs, bool returned,
                                   const std::vector<VarPtr>& escaping) {
  std::set<const Variable*> reachable, seen;
  for (const VarPtr& v : escaping) closed_over(v, reachable, seen);
  std::vector<VarPtr> out;
  for (const VarPtr& cell : derefs)
    if (cell && cell->mutated &&
        (!returned || cell->index >= code.ncells() || cell->index < 0 || reachable.count(cell.get())))
      out.push_back(cell);
  return out;
}

void log_graph_break(const Unsupported& u, const std::string& reason) {
  if (!logging::enabled(logging::Artifact::graph_breaks) || u.user_stack.empty()) return;
  const graph::UserFrame& where = u.user_stack.back();
  const std::string at = where.file + ":" + std::to_string(where.line);
  // A break logged before at the same place is logged without its stack.
  static std::set<std::string> logged;
  if (!logged.insert(at).second) {
    logging::log(logging::Artifact::graph_breaks,
                 "Graph break (user stack suppressed due to duplicate graph break) in user code at " + at +
                     "\nReason: " + reason);
    return;
  }
  logging::log(logging::Artifact::graph_breaks, "Graph break in user code at " + at + "\nReason: " + reason +
                                                    "\nUser code traceback:\n" + format_user_stack(u.user_stack, ""));
}

bool in_loop(const lang::CodeObject& code, int pc) {
  for (const lang::BlockInfo& b : code.blocks)
    if (b.kind == lang::BlockKind::Loop && b.start <= static_cast<uint32_t>(pc) && static_cast<uint32_t>(pc) < b.end)
      return true;
  return false;
}

// A break inside a loop cannot be resumed: as 2.14 does, the frame runs
// eagerly, the break is logged as not handled gracefully (with the loop's
// own break chained to it) and the dynamo log says WON'T CONVERT.
void log_skipped_in_loop(const Unsupported& u, const lang::CodeObject& code) {
  const std::string frame = code.name + " (" + code.filename + " line " + std::to_string(code.first_line) + ")";
  const std::string chain = u.describe() + "\n\n*** While handling this graph break, another graph break occurred: ***\n\n" +
                            make_graph_break(GraphBreak::BreakInLoop, {frame}).describe();
  log_graph_break(u, "Failed to handle graph break gracefully. Skipping the function and falling back to eager. "
                     "Graph break encountered:\n\n" + chain);
  logging::log("torch._dynamo", logging::kInfo,
               "WON'T CONVERT " + code.name + " " + code.filename + " line " + std::to_string(code.first_line) +
                   " \ndue to: \ntorch._dynamo.exc.Unsupported: " + chain + "\n\nfrom user code:\n" +
                   format_user_stack(u.user_stack, "   ") + kVerboseHint);
}

// Finishes the graph, logs it, and asks the backend for a callable.
Value compile_graph(OutputGraph& out, const std::vector<graph::Node*>& outputs, const CompileConfig& config) {
  std::vector<Value> results;
  for (graph::Node* n : outputs) results.push_back(Value::borrow(n));
  out.graph().output(Value(lang::make_tuple(std::move(results))));
  insert_runtime_asserts(out.graph(), out.shared_shape_env());
  out.prune_unused_inputs();
  out.graph().verify();
  const std::string name = "__compiled_fn_" + std::to_string(++g_compiled_graphs);
  bump_counter("stats", "unique_graphs");
  bump_counter("stats", "calls_captured", out.count_calls());
  if (logging::enabled(logging::Artifact::graph_code))
    logging::log(logging::Artifact::graph_code, "TRACED GRAPH\n ===== " + name + " =====\n " +
                                                    "torch/fx/_lazy_graph_module.py " +
                                                    graph::print_readable(out.graph()));
  if (logging::enabled(logging::Artifact::graph_sizes)) {
    std::string sizes = "TRACED GRAPH TENSOR SIZES\n===== " + name + " =====\n";
    for (const lang::Ref<graph::Node>& n : out.graph().nodes()) {
      if (!tensor::is_tensor(n->example_value)) continue;
      const tensor::Tensor t = tensor::Tensor::from_value(n->example_value);
      std::string shape = "(";
      for (int64_t d = 0; d < t.dim(); ++d) shape += (d ? ", " : "") + t.sym_sizes()[static_cast<size_t>(d)].str();
      sizes += n->name + ": " + shape + (t.dim() == 1 ? ",)" : ")") + "\n";
    }
    logging::log(logging::Artifact::graph_sizes, sizes);
  }
  logging::log("torch._dynamo", logging::kInfo, "Step 2: calling compiler function " + config.backend_name);
  // The backend sees a torch.fx.GraphModule and the real inputs of this call.
  Value fx = Value(lang::import_module("torch.fx"));
  Value gm = lang::call(lang::getattr(fx, lang::intern("GraphModule")), {Value::none(), wrap_graph(out.shared_graph())});
  std::vector<Value> inputs;
  for (const GraphInput& in : out.inputs()) {
    // As in 2.14, a symbolic int input reaches the backend as its placeholder's torch.SymInt (with its hint).
    const tensor::SymNodeImpl* sym = tensor::as_sym_node(in.node->example_value);
    const bool symbolic_int = sym && sym->kind == tensor::SymKind::Int && !sym->maybe_int();
    inputs.push_back(symbolic_int ? in.node->example_value : in.value);
  }
  Value example_inputs = Value(lang::make_list(std::move(inputs)));
  Value compiled;
  try {
    compiled = backend_seam().call_backend(config.backend, config.backend_name, gm, example_inputs);
    logging::log("torch._dynamo", logging::kInfo, "Step 2: done compiler function " + config.backend_name);
  } catch (const lang::PyError& e) {
    std::string message = "backend='" + config.backend_name + "' raised:\n" + lang::type_name(e.exc) + ": " +
                          std::string(lang::to_str(e.exc)->view()) + "\n" + kVerboseHint;
    // The repro dumper (TORCHDYNAMO_REPRO_AFTER) names its file on the error it re-raises.
    Value minifier_path = lang::getattr_or_null(e.exc, lang::intern("minifier_path"));
    if (!minifier_path.is_null())
      message += "\nMinifier script written to " + std::string(lang::to_str(minifier_path)->view()) +
                 ". Run this script to find the smallest traced graph which reproduces this error.\n";
    raise_dynamo_exception("BackendCompilerFailed", message, e.exc);
  }
  // As in 2.14, a violated mark_dynamic constraint fails after the backend
  // ran (it counts a frame), here and again when the guards are built.
  out.produce_shape_guards();
  return compiled;
}

} // namespace

ConvertResult convert_frame(lang::Frame& frame, const CompileConfig& config, CodeState* automatic) {
  lang::CodeObject& code = *frame.code();
  lang::Function* fn = frame.function();
  std::span<const Value> closure;
  if (fn && fn->closure) closure = fn->closure->items;
  const GuardInput input{frame.locals(), frame.globals(), closure};
  const bool grad_mode = ops::grad_enabled();

  bump_counter("frames", "total");
  std::set<int> break_at;
  for (int attempt = 0; attempt < kMaxRestarts; ++attempt) {
    logging::log("torch._dynamo", logging::kInfo,
                 "Step 1: torchdynamo start tracing " + code.name + " " + code.filename + ":" +
                     std::to_string(code.first_line));
    OutputGraph out(input, config.dynamic, automatic);
    out.one_graph = config.fullgraph;
    InstructionTranslator tx(out, &code, frame.globals(), frame.builtins(),
                             std::vector<VarPtr>(static_cast<size_t>(code.nlocals())),
                             std::vector<VarPtr>(static_cast<size_t>(code.ncells() + code.nfrees())), &break_at);
    InstructionTranslator::Stop stop;
    try {
      stop = tx.run();
      // A graph that ends inside torch.no_grad() restores the mode the frame
      // started with (the code after it sets the block's mode again).
      if (stop == InstructionTranslator::Stop::Break) out.set_grad_enabled(grad_mode);
      ops::set_grad_enabled(grad_mode);
    } catch (Unsupported& u) {
      ops::set_grad_enabled(grad_mode);
      const int pc = tx.pc();
      if (config.fullgraph || !u.error_type.empty())
        raise_dynamo_exception(u.error_type.empty() ? "Unsupported" : u.error_type.c_str(), u.describe() + "\n\nfrom user code:\n" +
                                                  format_user_stack(u.user_stack, "   ") + kVerboseHint);
      if (!u.skip_frame && !break_at.count(pc) && in_loop(code, pc)) {
        log_skipped_in_loop(u, code);
        return {nullptr, nullptr, u.reason};
      }
      log_graph_break(u, u.reason);
      if (u.skip_frame_in_root && u.user_stack.size() <= 1) return {nullptr, nullptr, u.reason, true};
      if (u.skip_frame || break_at.count(pc) || !can_resume_at(code, pc, tx.active_contexts()))
        return {nullptr, nullptr, u.reason};
      // explain() reports a data-dependent jump as Dynamo's compile reason does.
      bump_counter("graph_break", u.data_dependent_jump ? "generic_jump TensorVariable()" : u.gb_type);
      break_at.insert(pc);
      if (u.at_jump) {
        stop = InstructionTranslator::Stop::Break;
        out.set_grad_enabled(grad_mode);
      } else {
        logging::log("torch._dynamo", logging::kInfo,
                     "Restarting analysis due to _dynamo/symbolic_convert.py:306 in fail_and_restart_analysis");
        continue;
      }
    }

    // ---- the replacement code (an Unsupported on the way: the frame runs as it is) ----
    try {
      tx.settle_lazy_computed();
      Codegen cg(code);
      lang::Assembler& a = cg.assembler();
      std::vector<VarPtr>& stack = tx.stack();
      std::vector<VarPtr>& locals = tx.locals();
      std::vector<graph::Node*> outputs;
      std::set<const Variable*> seen;
      for (const VarPtr& v : stack) collect_outputs(v, outputs, seen);
      if (stop == InstructionTranslator::Stop::Break)
        for (const VarPtr& v : locals) collect_outputs(v, outputs, seen);
      for (const SideEffect& e : out.side_effects()) {
        collect_outputs(e.target, outputs, seen);
        collect_outputs(e.value, outputs, seen);
      }
      std::vector<VarPtr> escaping(stack.begin(), stack.end());
      for (const SideEffect& e : out.side_effects()) {
        escaping.push_back(e.target);
        escaping.push_back(e.value);
      }
      const std::vector<VarPtr> written_cells =
          cells_to_write(code, tx.derefs(), stop == InstructionTranslator::Stop::Return, escaping);
      for (const VarPtr& cell : written_cells) collect_outputs(cell, outputs, seen);
      if (stop == InstructionTranslator::Stop::Return) {
        if (out.count_calls() == 0 && out.side_effects().empty()) return {nullptr, nullptr, "no ops traced"};
        logging::log("torch._dynamo", logging::kInfo, "Step 1: torchdynamo done tracing " + code.name + " (RETURN_VALUE)");
      }

      // What the frame needs after the graph must be rebuildable before the backend is asked.
      bool rebuildable = true;
      for (const VarPtr& v : stack) {
        const bool context_exit = v->is(Kind::Method) && v->self && v->self->is(Kind::GradMode); // made again
        rebuildable &= context_exit || Codegen::reconstructible(v);
      }
      if (stop == InstructionTranslator::Stop::Break)
        for (const VarPtr& v : locals) rebuildable &= !v || Codegen::reconstructible(v);
      for (const SideEffect& e : out.side_effects())
        rebuildable &= (!e.target || Codegen::reconstructible(e.target)) && (!e.value || Codegen::reconstructible(e.value));
      for (const VarPtr& cell : written_cells) rebuildable &= !cell->self || Codegen::reconstructible(cell->self);
      if (!rebuildable) return {nullptr, nullptr, "a value the frame needs after the graph cannot be rebuilt"};
      if (out.count_calls() > 0) {
        const Value compiled = compile_graph(out, outputs, config);
        // The built-in eager backend returns the graph's forward: its ops run in the frame.
        const bool eager = backend_seam().is_eager(config.backend);
        if (!eager || !cg.inline_graph(out.graph(), out.inputs(), outputs)) cg.call_graph(compiled, out.inputs(), outputs);
      }
      // What is rebuilt after the side effects are replayed is read from its
      // sources before they are (as Dynamo restores the stack first).
      std::vector<VarPtr> rebuilt(stack.begin(), stack.end());
      if (stop == InstructionTranslator::Stop::Break) rebuilt.insert(rebuilt.end(), locals.begin(), locals.end());
      cg.preload_sources(rebuilt);
      cg.replay(out.side_effects());
      cg.store_cells(written_cells);
      if (stop == InstructionTranslator::Stop::Return) {
        cg.reconstruct(stack.back());
        a.emit(Op::RETURN_VALUE);
        bump_counter("frames", "ok");
        return {cg.finish(), out.take_guards(), ""};
      }
      // A graph break at tx.pc(): restore the frame, run the instruction, resume.
      const int pc = tx.pc();
      const lang::Instruction& in = code.code[static_cast<size_t>(pc)];
      // The live locals (their indices name the resume function's
      // parameters) and where the code below finds each value: a local the
      // trace changed is rebuilt into a temporary, never written back, so
      // values read from a frame-local source (L['x']) still see the frame's
      // original arguments.
      std::vector<int> live, live_slots;
      const std::vector<bool> read_later = live_locals(code, pc);
      for (size_t i = 0; i < locals.size(); ++i) {
        // A resume function's stack arguments are dead once its prologue pushed them.
        if (!read_later[i] || code.varnames[i]->view().starts_with("___stack")) continue;
        if (locals[i]) {
          cg.reconstruct(locals[i]);
          live_slots.push_back(cg.new_temp("local"));
          a.emit(Op::STORE_FAST, static_cast<uint32_t>(live_slots.back()));
          live.push_back(static_cast<int>(i));
        } else if (!input.locals[i].is_null() && tx.is_lazy(static_cast<int>(i))) {
          live_slots.push_back(static_cast<int>(i));
          live.push_back(static_cast<int>(i));
        }
      }
      const int line = code.line_at(pc);
      // Inside a with-block of a supported context manager, the instruction
      // runs inside it again and the resume function re-enters it.
      const std::vector<VarPtr> contexts = tx.active_contexts();
      std::optional<ReenterWith> with;
      size_t exit_slot = stack.size();
      if (!contexts.empty()) {
        const VarPtr& ctx = contexts.back();
        for (size_t i = 0; i < stack.size(); ++i)
          if (stack[i]->is(Kind::Method) && stack[i]->self == ctx) exit_slot = i;
        with = ReenterWith{ctx->value, {}, enclosing_with_handler(code, pc), exit_slot};
        if (ctx->name == "set_grad_enabled") with->args.push_back(Value::boolean(ctx->index == 1));
        for (const VarPtr& arg : ctx->items) with->args.push_back(arg->as_python_constant());
      }
      auto nulls_of = [&](size_t from, size_t to) {
        std::vector<bool> nulls;
        for (size_t i = from; i < to; ++i) nulls.push_back(stack[i]->is(Kind::Null));
        return nulls;
      };
      // Stores the values on top of the stack (described by `nulls`) in new
      // temporaries, top first; returns them bottom first.
      auto store_stack = [&](const std::vector<bool>& nulls) {
        std::vector<int> temps;
        for (bool null : nulls)
          if (!null) temps.push_back(cg.new_temp("stack"));
        size_t t = temps.size();
        for (auto it = nulls.rbegin(); it != nulls.rend(); ++it) {
          if (*it) a.emit(Op::POP_TOP);
          else a.emit(Op::STORE_FAST, static_cast<uint32_t>(temps[--t]));
        }
        return temps;
      };
      // Calls the resume function continuing at `resume_pc` with the stack
      // values in `temps` and the live locals, and returns what it returns.
      auto call_resume = [&](int resume_pc, const std::vector<bool>& nulls, const std::vector<int>& temps) {
        lang::Ref<lang::CodeObject> rc = resume_code(code, resume_pc, nulls, live, line, with ? &*with : nullptr);
        a.emit(Op::PUSH_NULL);
        uint32_t flags = 0;
        // The resume function closes over the frame's cells and free variables.
        const int nderefs = code.ncells() + code.nfrees();
        if (nderefs > 0) {
          for (int i = 0; i < nderefs; ++i) a.emit(Op::LOAD_CLOSURE, static_cast<uint32_t>(i));
          a.emit(Op::BUILD_TUPLE, static_cast<uint32_t>(nderefs));
          flags = 8;
        }
        a.emit(Op::LOAD_CONST, static_cast<uint32_t>(a.add_const(Value::borrow(rc.get()))));
        a.emit(Op::MAKE_FUNCTION, flags);
        for (int temp : temps) a.emit(Op::LOAD_FAST, static_cast<uint32_t>(temp));
        for (int slot : live_slots) a.emit(Op::LOAD_FAST, static_cast<uint32_t>(slot));
        a.emit(Op::CALL, static_cast<uint32_t>(temps.size() + live.size()));
        a.emit(Op::RETURN_VALUE);
      };
      for (size_t i = 0; i < exit_slot; ++i) cg.reconstruct(stack[i]);
      lang::Assembler::Label handler, after;
      if (with) {
        handler = a.new_label();
        after = a.new_label();
        cg.enter_context(*with, handler);
      }
      for (size_t i = with ? exit_slot + 1 : exit_slot; i < stack.size(); ++i) cg.reconstruct(stack[i]);
      a.set_position(code.positions[static_cast<size_t>(pc)]);
      if (in.op == Op::POP_JUMP_IF_FALSE || in.op == Op::POP_JUMP_IF_TRUE) {
        const std::vector<bool> nulls = nulls_of(0, stack.size() - 1);
        lang::Assembler::Label taken = a.new_label();
        a.emit_jump(in.op, taken);
        call_resume(pc + 1, nulls, store_stack(nulls));
        a.bind(taken);
        call_resume(static_cast<int>(in.arg), nulls, store_stack(nulls));
      } else {
        if (in.op == Op::CALL && pc > 0 && code.code[static_cast<size_t>(pc - 1)].op == Op::KW_NAMES)
          copy_instruction(a, code, code.code[static_cast<size_t>(pc - 1)], {});
        copy_instruction(a, code, in, {});
        const int produced = values_produced(in);
        const int consumed = produced - lang::stack_effect(in.op, in.arg, false);
        const size_t below = with ? exit_slot + 1 : 0;
        std::vector<bool> nulls = nulls_of(below, stack.size() - static_cast<size_t>(consumed));
        nulls.resize(nulls.size() + static_cast<size_t>(produced), false);
        std::vector<int> temps = store_stack(nulls);
        if (with) {
          // Leave the block as the original would, then keep what was under it.
          cg.exit_context(handler, after);
          std::vector<bool> outer = nulls_of(0, exit_slot);
          std::vector<int> outer_temps = store_stack(outer);
          outer.insert(outer.end(), nulls.begin(), nulls.end());
          outer_temps.insert(outer_temps.end(), temps.begin(), temps.end());
          nulls = std::move(outer);
          temps = std::move(outer_temps);
        }
        call_resume(pc + 1, nulls, temps);
      }
      bump_counter("frames", "ok");
      return {cg.finish(), out.take_guards(), ""};
    } catch (Unsupported& u) {
      return {nullptr, nullptr, u.reason};
    }
  }
  return {nullptr, nullptr, "too many graph breaks"};
}

} // namespace refc::dynamo
