// The virtual machine's inside, shared by its files: the interpreter-wide
// VM state, frame allocation (inline: the eval loop allocates and releases
// a frame on every Python call), and the out-of-line paths the loop calls
// (vm_slow_paths.cpp). vm.cpp holds the entry points, vm_eval.cpp the loop.
#pragma once

#include "reference_compiler/lang/vm.h"

#include "reference_compiler/lang/builtin_types.h"
#include "reference_compiler/lang/errors.h"
#include "reference_compiler/lang/list_object.h"

#include <cstdint>
#include <string>

#define REFC_LIKELY(x) __builtin_expect(!!(x), 1)
#define REFC_UNLIKELY(x) __builtin_expect(!!(x), 0)

namespace refc::lang::evaluation {

struct VMState {
  Frame* current = nullptr;
  Value handled; // the exception being handled, or Null
  FrameHook hook;
  bool has_hook = false;
  int hook_suspended = 0; // frames running with the hook disabled for their callees
};
extern VMState g_vm;

// ---- frames ---------------------------------------------------------------------

inline Frame* alloc_arena_frame(CodeObject* co, Function* fn, Dict* globals, Dict* builtins,
                                Dict* locals, bool adopt_func = false) {
  void* mem = frame_arena().allocate(Frame::size_for(co));
  if (REFC_UNLIKELY(!mem)) {
    if (adopt_func) decref(fn);
    raise(exc::MemoryError, "out of frame memory");
  }
  return init_frame(mem, co, fn, globals, builtins, locals, adopt_func);
}

inline Frame* alloc_heap_frame(CodeObject* co, Function* fn, Dict* globals, Dict* builtins) {
  void* mem = ::operator new(Frame::size_for(co));
  Frame* f = init_frame(mem, co, fn, globals, builtins, nullptr);
  f->flags_ |= Frame::kOnHeap;
  return f;
}

// Releases an arena frame (and a frame it replaced) that is not running.
inline void release_arena_frame(Frame* f) {
  clear_frame(f);
  frame_arena().release_to(f->shadowed_ ? static_cast<void*>(f->shadowed_) : f);
}

inline void discard_frame(Frame* f) {
  if (f->flags_ & Frame::kOnHeap) {
    clear_frame(f);
    ::operator delete(f);
  } else {
    release_arena_frame(f);
  }
}

// The frame hook: may mark the frame or replace it with one running other code.
Frame* apply_frame_hook(Frame* f);

inline bool hook_active() { return g_vm.has_hook && g_vm.hook_suspended == 0; }

// The lowest C++ stack address the eval loop may be entered at: a margin
// above the end of this thread's stack. Native re-entry (a __init__ or
// __repr__ calling back into Python) uses C++ stack per level; if a program
// raised the recursion limit too high, this turns stack exhaustion into
// RecursionError instead of a crash.
extern thread_local const char* t_stack_floor;
const char* compute_stack_floor();

inline const char* stack_floor() {
  const char* f = t_stack_floor;
  if (REFC_UNLIKELY(!f)) f = t_stack_floor = compute_stack_floor();
  return f;
}

// ---- errors and bulky instructions (vm_slow_paths.cpp) ------------------------------

[[noreturn]] void raise_unbound_local(Str* name);
[[noreturn]] void raise_unbound_free(Str* name);
[[noreturn]] void raise_name_error(Str* name, Frame* f);
// Makes the exception RAISE_VARARGS raises from a class or an instance.
Value exception_from(const Value& v, bool is_cause);
// CPython's _PyErr_SetObject context rule: the exception being handled becomes
// the new exception's __context__, cutting any cycle through the chain.
void set_context(const Value& exc, bool overwrite);
bool check_exc_match(const Value& exc, const Value& type);
Value make_function(Frame* f, uint32_t flags, Value* sp);
// Pushes the items of `seq` for UNPACK_SEQUENCE (last item lowest).
void unpack_sequence(const Value& seq, uint32_t n, Value* out);
void unpack_ex(const Value& seq, uint32_t arg, Value* out);
Value format_value(Value v, uint32_t flags, const Value* spec);
Value build_string(Value* items, uint32_t n);
void dict_update(Dict* d, const Value& update);
void dict_merge(Dict* d, const Value& update, const Value& func);
void list_extend(List* l, const Value& iterable);
// CALL_FUNCTION_EX: callable(*args, **kwargs).
Value call_function_ex(const Value& func, const Value& args, const Value& kwargs);
// SETUP_WITH's lookups: the bound __exit__ and __enter__.
void with_lookup(const Value& mgr, Value& enter, Value& exit);
// One step of SEND for a non-generator receiver: the next value, or Null with
// `result` set to the return value when the receiver is exhausted.
Value send_to_iterator(const Value& receiver, const Value& v, Value& result);

// ---- the eval loop (vm_eval.cpp) --------------------------------------------------

enum class EntryMode : uint8_t { Start, Send, Throw };

Value eval(Frame* entry, EntryMode mode, Value arg, bool* finished, Value* error);

// Runs eval and turns a reported exception into a C++ throw here, in a small
// frame: an exception thrown from inside the eval loop itself would make the
// unwinder scan the loop's very large exception tables.
Value eval_or_throw(Frame* entry, EntryMode mode, Value arg, bool* finished);

} // namespace refc::lang::evaluation
