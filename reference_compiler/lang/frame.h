// Frame: the activation record of one running code object — its local,
// cell and free-variable slots, value stack, runtime block stack (pushed by
// SETUP_FINALLY / SETUP_CLEANUP / SETUP_WITH), the instruction being executed,
// and the namespaces it resolves names in. Frames live in one contiguous
// arena (FrameArena, LIFO, no malloc per call); generator frames live on the
// heap because they outlive their caller. The accessors are the tracer's view
// of a frame (PEP 523-style frame hooks receive a Frame&).
#pragma once

#include "reference_compiler/lang/code_object.h"
#include "reference_compiler/lang/dict_object.h"
#include "reference_compiler/lang/function_object.h"
#include "reference_compiler/lang/value.h"

#include <cstddef>
#include <cstdint>
#include <span>

namespace refc::lang {

struct Generator;

// One entry of the runtime block stack.
struct RuntimeBlock {
  uint32_t handler; // instruction index of the handler
  uint32_t level;   // value-stack depth to unwind to before pushing the exception
};

struct Frame {
  // ---- the tracer's view ----------------------------------------------------------
  CodeObject* code() const { return code_; }
  Function* function() const { return func_; } // null for module code and raw code runs
  Dict* globals() const { return globals_; }
  Dict* builtins() const { return builtins_; }
  // The LOAD_NAME / STORE_NAME namespace (module or class body), or null.
  Dict* locals_dict() const { return locals_dict_; }
  // Local variables, in varnames order (Null = unbound).
  std::span<Value> locals() { return {localsplus(), static_cast<size_t>(code_->nlocals())}; }
  // Cell and free-variable slots (each holds a Cell once MAKE_CELL / COPY_FREE_VARS ran).
  std::span<Value> cells() {
    return {localsplus() + code_->nlocals(),
            static_cast<size_t>(code_->ncells() + code_->nfrees())};
  }
  // The instruction executing now (or about to run first / resume at).
  int pc() const { return static_cast<int>(ip_ - code_->code.data()); }
  int line() const { return code_->line_at(pc()); }
  // The value stack, bottom first. Exact for a frame that is suspended,
  // calling another Python frame, or not yet started.
  std::span<Value> stack() { return {stack_base(), static_cast<size_t>(sp_ - stack_base())}; }
  std::span<RuntimeBlock> block_stack() { return {blocks(), static_cast<size_t>(nblocks_)}; }
  Frame* previous() const { return previous_; }
  Generator* generator() const { return gen_; }

  // ---- layout -----------------------------------------------------------------------
  Value* localsplus() { return reinterpret_cast<Value*>(this + 1); }
  Value* stack_base() { return localsplus() + code_->layout_nlocalsplus; }
  RuntimeBlock* blocks() {
    return reinterpret_cast<RuntimeBlock*>(stack_base() + code_->stacksize);
  }
  static size_t size_for(const CodeObject* code) { return code->layout_frame_bytes; }

  // ---- state (owned by the VM) --------------------------------------------------------
  static constexpr uint8_t kOnHeap = 1;        // a generator frame
  static constexpr uint8_t kHookSuspended = 2; // suspends the frame hook while it runs

  CodeObject* code_;     // a counted reference
  Function* func_;       // a counted reference, or null
  Dict* globals_;        // borrowed: kept alive by func_ or the runner
  Dict* builtins_;       // borrowed
  Dict* locals_dict_;    // borrowed: the runner keeps it alive
  Frame* previous_ = nullptr;
  const Instruction* ip_;
  Value* sp_;
  Frame* shadowed_ = nullptr; // a frame the hook replaced, released with this one
  Generator* gen_ = nullptr;
  int32_t nblocks_ = 0;
  uint8_t flags_ = 0;
};
static_assert(sizeof(Frame) % alignof(Value) == 0, "frame header keeps slots aligned");

// Initialises a frame in `memory` (Frame::size_for(code) bytes) for `code`:
// all slots Null, empty stacks, ip at the first instruction. Takes a reference
// to code, and to func (which may be null) unless `adopt_func` says the caller
// hands over a reference it owns.
Frame* init_frame(void* memory, CodeObject* code, Function* func, Dict* globals,
                  Dict* builtins, Dict* locals, bool adopt_func = false);
// Releases everything the frame holds (slots, stack, references); the memory
// itself is the arena's or the generator's.
void clear_frame(Frame* f);

// The arena of non-generator frames: one large reserved region used as a
// stack, so a call costs a pointer bump.
class FrameArena {
public:
  FrameArena();
  ~FrameArena();
  // Memory for a frame of `bytes` (a multiple of 16), or null when the arena
  // is exhausted.
  void* allocate(size_t bytes) {
    if (static_cast<size_t>(limit_ - top_) < bytes) return nullptr;
    void* p = top_;
    top_ += bytes;
    return p;
  }
  // Frees `p` and everything allocated after it.
  void release_to(void* p) { top_ = static_cast<char*>(p); }

private:
  char* base_;
  char* top_;
  char* limit_;
  size_t reserved_;
};

// The one arena (constructed before main).
extern FrameArena g_frame_arena;
inline FrameArena& frame_arena() { return g_frame_arena; }

} // namespace refc::lang
