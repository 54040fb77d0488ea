// The virtual machine: the eval loop that executes frames, the ways into it
// (running module and class bodies, calling Python functions, resuming
// generators), the interpreter-wide execution state (the Python call stack,
// the exception being handled) and the PEP 523-style frame hook the tracer
// installs to see — and possibly replace — every frame before it runs.
#pragma once

#include "reference_compiler/lang/code_object.h"
#include "reference_compiler/lang/dict_object.h"
#include "reference_compiler/lang/frame.h"
#include "reference_compiler/lang/function_object.h"
#include "reference_compiler/lang/native_function.h"
#include "reference_compiler/lang/value.h"

#include <functional>

namespace refc::lang {

// ---- the frame hook ------------------------------------------------------------

enum class HookAction : uint8_t {
  Run,            // evaluate the frame as it is
  RunCode,        // evaluate `code` instead, with the frame's state (arguments, cells)
  RunWithoutHook, // evaluate the frame; frames it calls run without the hook
};
struct FrameHookResult {
  HookAction action = HookAction::Run;
  Ref<CodeObject> code; // for RunCode: its first nlocals varnames must extend the frame's
};
// Called with each Python-level frame (function, module or class body, and a
// generator's frame when the generator is created) after its arguments are
// bound and before its first instruction runs.
using FrameHook = std::function<FrameHookResult(Frame&)>;
// Installs `hook` (an empty function removes it); returns the previous hook.
FrameHook set_frame_hook(FrameHook hook);

// ---- running code ------------------------------------------------------------------

// Runs module-level code with `globals` (and `locals`, usually the same dict).
Value run_code(CodeObject* code, Dict* globals, Dict* locals);
// Runs a class body function with `ns` as its namespace (for __build_class__).
Value run_class_body(Function* body, Dict* ns);

// ---- execution state -----------------------------------------------------------------

// The innermost executing Python frame, or null.
Frame* current_frame();
// The exception being handled (inside an except clause), or Null.
const Value& handled_exception();
// Makes `v` (or Null) the exception being handled and returns the previous
// one; generators swap their own state in while they run.
Value exchange_handled_exception(Value v);
// The variable holding the exception being handled (Null when none).
Value& handled_exception_slot();

// ---- generators (generator_object.cpp resumes frames through these) --------------------

enum class ResumeMode : uint8_t { Send, Throw, Continue };
// Runs a suspended or new heap frame until it yields or finishes. Send pushes
// `arg` as the value of the pending yield (nothing for a new frame); Throw
// raises exception `arg` at the yield; Continue runs from the frame's current
// instruction as it is (after a `yield from` delegate finished). Sets `returned` when the frame finished
// (the result is then its return value; the frame is cleared). Raises what
// the frame raises (the frame is then cleared too).
Value resume_frame(Frame* f, ResumeMode mode, Value arg, bool& returned);
// Frees a heap frame made by a call of a generator function.
void free_heap_frame(Frame* f);

} // namespace refc::lang
