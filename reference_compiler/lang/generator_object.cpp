// Generators: resumption through the VM (vm.h resume_frame), delegation to the
// sub-iterator of a pending `yield from` for throw() and close(), the
// per-generator "exception being handled" state, finalisation of suspended
// generators, and the Python-visible `generator` type.
#include "reference_compiler/lang/generator_object.h"

#include "reference_compiler/lang/abstract.h"
#include "reference_compiler/lang/builtin_types.h"
#include "reference_compiler/lang/errors.h"
#include "reference_compiler/lang/function_object.h"
#include "reference_compiler/lang/instance_object.h"
#include "reference_compiler/lang/native_function.h"
#include "reference_compiler/lang/output.h"
#include "reference_compiler/lang/traceback.h"
#include "reference_compiler/lang/vm.h"

#include <cstdio>
#include <unistd.h>

namespace refc::lang {

Generator::Generator(Frame* f, Value n, Value qn)
    : Object(types::generator), frame(f), name(std::move(n)), qualname(std::move(qn)) {
  if (frame) frame->gen_ = this;
}

namespace {

std::string generator_repr(const Generator* g) {
  char addr[32];
  std::snprintf(addr, sizeof addr, "%p", static_cast<const void*>(g));
  std::string qn = g->qualname.is_obj() ? std::string(g->qualname.as<Str>()->view()) : "?";
  return "<generator object " + qn + " at " + addr + ">";
}

void release_frame(Generator* g) {
  if (!g->frame) return;
  Frame* f = g->frame;
  g->frame = nullptr;
  free_heap_frame(f);
}

// Runs the frame with the generator's own handled-exception state swapped in
// (only when it suspended inside an except clause; usually there is none).
Value run(Generator* g, ResumeMode mode, Value arg, bool* finished) {
  if (g->running) raise(exc::ValueError, "generator already executing");
  g->running = true;
  Value& handled = handled_exception_slot();
  Value outer = handled;
  if (!g->saved_exc.is_null()) handled = std::move(g->saved_exc);
  bool returned = false;
  Value r;
  try {
    r = resume_frame(g->frame, mode, std::move(arg), returned);
  } catch (PyError& e) {
    g->running = false;
    g->started = true;
    g->saved_exc = Value();
    handled = std::move(outer);
    release_frame(g); // the VM cleared it
    if (isinstance(e.exc, exc::StopIteration)) {
      // PEP 479: a StopIteration escaping the body becomes RuntimeError.
      Value rt = new_exception(exc::RuntimeError, "generator raised StopIteration");
      auto* eo = rt.as<ExceptionObject>();
      eo->cause = e.exc;
      eo->context = e.exc;
      eo->suppress_context = true;
      throw PyError{std::move(rt)};
    }
    throw;
  }
  g->running = false;
  g->started = true;
  if (!handled.is(outer)) {
    if (!returned) g->saved_exc = std::move(handled);
    handled = std::move(outer);
  }
  if (returned) {
    g->saved_exc = Value();
    release_frame(g);
  }
  *finished = returned;
  return r;
}

// The frame is suspended at the YIELD_VALUE of a `yield from` loop.
bool in_yield_from(Generator* g) {
  Frame* f = g->frame;
  if (!f || !g->started) return false;
  return f->ip_->op == Op::YIELD_VALUE && f->ip_->arg == 1 && f->sp_ > f->stack_base();
}

// The `yield from` delegate finished with `value`: continue after the loop.
Value finish_yield_from(Generator* g, Value value, bool* finished) {
  Frame* f = g->frame;
  const Instruction* send = f->ip_ - 1; // SEND precedes the YIELD_VALUE
  f->sp_[-1] = std::move(value);        // replaces the receiver
  f->ip_ = f->code_->code.data() + send->arg;
  return run(g, ResumeMode::Continue, Value(), finished);
}

// gen_close_iter: close() a `yield from` delegate.
void close_delegate(const Value& receiver) {
  if (receiver.is_obj() && receiver.as_obj()->type == types::generator) {
    generator_close(receiver.as<Generator>());
    return;
  }
  Value close = getattr_or_null(receiver, names::close);
  if (!close.is_null()) call(close, {});
}

Value stop_value(const Value& e) {
  static Str* value_key = intern("value");
  Value v = getattr_or_null(e, value_key);
  return v.is_null() ? Value::none() : v;
}

} // namespace

Generator::~Generator() {
  if (frame && started && frame->nblocks_ > 0 && !running) {
    // A suspended generator inside try/with: close() it so its cleanup runs.
    try {
      generator_close(this);
    } catch (PyError& e) {
      flush_stdout();
      std::string text = "Exception ignored in: " + generator_repr(this) + "\n" + format_exception(e.exc);
      ssize_t ignored = ::write(2, text.data(), text.size());
      (void)ignored;
    }
  }
  if (frame) {
    clear_frame(frame);
    release_frame(this);
  }
}

Ref<Generator> make_generator(Frame* heap_frame, Function* f) {
  return make<Generator>(heap_frame, f->name, f->qualname);
}

Value generator_send(Generator* g, const Value& value, bool* finished) {
  if (g->running) raise(exc::ValueError, "generator already executing");
  if (!g->frame) {
    *finished = true;
    return Value::none();
  }
  if (!g->started && !value.is_none())
    raise(exc::TypeError, "can't send non-None value to a just-started generator");
  return run(g, ResumeMode::Send, value, finished);
}

Value generator_throw(Generator* g, const Value& exc, bool* finished) {
  if (g->running) raise(exc::ValueError, "generator already executing");
  if (!g->frame) throw PyError{exc};
  if (in_yield_from(g)) {
    Value receiver = g->frame->sp_[-1];
    if (isinstance(exc, exc::GeneratorExit)) {
      g->running = true;
      try {
        close_delegate(receiver);
      } catch (PyError& e) {
        g->running = false;
        return run(g, ResumeMode::Throw, e.exc, finished);
      }
      g->running = false;
      return run(g, ResumeMode::Throw, exc, finished);
    }
    Value ret;
    bool done = false;
    g->running = true;
    try {
      if (receiver.is_obj() && receiver.as_obj()->type == types::generator) {
        ret = generator_throw(receiver.as<Generator>(), exc, &done);
      } else {
        Value meth = getattr_or_null(receiver, names::throw_);
        if (meth.is_null()) {
          g->running = false;
          return run(g, ResumeMode::Throw, exc, finished);
        }
        ret = call(meth, {exc});
      }
    } catch (PyError& e) {
      g->running = false;
      if (isinstance(e.exc, exc::StopIteration)) return finish_yield_from(g, stop_value(e.exc), finished);
      return run(g, ResumeMode::Throw, e.exc, finished);
    }
    g->running = false;
    if (done) return finish_yield_from(g, std::move(ret), finished);
    *finished = false;
    return ret;
  }
  return run(g, ResumeMode::Throw, exc, finished);
}

void generator_close(Generator* g) {
  if (!g->frame) return;
  if (!g->started) {
    clear_frame(g->frame);
    release_frame(g);
    return;
  }
  bool finished = false;
  try {
    generator_throw(g, new_exception(exc::GeneratorExit, ""), &finished);
  } catch (PyError& e) {
    if (isinstance(e.exc, exc::GeneratorExit) || isinstance(e.exc, exc::StopIteration)) return;
    throw;
  }
  if (!finished) raise(exc::RuntimeError, "generator ignored GeneratorExit");
}

namespace {

Generator* self_gen(const Args& a, const char* name) {
  check_self(a, types::generator, name);
  return a[0].as<Generator>();
}

[[noreturn]] void raise_stop_iteration(const Value& v) {
  if (v.is_none()) raise(exc::StopIteration, "");
  Value e = call(Value::borrow(exc::StopIteration), {v});
  throw PyError{std::move(e)};
}

// gen.throw(typ[, val[, tb]]): the exception instance to raise.
Value normalize_throw_args(const Args& a) {
  if (a.npos < 2 || a.npos > 4)
    raise(exc::TypeError, "throw expected at least 1 argument, got " + std::to_string(a.npos - 1));
  const Value& typ = a[1];
  Value val = a.npos > 2 ? a[2] : Value::none();
  if (typ.is_obj() && typ.as_obj()->type->layout == Layout::Type &&
      typ.as<TypeObject>()->is_subtype(exc::BaseException)) {
    if (isinstance(val, typ.as<TypeObject>())) return val;
    if (val.is_none()) return call(typ, {});
    if (val.is_obj() && val.as_obj()->type == types::tuple) {
      const auto& items = val.as<Tuple>()->items;
      return call(typ, Args{items.data(), items.size(), nullptr});
    }
    return call(typ, {val});
  }
  if (isinstance(typ, exc::BaseException)) {
    if (!val.is_none())
      raise(exc::TypeError, "instance exception may not have a separate value");
    return typ;
  }
  raise(exc::TypeError, "exceptions must be classes or instances deriving from BaseException, not " +
                            type_name(typ));
}

} // namespace

void init_generator_type() {
  TypeObject* t = types::generator;
  add_method(t, "__iter__", [](Args a) -> Value {
    self_gen(a, "__iter__");
    return a[0];
  });
  add_method(t, "__next__", [](Args a) -> Value {
    Generator* g = self_gen(a, "__next__");
    bool finished = false;
    Value r = generator_send(g, Value::none(), &finished);
    if (!finished) return r;
    if (r.is_none()) return Value(); // exhausted: StopIteration without building one here
    raise_stop_iteration(r);
  });
  add_method(t, "send", [](Args a) -> Value {
    Generator* g = self_gen(a, "send");
    if (a.npos != 2) raise(exc::TypeError, "generator.send() takes exactly one argument (" +
                                               std::to_string(a.npos - 1) + " given)");
    bool finished = false;
    Value r = generator_send(g, a[1], &finished);
    if (finished) raise_stop_iteration(r);
    return r;
  });
  add_method(t, "throw", [](Args a) -> Value {
    Generator* g = self_gen(a, "throw");
    Value e = normalize_throw_args(a);
    bool finished = false;
    Value r = generator_throw(g, e, &finished);
    if (finished) raise_stop_iteration(r);
    return r;
  });
  add_method(t, "close", [](Args a) -> Value {
    generator_close(self_gen(a, "close"));
    return Value::none();
  });
  add_method(t, "__repr__", [](Args a) -> Value {
    return str_value(generator_repr(self_gen(a, "__repr__")));
  });
  add_getter(t, "__name__", [](Args a) -> Value { return self_gen(a, "__name__")->name; });
  add_getter(t, "__qualname__",
             [](Args a) -> Value { return self_gen(a, "__qualname__")->qualname; });
  add_getter(t, "gi_running",
             [](Args a) -> Value { return Value::boolean(self_gen(a, "gi_running")->running); });
  // Suspended at a yield: started, not running and not finished (3.11's FRAME_SUSPENDED).
  add_getter(t, "gi_suspended", [](Args a) -> Value {
    Generator* g = self_gen(a, "gi_suspended");
    return Value::boolean(g->started && !g->running && g->frame != nullptr);
  });
  add_getter(t, "gi_code", [](Args a) -> Value {
    Generator* g = self_gen(a, "gi_code");
    return g->frame ? Value::borrow(g->frame->code()) : Value::none();
  });
  add_getter(t, "gi_yieldfrom", [](Args a) -> Value {
    Generator* g = self_gen(a, "gi_yieldfrom");
    return in_yield_from(g) ? g->frame->sp_[-1] : Value::none();
  });
}

} // namespace refc::lang
