// Resume functions: after a graph break, the rest of a frame runs as a new
// function, torch_dynamo_resume_in_<fn>_at_<line>, whose arguments are the
// values left on the stack (___stack0, ...) and the frame's locals. Its
// prologue pushes the stack values back and jumps to where the frame left
// off in a copy of the original code. Being an ordinary function, it is
// compiled on its own frame when called. Code objects are cached, so every
// compile of the same break reuses one resume function (and its cache).
#pragma once

#include "reference_compiler/lang/code_object.h"

#include <vector>

namespace refc::dynamo {

// The with-block a resume point is inside: the resume function's prologue
// enters the context manager again (Dynamo's ReenterWith).
struct ReenterWith {
  lang::Value maker;             // called with `args` to make the context manager
  std::vector<lang::Value> args; // constants
  int handler;                   // the block's exit handler in the original code
  size_t exit_slot;              // the stack values below the block's exit function
};

// The resume code continuing `original` at instruction `resume_pc` with the
// stack described by `stack_nulls` (bottom first; true for a NULL, which is
// pushed by the prologue, false for a value passed as an argument) and the
// locals `live` (varnames indices) as arguments after the stack values.
// `break_line` names it. With `with`, `stack_nulls` leaves out the block's
// exit function, which the prologue's SETUP_WITH pushes at `with->exit_slot`.
lang::Ref<lang::CodeObject> resume_code(const lang::CodeObject& original, int resume_pc,
                                        const std::vector<bool>& stack_nulls, const std::vector<int>& live,
                                        int break_line, const ReenterWith* with = nullptr);
void clear_resume_codes();

} // namespace refc::dynamo
