// The virtual machine's ways in: the interpreter-wide state, the frame hook
// (applied to each frame before it runs, as CPython's PEP 523 hook is), the
// stack floor that turns C++ stack exhaustion into RecursionError, and the
// entry points that set up a frame and run it: calls of Python functions
// from native code, module and class bodies, generator resumption. The loop
// itself is vm_eval.cpp.
#include "reference_compiler/lang/vm.h"

#include "reference_compiler/lang/vm_internal.h"

#include "reference_compiler/lang/abstract.h"
#include "reference_compiler/lang/argument_binding.h"
#include "reference_compiler/lang/generator_object.h"
#include "reference_compiler/lang/interpreter.h"
#include "reference_compiler/lang/module_object.h"

#include <pthread.h>

namespace refc::lang {

namespace evaluation {

VMState g_vm;

// The frame hook: may mark the frame or replace it with one running other code.
Frame* apply_frame_hook(Frame* f) {
  if (f->code_->flags & CO_NO_FRAME_HOOK) return f;
  FrameHook hook = g_vm.hook; // the hook may replace itself
  FrameHookResult r = hook(*f);
  switch (r.action) {
  case HookAction::Run: return f;
  case HookAction::RunWithoutHook: f->flags_ |= Frame::kHookSuspended; return f;
  case HookAction::RunCode: break;
  }
  CodeObject* nc = r.code.get();
  if (!nc) raise(exc::SystemError, "frame hook returned RunCode without a code object");
  CodeObject* oc = f->code_;
  if (nc->nlocals() < oc->nlocals())
    raise(exc::SystemError, "frame hook code '" + nc->name + "' has fewer locals than '" +
                                oc->name + "'");
  bool heap = (f->flags_ & Frame::kOnHeap) != 0;
  Frame* nf = heap ? alloc_heap_frame(nc, f->func_, f->globals_, f->builtins_)
                   : alloc_arena_frame(nc, f->func_, f->globals_, f->builtins_, f->locals_dict_);
  nf->locals_dict_ = f->locals_dict_;
  nf->previous_ = f->previous_;
  Value* from = f->localsplus();
  Value* to = nf->localsplus();
  for (int i = 0; i < oc->nlocals(); ++i) to[i] = std::move(from[i]);
  if (heap) {
    clear_frame(f);
    ::operator delete(f);
  } else {
    clear_frame(f);
    nf->shadowed_ = f->shadowed_ ? f->shadowed_ : f;
  }
  return nf;
}

// The lowest C++ stack address the eval loop may be entered at: a margin
// above the end of this thread's stack. Native re-entry (a __init__ or
// __repr__ calling back into Python) uses C++ stack per level; if a program
// raised the recursion limit too high, this turns stack exhaustion into
// RecursionError instead of a crash.
thread_local const char* t_stack_floor = nullptr;

__attribute__((noinline)) const char* compute_stack_floor() {
  pthread_attr_t attr;
  void* addr = nullptr;
  size_t size = 0;
  if (pthread_getattr_np(pthread_self(), &attr) == 0) {
    pthread_attr_getstack(&attr, &addr, &size);
    pthread_attr_destroy(&attr);
  }
  constexpr size_t kMargin = size_t(256) << 10;
  // No usable bounds: a floor that never triggers.
  if (!addr || size <= 2 * kMargin) return reinterpret_cast<const char*>(uintptr_t(1));
  return static_cast<const char*>(addr) + kMargin;
}

// Runs eval and turns a reported exception into a C++ throw here, in a small
// frame: an exception thrown from inside the eval loop itself would make the
// unwinder scan the loop's very large exception tables.
__attribute__((noinline)) Value eval_or_throw(Frame* entry, EntryMode mode, Value arg,
                                              bool* finished) {
  Value error;
  Value r = eval(entry, mode, std::move(arg), finished, &error);
  if (REFC_UNLIKELY(!error.is_null())) throw PyError{std::move(error)};
  return r;
}

// Runs a new arena frame from its first instruction, after the frame hook
// has seen it.
Value run_new_frame(Frame* f) {
  if (hook_active()) {
    try {
      f->previous_ = g_vm.current;
      f = apply_frame_hook(f);
    } catch (...) {
      release_arena_frame(f);
      throw;
    }
  }
  bool finished = false;
  return eval_or_throw(f, EntryMode::Start, Value(), &finished);
}

} // namespace evaluation

using namespace evaluation;

// ---- public entry points ---------------------------------------------------------------

FrameHook set_frame_hook(FrameHook hook) {
  FrameHook old = std::move(g_vm.hook);
  g_vm.hook = std::move(hook);
  g_vm.has_hook = static_cast<bool>(g_vm.hook);
  return old;
}

Frame* current_frame() { return g_vm.current; }
const Value& handled_exception() { return g_vm.handled; }

Value exchange_handled_exception(Value v) {
  Value old = std::move(g_vm.handled);
  g_vm.handled = std::move(v);
  return old;
}

Value& handled_exception_slot() { return g_vm.handled; }

Value call_function(Function* func, Args args) {
  CodeObject* co = func->code.get();
  if (co->flags & CO_GENERATOR) {
    Frame* gf = alloc_heap_frame(co, func, func->globals.get(), func->builtins.get());
    try {
      bind_arguments(func, co, args, gf->localsplus());
      if (hook_active()) gf = apply_frame_hook(gf);
    } catch (...) {
      discard_frame(gf);
      throw;
    }
    return Value(make_generator(gf, func));
  }
  Frame* f = alloc_arena_frame(co, func, func->globals.get(), func->builtins.get(), nullptr);
  try {
    if (!args.kwnames && args.npos == static_cast<size_t>(co->argcount) &&
        (co->flags & (CO_VARARGS | CO_VARKEYWORDS)) == 0 && co->kwonlyargcount == 0) {
      Value* slots = f->localsplus();
      for (size_t i = 0; i < args.npos; ++i) slots[i] = args.values[i];
    } else {
      bind_arguments(func, co, args, f->localsplus());
    }
  } catch (...) {
    release_arena_frame(f);
    throw;
  }
  return run_new_frame(f);
}

Value run_code(CodeObject* code, Dict* globals, Dict* locals) {
  Value b = globals->get(names::__builtins__);
  Dict* builtins = interp().builtins.get();
  if (b.is_obj() && b.as_obj()->type == types::module) builtins = b.as<Module>()->dict.get();
  else if (b.is_obj() && b.as_obj()->type == types::dict) builtins = b.as<Dict>();
  Frame* f = alloc_arena_frame(code, nullptr, globals, builtins, locals);
  return run_new_frame(f);
}

Value run_class_body(Function* body, Dict* ns) {
  CodeObject* co = body->code.get();
  Frame* f = alloc_arena_frame(co, body, body->globals.get(), body->builtins.get(), ns);
  return run_new_frame(f);
}

Value resume_frame(Frame* f, ResumeMode mode, Value arg, bool& returned) {
  bool started = f->ip_ != f->code_->code.data() || f->sp_ != f->stack_base();
  EntryMode m = mode == ResumeMode::Throw      ? EntryMode::Throw
                : mode == ResumeMode::Continue ? EntryMode::Start
                : started                      ? EntryMode::Send
                                               : EntryMode::Start;
  returned = false;
  return eval_or_throw(f, m, std::move(arg), &returned);
}

void free_heap_frame(Frame* f) {
  ::operator delete(f);
}

} // namespace refc::lang
