// Generator: the object a call of a generator function returns. It owns the
// function's heap frame and resumes it in the VM's eval loop on next() /
// send() / throw() / close(), delegating to a sub-iterator while suspended in
// `yield from`, with CPython's rules: StopIteration carries the return value,
// a StopIteration escaping the body becomes RuntimeError, "generator already
// executing", "can't send non-None value to a just-started generator",
// GeneratorExit on close, and close() when a suspended generator is dropped.
#pragma once

#include "reference_compiler/lang/frame.h"
#include "reference_compiler/lang/object.h"
#include "reference_compiler/lang/value.h"

namespace refc::lang {

struct Generator : Object {
  Generator(Frame* frame, Value name, Value qualname);
  ~Generator() override;

  Frame* frame;          // the heap frame; null once finished
  bool started = false;  // has run its first instruction
  bool running = false;  // executing now
  Value name, qualname;  // __name__, __qualname__ (from the function)
  Value saved_exc;       // the exception it was handling when it suspended, or Null
};

// A generator over `heap_frame` (made by the VM for a call of generator function f).
Ref<Generator> make_generator(Frame* heap_frame, Function* f);

// Resumes with `value` (None for next()). Returns the next yielded value, or
// — with *finished set — the generator's return value. Raises what the body
// raises (StopIteration from the body as RuntimeError).
Value generator_send(Generator* g, const Value& value, bool* finished);
// Raises `exc` (an exception instance) inside the generator at its yield.
Value generator_throw(Generator* g, const Value& exc, bool* finished);
// gen.close(): GeneratorExit at the yield; "generator ignored GeneratorExit".
void generator_close(Generator* g);

// The `generator` type's methods (type_initializers.def).
void init_generator_type();

} // namespace refc::lang
