// Frame set-up and tear-down, and the frame arena: a large reserved (not
// committed) memory region used as a stack of frames, so a Python call needs
// no heap allocation and frame memory stays contiguous and cache-friendly.
#include "reference_compiler/lang/frame.h"

#include "reference_compiler/lang/errors.h"

#include <sys/mman.h>

#include <new>

namespace refc::lang {

Frame* init_frame(void* memory, CodeObject* code, Function* func, Dict* globals,
                  Dict* builtins, Dict* locals, bool adopt_func) {
  Frame* f = static_cast<Frame*>(memory);
  f->code_ = code;
  incref(code);
  f->func_ = func;
  if (func && !adopt_func) incref(func);
  f->globals_ = globals;
  f->builtins_ = builtins;
  f->locals_dict_ = locals;
  f->previous_ = nullptr;
  f->ip_ = code->code.data();
  f->shadowed_ = nullptr;
  f->gen_ = nullptr;
  f->nblocks_ = 0;
  f->flags_ = 0;
  Value* slots = f->localsplus();
  for (int i = 0, n = code->layout_nlocalsplus; i < n; ++i) new (slots + i) Value();
  f->sp_ = f->stack_base();
  return f;
}

void clear_frame(Frame* f) {
  for (Value* p = f->stack_base(); p < f->sp_; ++p) p->~Value();
  f->sp_ = f->stack_base();
  Value* slots = f->localsplus();
  for (int i = 0, n = f->code_->layout_nlocalsplus; i < n; ++i) slots[i].~Value();
  if (f->func_) decref(f->func_);
  f->func_ = nullptr;
  decref(f->code_);
}

namespace {
// Reserved address space for frames; pages are committed only when touched.
constexpr size_t kArenaBytes = size_t(1) << 31;
} // namespace

FrameArena::FrameArena() : reserved_(kArenaBytes) {
  void* p = mmap(nullptr, reserved_, PROT_READ | PROT_WRITE,
                 MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
  if (p == MAP_FAILED) {
    reserved_ = size_t(64) << 20;
    p = mmap(nullptr, reserved_, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (p == MAP_FAILED) throw std::bad_alloc();
  }
  base_ = top_ = static_cast<char*>(p);
  limit_ = base_ + reserved_;
}

FrameArena::~FrameArena() { munmap(base_, reserved_); }

FrameArena g_frame_arena;

} // namespace refc::lang
