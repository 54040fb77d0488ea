// InstructionTranslator: the symbolic interpreter. It runs a frame's
// bytecode over variable trackers instead of values: tensor operations become
// graph nodes, Python arithmetic on constants is folded, user functions are
// inlined (a nested translator per call), and reads of the frame's inputs
// install guards. A root translator stops at the frame's RETURN_VALUE or at
// an instruction it was told to break the graph at; what the frame must do
// then (call the graph, replay side effects, resume) is convert_frame's job.
#pragma once

#include "reference_compiler/dynamo/output_graph.h"
#include "reference_compiler/dynamo/variables.h"
#include "reference_compiler/lang/code_object.h"
#include "reference_compiler/lang/dict_object.h"
#include "reference_compiler/lang/tuple_object.h"

#include <set>
#include <vector>

namespace refc::dynamo {

// A built-in exception class (ValueError, KeyError, ...): called with
// constant arguments while tracing, it makes a real exception the trace can
// raise and catch (translate_exceptions.cpp).
bool is_builtin_exception_class(const lang::Value& v);
// str(e) / repr(e) (`fname`) of such an exception: a constant; null for other arguments.
VarPtr exception_text(const std::string& fname, const std::vector<VarPtr>& args);

class InstructionTranslator {
public:
  // A root translator over a frame's code: `locals` are the frame's bound
  // arguments (trackers of L[...] sources, unbound slots null), `closure`
  // the function's cells (or empty). It breaks the graph before any
  // instruction in `break_at`.
  InstructionTranslator(OutputGraph& output, lang::CodeObject* code, lang::Dict* globals, lang::Dict* builtins,
                        std::vector<VarPtr> locals, std::vector<VarPtr> derefs, const std::set<int>* break_at);

  enum class Stop : uint8_t { Return, Break };
  // Runs until the frame returns (its value is then on the stack) or reaches
  // a break instruction. Throws Unsupported.
  Stop run();

  int pc() const { return pc_; }
  std::vector<VarPtr>& stack() { return stack_; }
  // Locals the trace has read or written; an argument it never touched is
  // null here and still lazy: unguarded, and unchanged in the frame.
  std::vector<VarPtr>& locals() { return locals_; }
  // Local `i`'s tracker, an argument not read yet wrapped (and guarded) now; null if unbound.
  VarPtr bound_local(size_t i);
  bool is_lazy(int index) const { return lazy_[static_cast<size_t>(index)] != 0; }
  // Cells then free variables; a root frame's are Cell trackers once touched.
  std::vector<VarPtr>& derefs() { return derefs_; }
  // The context managers of the with-blocks the frame is in, outermost first.
  std::vector<VarPtr> active_contexts() const;
  lang::CodeObject* code() const { return code_; }
  OutputGraph& output() { return output_; }
  // The translator of the caller of an inlined function (null for the root).
  InstructionTranslator* parent() const { return parent_; }
  // comptime(fn) or comptime.<helper>(args) met in the traced code, run now
  // (comptime.cpp); returns the call's value (None).
  VarPtr call_comptime(const std::string& helper, std::vector<VarPtr> args);
  // Calls fn(*args, **kwargs) as the traced code would (inlining user
  // functions); higher-order ops call their functions this way.
  VarPtr call(const VarPtr& fn, std::vector<VarPtr> args, std::vector<std::pair<std::string, VarPtr>> kwargs);
  // A lazy argument wrapped (and guarded), a lazy computation traced on its
  // realized operands, anything else as it is.
  VarPtr realize(const VarPtr& v);
  // The lazy computations on the stack and in the locals, before the code
  // after the graph is generated: one over an int or float input that may be
  // symbolic (specialize_int / specialize_float off) is realized, as 2.14's
  // codegen realizes it asking whether it is a SymNode; any other is
  // recomputed from its inputs (Codegen::reconstruct), each input never
  // looked at getting the TYPE_MATCH guard the computation relies on.
  void settle_lazy_computed();
  // Names v's node after the variable it is stored to, if it is a tensor not named yet.
  void name_after(const VarPtr& v, std::string_view variable);
  // Where the translator is now: file, line, function and source line.
  // The frame graph nodes made now are attributed to (OutputGraph::node_frame).
  std::optional<graph::UserFrame> node_frame() const;
  graph::UserFrame user_frame() const;
  // The frames of the translators that inlined this one, root first, at
  // their calls (a guard's user stack is these and user_frame()).
  std::vector<graph::UserFrame> caller_frames() const;

private:
  InstructionTranslator(InstructionTranslator* parent, lang::CodeObject* code, lang::Dict* globals,
                        std::vector<VarPtr> locals, std::vector<VarPtr> derefs, SourcePtr function_source);

  void step(const lang::Instruction& in);
  // ---- exceptions (translate_exceptions.cpp) ----
  // An exception raised in an inlined frame with no handler of its own: the
  // calling translator handles it at its call.
  struct ObservedException {
    VarPtr exc;
  };
  // The exception-handling instructions (raise, except matching, re-raise);
  // false when the instruction is not one, or cannot be traced.
  bool step_exception(const lang::Instruction& in);
  // Whether this frame or one that inlined it is inside a try (or with) block.
  bool in_try() const;
  // `exc` raised here: unwinds to the innermost block's handler, or to the caller.
  void raise_observed(const VarPtr& exc);
  // Makes the output attribute new guards and nodes to this translator's line.
  void attribute_to_here();
  void log_instruction(const lang::Instruction& in);
  // Pops the top of the stack, wrapping it if it is lazy (what looks at a
  // value pops it this way); pop_raw keeps it lazy (what only moves it).
  VarPtr pop();
  VarPtr pop_raw();
  void realize_all(std::vector<VarPtr>& args, std::vector<std::pair<std::string, VarPtr>>& kwargs);
  void push(VarPtr v) { stack_.push_back(std::move(v)); }
  std::vector<VarPtr> pop_n(size_t n);
  const std::string& name_at(uint32_t index) const;
  void jump(uint32_t target) { next_pc_ = static_cast<int>(target); }

  // ---- operations on trackers ----------------------------------------------------
  VarPtr load_global(const std::string& name);
  // The cell tracker of deref slot `index` (made on first use).
  const VarPtr& cell_at(int index);
  VarPtr get_attr(const VarPtr& obj, const std::string& name);
  VarPtr call_method(const VarPtr& self, const std::string& name, std::vector<VarPtr> args,
                     std::vector<std::pair<std::string, VarPtr>> kwargs);
  // An optimizer's _init_group, run for real (see translate_calls.cpp).
  VarPtr run_optimizer_init_group(const VarPtr& optimizer, const lang::Value& method, const std::vector<VarPtr>& args);
  VarPtr call_builtin(const lang::Value& fn, std::vector<VarPtr>& args,
                      std::vector<std::pair<std::string, VarPtr>>& kwargs);
  VarPtr inline_call(lang::CodeObject* code, lang::Dict* globals, const VarPtr& defaults, lang::Tuple* real_defaults,
                     lang::Dict* kwdefaults, std::vector<VarPtr> derefs, SourcePtr function_source,
                     std::vector<VarPtr> args, std::vector<std::pair<std::string, VarPtr>> kwargs);
  VarPtr binary_op(int op, const VarPtr& a, const VarPtr& b);
  // `a op b` left lazy (Variable::lazy_computed) when both are lazy constants
  // or constants, one of them lazy; null otherwise.
  VarPtr lazy_binary_op(int op, const VarPtr& a, const VarPtr& b);
  VarPtr compare(int op, const VarPtr& a, const VarPtr& b);
  VarPtr subscript(const VarPtr& obj, const VarPtr& key);
  void store_subscript(const VarPtr& obj, const VarPtr& key, const VarPtr& value);
  void store_attr(const VarPtr& obj, const std::string& name, const VarPtr& value);
  // Python truthiness of a tracker whose value is known while tracing.
  bool truth(const VarPtr& v);
  VarPtr get_iter(const VarPtr& v);
  std::vector<VarPtr> unpack(const VarPtr& v);
  VarPtr enter_grad_mode(const VarPtr& ctx);
  // min / max with a symbolic operand: torch.sym_min / sym_max graph nodes.
  VarPtr sym_min_max(const std::string& fname, const std::vector<VarPtr>& args);

  OutputGraph& output_;
  InstructionTranslator* parent_ = nullptr;
  int depth_ = 0;
  lang::CodeObject* code_;
  lang::Dict* globals_;
  lang::Dict* root_globals_; // the compiled frame's: only its globals are guarded by G[...] sources
  lang::Dict* builtins_;
  std::vector<VarPtr> stack_;
  std::vector<VarPtr> locals_;
  std::vector<char> lazy_; // root: arguments not yet wrapped (see locals())
  std::vector<VarPtr> derefs_; // cells then free variables (Cell trackers or read values)
  SourcePtr function_source_;  // the inlined function's source (for its closure), or null
  const std::set<int>* break_at_ = nullptr;
  lang::Value kw_names_;
  struct Block {
    int handler;
    VarPtr context; // a with-block's context manager, else null
    size_t depth;   // the stack's height the handler starts from (with the exception pushed)
  };
  VarPtr handled_; // the exception an except clause is handling (PUSH_EXC_INFO), or null
  std::vector<Block> blocks_;
  int pc_ = 0;
  int next_pc_ = 0;
  int line_ = -1; // the source line last logged (trace_source)
  bool returned_ = false;
};

} // namespace refc::dynamo
