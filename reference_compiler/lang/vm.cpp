// The eval loop. One function runs a frame and every Python frame it calls
// (Python-to-Python calls push an arena frame and continue in the same loop,
// without C++ recursion); natives that call back into Python re-enter it
// through call_function. Dispatch is by computed goto (labels as values) with
// a switch fallback (-DREFC_NO_COMPUTED_GOTO). Hot paths are inline: int and
// float arithmetic and comparisons with overflow checks, list/tuple/dict
// subscripts, range and list iteration, global lookups cached on dict
// versions, attribute and method lookups cached on (type, type_epoch), and
// calls of Python functions with exactly their positional arguments.
// Exceptions raised inside natives arrive as C++ PyError; the loop catches
// them, records the traceback entry, and unwinds through the frame's runtime
// block stack (SETUP_FINALLY / SETUP_CLEANUP / SETUP_WITH) or out of the frame.
#include "reference_compiler/lang/vm.h"

#include "reference_compiler/lang/abstract.h"
#include "reference_compiler/lang/argument_binding.h"
#include "reference_compiler/lang/builtin_types.h"
#include "reference_compiler/lang/descriptor_objects.h"
#include "reference_compiler/lang/errors.h"
#include "reference_compiler/lang/generator_object.h"
#include "reference_compiler/lang/import_system.h"
#include "reference_compiler/lang/instance_object.h"
#include "reference_compiler/lang/interpreter.h"
#include "reference_compiler/lang/iterators.h"
#include "reference_compiler/lang/list_object.h"
#include "reference_compiler/lang/module_object.h"
#include "reference_compiler/lang/range_object.h"
#include "reference_compiler/lang/set_object.h"
#include "reference_compiler/lang/singletons.h"
#include "reference_compiler/lang/super_object.h"
#include "reference_compiler/lang/traceback.h"
#include "reference_compiler/lang/tuple_object.h"

#include <pthread.h>

#include <cmath>
#include <cstring>
#include <new>

#if defined(__GNUC__) && !defined(REFC_NO_COMPUTED_GOTO)
#define REFC_COMPUTED_GOTO 1
#endif

#define REFC_LIKELY(x) __builtin_expect(!!(x), 1)
#define REFC_UNLIKELY(x) __builtin_expect(!!(x), 0)

namespace refc::lang {

namespace {

struct VMState {
  Frame* current = nullptr;
  Value handled; // the exception being handled, or Null
  FrameHook hook;
  bool has_hook = false;
  int hook_suspended = 0; // frames running with the hook disabled for their callees
};
VMState g_vm;

// Inline cache kinds (InlineCache::kind).
enum : uint8_t {
  kCacheEmpty = 0,
  kAttrInstanceValue, // the attribute lives in the instance dict (no class attribute)
  kAttrMethod,        // a plain function on the type, not shadowed by the instance
  kAttrClassValue,    // a plain (non-descriptor) class attribute
  kStoreInstance,     // STORE_ATTR goes straight to the instance dict
};

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

Frame* alloc_heap_frame(CodeObject* co, Function* fn, Dict* globals, Dict* builtins) {
  void* mem = ::operator new(Frame::size_for(co));
  Frame* f = init_frame(mem, co, fn, globals, builtins, nullptr);
  f->flags_ |= Frame::kOnHeap;
  return f;
}

// Releases an arena frame (and a frame it replaced) that is not running.
void release_arena_frame(Frame* f) {
  clear_frame(f);
  frame_arena().release_to(f->shadowed_ ? static_cast<void*>(f->shadowed_) : f);
}

void discard_frame(Frame* f) {
  if (f->flags_ & Frame::kOnHeap) {
    clear_frame(f);
    ::operator delete(f);
  } else {
    release_arena_frame(f);
  }
}

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

inline bool hook_active() { return g_vm.has_hook && g_vm.hook_suspended == 0; }

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

inline const char* stack_floor() {
  const char* f = t_stack_floor;
  if (REFC_UNLIKELY(!f)) f = t_stack_floor = compute_stack_floor();
  return f;
}

// ---- errors ------------------------------------------------------------------------

[[noreturn]] __attribute__((noinline)) void raise_unbound_local(Str* name) {
  raise(exc::UnboundLocalError, "cannot access local variable '" + std::string(name->view()) +
                                    "' where it is not associated with a value");
}

[[noreturn]] __attribute__((noinline)) void raise_unbound_free(Str* name) {
  raise(exc::NameError, "cannot access free variable '" + std::string(name->view()) +
                            "' where it is not associated with a value in enclosing scope");
}

[[noreturn]] __attribute__((noinline)) void raise_name_error(Str* name, Frame* f) {
  Value e = new_exception(exc::NameError, "name '" + std::string(name->view()) +
                                              "' is not defined");
  static Str* name_key = intern("name");
  if (e.is_obj() && e.as<Instance>()->dict) e.as<Instance>()->dict->set(name_key, Value::borrow(name));
  note_name_error(e, f);
  throw PyError{std::move(e)};
}

// Makes the exception RAISE_VARARGS raises from a class or an instance.
Value exception_from(const Value& v, bool is_cause) {
  if (v.is_obj() && v.as_obj()->type->layout == Layout::Type &&
      v.as<TypeObject>()->is_subtype(exc::BaseException)) {
    Value inst = call(v, {});
    if (!isinstance(inst, exc::BaseException))
      raise(exc::TypeError, "calling " + std::string(repr(v)->view()) +
                                " should have returned an instance of BaseException, not " +
                                type_name(inst));
    return inst;
  }
  if (isinstance(v, exc::BaseException)) return v;
  raise(exc::TypeError, is_cause ? "exception causes must derive from BaseException"
                                 : "exceptions must derive from BaseException");
}

// CPython's _PyErr_SetObject context rule: the exception being handled becomes
// the new exception's __context__, cutting any cycle through the chain.
void set_context(const Value& exc, bool overwrite) {
  const Value& handled = g_vm.handled;
  if (handled.is_null() || handled.is(exc) || !exc.is_obj()) return;
  auto* eo = exc.as<ExceptionObject>();
  if (!overwrite && !eo->context.is_null() && !eo->context.is_none()) return;
  Value o = handled;
  for (int guard = 0; guard < 100000; ++guard) {
    auto* oo = o.as<ExceptionObject>();
    const Value& ctx = oo->context;
    if (ctx.is_null() || ctx.is_none()) break;
    if (ctx.is(exc)) {
      oo->context = Value();
      break;
    }
    o = ctx;
  }
  eo->context = handled;
}

bool is_exception_class(const Value& v) {
  return v.is_obj() && v.as_obj()->type->layout == Layout::Type &&
         v.as<TypeObject>()->is_subtype(exc::BaseException);
}

bool check_exc_match(const Value& exc, const Value& type) {
  if (type.is_obj() && type.as_obj()->type == types::tuple) {
    for (const Value& t : type.as<Tuple>()->items)
      if (!is_exception_class(t))
        raise(exc::TypeError,
              "catching classes that do not inherit from BaseException is not allowed");
    for (const Value& t : type.as<Tuple>()->items)
      if (isinstance(exc, t.as<TypeObject>())) return true;
    return false;
  }
  if (!is_exception_class(type))
    raise(exc::TypeError, "catching classes that do not inherit from BaseException is not allowed");
  return isinstance(exc, type.as<TypeObject>());
}

// ---- helpers for cold or bulky instructions ---------------------------------------------

__attribute__((noinline)) Value make_function(Frame* f, uint32_t flags, Value* sp) {
  // sp points just past the code object.
  Value* p = sp - 1;
  Ref<CodeObject> code = Ref<CodeObject>::borrow(p->as<CodeObject>());
  auto fn = make<Function>(code, Ref<Dict>::borrow(f->globals_));
  if (flags & 8) {
    --p;
    fn->closure = Ref<Tuple>::borrow(p->as<Tuple>());
  }
  if (flags & 4) {
    --p;
    auto ann = make_dict();
    const auto& items = p->as<Tuple>()->items;
    for (size_t i = 0; i + 1 < items.size(); i += 2) ann->set(items[i], items[i + 1]);
    fn->annotations = std::move(ann);
  }
  if (flags & 2) {
    --p;
    fn->kwdefaults = Ref<Dict>::borrow(p->as<Dict>());
  }
  if (flags & 1) {
    --p;
    fn->defaults = Ref<Tuple>::borrow(p->as<Tuple>());
  }
  return Value(std::move(fn));
}

// Pushes the items of `seq` for UNPACK_SEQUENCE (last item lowest).
__attribute__((noinline)) void unpack_sequence(const Value& seq, uint32_t n, Value* out) {
  std::vector<Value> items;
  if (seq.is_obj() && (seq.as_obj()->type == types::tuple || seq.as_obj()->type == types::list)) {
    const std::vector<Value>& v = seq.as_obj()->type == types::tuple ? seq.as<Tuple>()->items
                                                                      : seq.as<List>()->items;
    if (v.size() < n)
      raise(exc::ValueError, "not enough values to unpack (expected " + std::to_string(n) +
                                 ", got " + std::to_string(v.size()) + ")");
    if (v.size() > n)
      raise(exc::ValueError, "too many values to unpack (expected " + std::to_string(n) + ")");
    items = v;
  } else {
    Value it;
    try {
      it = get_iter(seq);
    } catch (PyError& e) {
      if (!isinstance(e.exc, exc::TypeError)) throw;
      raise(exc::TypeError, "cannot unpack non-iterable " + type_name(seq) + " object");
    }
    for (;;) {
      Value v = next_item(it);
      if (v.is_null()) break;
      if (items.size() == n)
        raise(exc::ValueError, "too many values to unpack (expected " + std::to_string(n) + ")");
      items.push_back(std::move(v));
    }
    if (items.size() < n)
      raise(exc::ValueError, "not enough values to unpack (expected " + std::to_string(n) +
                                 ", got " + std::to_string(items.size()) + ")");
  }
  for (uint32_t i = 0; i < n; ++i) new (out + i) Value(std::move(items[n - 1 - i]));
}

__attribute__((noinline)) void unpack_ex(const Value& seq, uint32_t arg, Value* out) {
  uint32_t before = arg & 0xFF, after = arg >> 8;
  std::vector<Value> items;
  try {
    items = collect_items(seq);
  } catch (PyError& e) {
    if (!isinstance(e.exc, exc::TypeError) || !lookup_special(seq, names::__iter__).is_null() ||
        !lookup_special(seq, names::__getitem__).is_null())
      throw;
    raise(exc::TypeError, "cannot unpack non-iterable " + type_name(seq) + " object");
  }
  if (items.size() < before + after)
    raise(exc::ValueError, "not enough values to unpack (expected at least " +
                               std::to_string(before + after) + ", got " +
                               std::to_string(items.size()) + ")");
  size_t nstar = items.size() - before - after;
  std::vector<Value> star(items.begin() + before, items.begin() + before + nstar);
  // Stack order: after-items (last lowest), the starred list, before-items (first on top).
  Value* p = out;
  for (size_t i = items.size(); i-- > before + nstar;) new (p++) Value(std::move(items[i]));
  new (p++) Value(make_list(std::move(star)));
  for (size_t i = before; i-- > 0;) new (p++) Value(std::move(items[i]));
}

std::string ascii_of(const Value& v) {
  std::string r(repr(v)->view());
  Ref<Str> s = make_str(r);
  if (s->ascii) return r;
  std::string out;
  for (int64_t i = 0; i < s->length; ++i) {
    uint32_t c = s->code_point(i);
    char buf[16];
    if (c < 0x80)
      out.push_back(static_cast<char>(c));
    else {
      if (c < 0x100)
        std::snprintf(buf, sizeof buf, "\\x%02x", c);
      else if (c < 0x10000)
        std::snprintf(buf, sizeof buf, "\\u%04x", c);
      else
        std::snprintf(buf, sizeof buf, "\\U%08x", c);
      out += buf;
    }
  }
  return out;
}

__attribute__((noinline)) Value format_value(Value v, uint32_t flags, const Value* spec) {
  switch (flags & 3) {
  case 1: v = Value(to_str(v)); break;
  case 2: v = Value(repr(v)); break;
  case 3: v = str_value(ascii_of(v)); break;
  default: break;
  }
  if (spec) {
    if (!isinstance(*spec, types::str)) raise(exc::SystemError, "format spec is not a str");
    return Value(format(v, spec->as<Str>()->view()));
  }
  if (v.is_obj() && v.as_obj()->type == types::str) return v;
  return Value(format(v, ""));
}

__attribute__((noinline)) Value build_string(Value* items, uint32_t n) {
  size_t total = 0;
  for (uint32_t i = 0; i < n; ++i) total += items[i].as<Str>()->data.size();
  std::string out;
  out.reserve(total);
  for (uint32_t i = 0; i < n; ++i) out += items[i].as<Str>()->data;
  return str_value(std::move(out));
}

// Iterates a mapping (dict or object with keys()) as (key, value) pairs.
template <class F> void for_each_mapping_item(const Value& m, F&& f) {
  if (m.is_obj() && m.as_obj()->type == types::dict) {
    Ref<Dict> d = Ref<Dict>::borrow(m.as<Dict>());
    std::vector<std::pair<Value, Value>> items;
    for (const Dict::Entry& e : d->entries())
      if (!e.key.is_null()) items.emplace_back(e.key, e.value);
    for (auto& [k, v] : items) f(k, v);
    return;
  }
  Value keys = call_method(m, names::keys, {});
  for (const Value& k : collect_items(keys)) f(k, getitem(m, k));
}

bool is_mapping(const Value& v) {
  return (v.is_obj() && v.as_obj()->type == types::dict) ||
         !lookup_special(v, names::keys).is_null() || hasattr(v, names::keys);
}

__attribute__((noinline)) void dict_update(Dict* d, const Value& update) {
  if (!is_mapping(update))
    raise(exc::TypeError, "'" + type_name(update) + "' object is not a mapping");
  for_each_mapping_item(update, [&](const Value& k, const Value& v) { d->set(k, v); });
}

__attribute__((noinline)) void dict_merge(Dict* d, const Value& update, const Value& func) {
  if (!is_mapping(update))
    raise(exc::TypeError, function_str(func) + " argument after ** must be a mapping, not " +
                              type_name(update));
  for_each_mapping_item(update, [&](const Value& k, const Value& v) {
    if (d->contains(k)) {
      if (isinstance(k, types::str))
        raise(exc::TypeError, function_str(func) + " got multiple values for keyword argument '" +
                                  std::string(k.as<Str>()->view()) + "'");
      raise(exc::TypeError, function_str(func) + " keywords must be strings");
    }
    d->set(k, v);
  });
}

__attribute__((noinline)) void list_extend(List* l, const Value& iterable) {
  if (iterable.is_obj() && iterable.as_obj() == l) {
    std::vector<Value> copy = l->items;
    for (auto& v : copy) l->items.push_back(std::move(v));
    return;
  }
  try {
    extend_from_iterable(l->items, iterable);
  } catch (PyError& e) {
    if (isinstance(e.exc, exc::TypeError) && lookup_special(iterable, names::__iter__).is_null() &&
        lookup_special(iterable, names::__getitem__).is_null())
      raise(exc::TypeError, "Value after * must be an iterable, not " + type_name(iterable));
    throw;
  }
}

// CALL_FUNCTION_EX: callable(*args, **kwargs).
__attribute__((noinline)) Value call_function_ex(const Value& func, const Value& args,
                                                 const Value& kwargs) {
  Value argt = args;
  if (!(argt.is_obj() && argt.as_obj()->type == types::tuple)) {
    if (lookup_special(argt, names::__iter__).is_null() &&
        lookup_special(argt, names::__getitem__).is_null())
      raise(exc::TypeError, function_str(func) + " argument after * must be an iterable, not " +
                                type_name(argt));
    argt = Value(make_tuple(collect_items(argt)));
  }
  const std::vector<Value>& pos = argt.as<Tuple>()->items;
  if (kwargs.is_null()) return call(func, Args{pos.data(), pos.size(), nullptr});
  Value kw = kwargs;
  if (!(kw.is_obj() && kw.as_obj()->type == types::dict)) {
    auto d = make_dict();
    dict_merge(d.get(), kw, func);
    kw = Value(std::move(d));
  }
  std::vector<Value> values(pos);
  std::vector<Value> names;
  for (const Dict::Entry& e : kw.as<Dict>()->entries()) {
    if (e.key.is_null()) continue;
    if (!isinstance(e.key, types::str)) raise(exc::TypeError, "keywords must be strings");
    names.push_back(e.key.as_obj()->type == types::str ? e.key : Value(to_str(e.key)));
    values.push_back(e.value);
  }
  if (names.empty()) return call(func, Args{values.data(), pos.size(), nullptr});
  Ref<Tuple> kwnames = make_tuple(std::move(names));
  return call(func, Args{values.data(), pos.size(), kwnames.get()});
}

// SETUP_WITH's lookups: the bound __exit__ and __enter__.
__attribute__((noinline)) void with_lookup(const Value& mgr, Value& enter, Value& exit) {
  Value en = lookup_special(mgr, names::__enter__);
  if (en.is_null())
    raise(exc::TypeError,
          "'" + type_name(mgr) + "' object does not support the context manager protocol");
  Value ex = lookup_special(mgr, names::__exit__);
  if (ex.is_null())
    raise(exc::TypeError, "'" + type_name(mgr) +
                              "' object does not support the context manager protocol (missed "
                              "__exit__ method)");
  TypeObject* t = mgr.is_obj() ? mgr.as_obj()->type : mgr.type();
  enter = descriptor_get(en, mgr, t);
  exit = descriptor_get(ex, mgr, t);
}

// The value StopIteration carries.
Value stop_iteration_value(const Value& e) {
  static Str* value_key = intern("value");
  Value v = getattr_or_null(e, value_key);
  return v.is_null() ? Value::none() : v;
}

// One step of SEND for a non-generator receiver: the next value, or Null with
// `result` set to the return value when the receiver is exhausted.
__attribute__((noinline)) Value send_to_iterator(const Value& receiver, const Value& v,
                                                 Value& result) {
  try {
    Value r;
    if (v.is_none()) {
      if (IteratorObject* it = as_native_iterator(receiver)) {
        r = it->next();
        if (r.is_null()) {
          result = Value::none();
          return Value();
        }
        return r;
      }
      r = call_method(receiver, names::__next__, {});
    } else {
      r = call_method(receiver, names::send, {v});
    }
    return r;
  } catch (PyError& e) {
    if (!isinstance(e.exc, exc::StopIteration)) throw;
    result = stop_iteration_value(e.exc);
    return Value();
  }
}

// ---- attribute caches ------------------------------------------------------------------

inline TypeObject* type_of(const Value& v) { return v.is_obj() ? v.as_obj()->type : v.type(); }

bool has_instance_dict_layout(Layout l) { return l == Layout::Instance || l == Layout::Exception; }

// A class attribute that attribute access returns as is (no __get__).
bool is_plain_value(const Value& d) {
  if (!d.is_obj()) return true;
  TypeObject* t = d.as_obj()->type;
  switch (t->layout) {
  case Layout::Function:
  case Layout::NativeFunction:
  case Layout::StaticMethod:
  case Layout::ClassMethod:
  case Layout::Property:
  case Layout::BoundMethod: return false;
  default: break;
  }
  if (!t->heap) return true;
  return t->lookup(names::__get__).is_null() && t->lookup(names::__set__).is_null() &&
         t->lookup(names::__delete__).is_null();
}

bool is_plain_method(const Value& d) {
  if (!d.is_obj()) return false;
  Object* o = d.as_obj();
  return o->type->layout == Layout::Function ||
         (o->type->layout == Layout::NativeFunction && (o->flags & NativeFunction::kMethod));
}

// Fills a LOAD_ATTR cache after a successful slow lookup.
__attribute__((noinline)) void fill_load_attr_cache(InlineCache& c, const Value& owner, Str* name) {
  if (!owner.is_obj()) return;
  Object* o = owner.as_obj();
  TypeObject* t = o->type;
  if (!has_instance_dict_layout(t->layout)) return;
  Value descr = t->lookup(name);
  Dict* d = static_cast<Instance*>(o)->dict.get();
  c.kind = kCacheEmpty;
  if (descr.is_null()) {
    if (!d) return;
    int64_t idx = d->find_index(name);
    if (idx < 0) return;
    c.kind = kAttrInstanceValue;
    c.index = idx;
    c.value = Value();
  } else if (is_plain_method(descr)) {
    c.kind = kAttrMethod;
    c.value = descr;
  } else if (is_plain_value(descr)) {
    c.kind = kAttrClassValue;
    c.value = descr;
  } else {
    return;
  }
  c.key = t;
  c.version_a = type_epoch;
}

__attribute__((noinline)) void fill_store_attr_cache(InlineCache& c, const Value& owner,
                                                     Str* name) {
  if (!owner.is_obj()) return;
  TypeObject* t = owner.as_obj()->type;
  if (!has_instance_dict_layout(t->layout) || !t->heap) return;
  static Value object_setattr = types::object->lookup(names::__setattr__);
  if (!t->lookup(names::__setattr__).is(object_setattr)) return;
  Value descr = t->lookup(name);
  if (!descr.is_null() && !is_plain_value(descr) && !is_plain_method(descr)) return;
  c.kind = kStoreInstance;
  c.key = t;
  c.version_a = type_epoch;
}

// Looks `name` up in an instance dict using (and refreshing) the cached entry index.
inline Value instance_dict_lookup(Dict* d, Str* name, InlineCache& c) {
  const auto& es = d->entries();
  auto idx = static_cast<size_t>(c.index);
  if (idx < es.size() && es[idx].key.is_obj() && es[idx].key.as_obj() == name) return es[idx].value;
  int64_t i = d->find_index(name);
  if (i < 0) return Value();
  c.index = i;
  return es[static_cast<size_t>(i)].value;
}

// ---- the eval loop -----------------------------------------------------------------------

enum class EntryMode : uint8_t { Start, Send, Throw };

Value eval(Frame* entry, EntryMode mode, Value arg, bool* finished, Value* error);

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

// Runs `op`, catching what it raises into `exc` (returns false then). The VM
// calls what commonly raises (calls, subscripts, attribute lookups) through
// this so that the C++ unwinder never has to search the eval loop.
template <class F> __attribute__((noinline)) bool guarded(F&& op, Value& exc) {
  try {
    op();
    return true;
  } catch (PyError& e) {
    exc = std::move(e.exc);
  } catch (std::bad_alloc&) {
    exc = new_exception(exc::MemoryError, "");
  } catch (std::exception& e) {
    exc = new_exception(exc::SystemError, std::string("internal error: ") + e.what());
  }
  return false;
}

// Finishes an entry frame leaving the loop (done: for good, else suspended).
inline void leave_entry(Frame* entry, bool done) {
  Interpreter& in = interp();
  --in.depth;
  g_vm.current = entry->previous_;
  if (entry->flags_ & Frame::kHookSuspended) --g_vm.hook_suspended;
  if (!done) return;
  if (entry->flags_ & Frame::kOnHeap)
    clear_frame(entry);
  else
    release_arena_frame(entry);
}

Value eval(Frame* entry, EntryMode mode, Value arg, bool* finished, Value* error) {
  Interpreter& in = interp();
  entry->previous_ = g_vm.current;
  if (REFC_UNLIKELY(++in.depth > in.recursion_limit ||
                    static_cast<const char*>(__builtin_frame_address(0)) < stack_floor())) {
    --in.depth;
    if (entry->flags_ & Frame::kOnHeap)
      clear_frame(entry);
    else
      release_arena_frame(entry);
    *error = new_exception(exc::RecursionError, "maximum recursion depth exceeded");
    return Value();
  }
  g_vm.current = entry;
  if (entry->flags_ & Frame::kHookSuspended) ++g_vm.hook_suspended;

  Frame* f = entry;
  CodeObject* co;
  const Instruction* code_base;
  const Instruction* ip;
  Value* sp;
  Value* fast;
  const Value* consts;
  Str* const* names;
  const Tuple* kwnames = nullptr;
  Value exc;
  bool reraise = false;
  bool thrown_in = false; // an exception thrown into a generator keeps its context

#define LOAD_FRAME()                                                                           \
  do {                                                                                         \
    co = f->code_;                                                                             \
    code_base = co->code.data();                                                               \
    ip = f->ip_;                                                                               \
    sp = f->sp_;                                                                               \
    fast = f->localsplus();                                                                    \
    consts = co->consts.data();                                                                \
    names = co->names.data();                                                                  \
  } while (0)
#define SAVE_FRAME()                                                                           \
  do {                                                                                         \
    f->ip_ = ip;                                                                               \
    f->sp_ = sp;                                                                               \
  } while (0)
#define PUSH(v) (new (sp) Value(v), ++sp)
#define POP() Value(std::move(*--sp))
#define TOP() sp[-1]
#define SECOND() sp[-2]
#define DROP() ((--sp)->~Value())
#define JUMPTO(target) (ip = code_base + (target))
// Raises from inside the loop without a C++ throw (hot error paths).
#define VM_RAISE(type, msg)                                                                    \
  do {                                                                                         \
    exc = new_exception(type, msg);                                                            \
    goto exception;                                                                            \
  } while (0)

  LOAD_FRAME();
  if (mode == EntryMode::Send) {
    PUSH(std::move(arg));
    ++ip;
  } else if (mode == EntryMode::Throw) {
    exc = std::move(arg);
    thrown_in = true;
    goto exception;
  }

#ifdef REFC_COMPUTED_GOTO
  static void* const kTargets[] = {
#define REFC_OPCODE(name, kind, flags, effect, jump_effect) &&op_##name,
#include "reference_compiler/lang/opcodes.def"
#undef REFC_OPCODE
  };
#define TARGET(name)                                                                           \
  case Op::name:                                                                               \
  op_##name:
#else
#define TARGET(name) case Op::name:
#endif
// A plain goto to the one dispatch point, never a computed goto from inside a
// handler: a computed goto leaves the handler's scope without running its
// locals' destructors (GNU C++) or is rejected (clang). Compilers duplicate
// the dispatch point into each handler, so this costs no extra jump.
#define DISPATCH() goto dispatch
#define NEXT()                                                                                 \
  do {                                                                                         \
    ++ip;                                                                                      \
    DISPATCH();                                                                                \
  } while (0)

  for (;;) {
    try {
      for (;;) {
      dispatch:
#ifdef REFC_COMPUTED_GOTO
        goto* kTargets[static_cast<int>(ip->op)];
#endif
        switch (ip->op) {
        // ---- the hottest instructions first ----------------------------------------------
        TARGET(LOAD_FAST) {
          const Value& v = fast[ip->arg];
          if (REFC_UNLIKELY(v.is_null())) raise_unbound_local(co->varnames[ip->arg]);
          PUSH(v);
          NEXT();
        }
        TARGET(STORE_FAST) {
          fast[ip->arg] = POP();
          NEXT();
        }
        TARGET(LOAD_CONST) {
          PUSH(consts[ip->arg]);
          NEXT();
        }
        TARGET(BINARY_OP) {
          Value& a = SECOND();
          const Value& b = TOP();
          auto op = static_cast<BinaryOp>(ip->arg);
          if (a.tag() == Tag::Int && b.tag() == Tag::Int) {
            int64_t x = a.as_int(), y = b.as_int(), r;
            switch (op) {
            case BinaryOp::Add:
            case BinaryOp::InplaceAdd:
              if (REFC_UNLIKELY(__builtin_add_overflow(x, y, &r))) raise_int_overflow();
              goto int_result;
            case BinaryOp::Subtract:
            case BinaryOp::InplaceSubtract:
              if (REFC_UNLIKELY(__builtin_sub_overflow(x, y, &r))) raise_int_overflow();
              goto int_result;
            case BinaryOp::Multiply:
            case BinaryOp::InplaceMultiply:
              if (REFC_UNLIKELY(__builtin_mul_overflow(x, y, &r))) raise_int_overflow();
              goto int_result;
            case BinaryOp::FloorDivide:
            case BinaryOp::InplaceFloorDivide:
              if (REFC_UNLIKELY(y == 0)) VM_RAISE(exc::ZeroDivisionError, "integer division or modulo by zero");
              if (REFC_UNLIKELY(x == INT64_MIN && y == -1)) raise_int_overflow();
              r = x / y;
              if ((x % y != 0) && ((x < 0) != (y < 0))) --r;
              goto int_result;
            case BinaryOp::Remainder:
            case BinaryOp::InplaceRemainder:
              if (REFC_UNLIKELY(y == 0)) VM_RAISE(exc::ZeroDivisionError, "integer modulo by zero");
              if (REFC_UNLIKELY(y == -1)) {
                r = 0;
                goto int_result;
              }
              r = x % y;
              if (r != 0 && ((r < 0) != (y < 0))) r += y;
              goto int_result;
            case BinaryOp::And:
            case BinaryOp::InplaceAnd: r = x & y; goto int_result;
            case BinaryOp::Or:
            case BinaryOp::InplaceOr: r = x | y; goto int_result;
            case BinaryOp::Xor:
            case BinaryOp::InplaceXor: r = x ^ y; goto int_result;
            case BinaryOp::RShift:
            case BinaryOp::InplaceRShift:
              if (y < 0) break;
              r = y >= 64 ? (x < 0 ? -1 : 0) : (x >> y);
              goto int_result;
            case BinaryOp::LShift:
            case BinaryOp::InplaceLShift:
              if (y < 0 || y >= 63) break;
              r = static_cast<int64_t>(static_cast<uint64_t>(x) << y);
              if ((r >> y) != x) break;
              goto int_result;
            case BinaryOp::TrueDivide:
            case BinaryOp::InplaceTrueDivide:
              if (REFC_UNLIKELY(y == 0)) VM_RAISE(exc::ZeroDivisionError, "division by zero");
              if (x > -(int64_t(1) << 53) && x < (int64_t(1) << 53) && y > -(int64_t(1) << 53) &&
                  y < (int64_t(1) << 53)) {
                --sp;
                new (&a) Value(Value::floating(static_cast<double>(x) / static_cast<double>(y)));
                NEXT();
              }
              break;
            default: break;
            }
            goto binary_generic;
          int_result:
            // Both operands are immediates: overwrite without destructors.
            --sp;
            new (&a) Value(Value::integer(r));
            NEXT();
          }
          if ((a.tag() == Tag::Float || a.tag() == Tag::Int) &&
              (b.tag() == Tag::Float || b.tag() == Tag::Int)) {
            double x = a.tag() == Tag::Float ? a.as_float() : static_cast<double>(a.as_int());
            double y = b.tag() == Tag::Float ? b.as_float() : static_cast<double>(b.as_int());
            double r;
            switch (op) {
            case BinaryOp::Add:
            case BinaryOp::InplaceAdd: r = x + y; break;
            case BinaryOp::Subtract:
            case BinaryOp::InplaceSubtract: r = x - y; break;
            case BinaryOp::Multiply:
            case BinaryOp::InplaceMultiply: r = x * y; break;
            case BinaryOp::TrueDivide:
            case BinaryOp::InplaceTrueDivide:
              if (REFC_UNLIKELY(y == 0.0)) VM_RAISE(exc::ZeroDivisionError, "float division by zero");
              r = x / y;
              break;
            default: goto binary_generic;
            }
            --sp;
            new (&a) Value(Value::floating(r));
            NEXT();
          }
        binary_generic : {
          Value r = binary_op(op, a, b);
          DROP();
          TOP() = std::move(r);
          NEXT();
        }
        }
        TARGET(COMPARE_OP) {
          Value& a = SECOND();
          const Value& b = TOP();
          auto op = static_cast<CompareOp>(ip->arg);
          bool r;
          if (a.tag() == Tag::Int && b.tag() == Tag::Int) {
            int64_t x = a.as_int(), y = b.as_int();
            switch (op) {
            case CompareOp::Lt: r = x < y; break;
            case CompareOp::Le: r = x <= y; break;
            case CompareOp::Eq: r = x == y; break;
            case CompareOp::Ne: r = x != y; break;
            case CompareOp::Gt: r = x > y; break;
            default: r = x >= y; break;
            }
          } else if (a.tag() == Tag::Float && b.tag() == Tag::Float) {
            double x = a.as_float(), y = b.as_float();
            switch (op) {
            case CompareOp::Lt: r = x < y; break;
            case CompareOp::Le: r = x <= y; break;
            case CompareOp::Eq: r = x == y; break;
            case CompareOp::Ne: r = x != y; break;
            case CompareOp::Gt: r = x > y; break;
            default: r = x >= y; break;
            }
          } else if ((op == CompareOp::Eq || op == CompareOp::Ne) && a.is_obj() && b.is_obj() &&
                     a.as_obj()->type == types::str && b.as_obj()->type == types::str) {
            r = str_equal(a.as<Str>(), b.as<Str>()) == (op == CompareOp::Eq);
            DROP();
            TOP() = Value::boolean(r);
            NEXT();
          } else {
            Value res = compare(op, a, b);
            DROP();
            TOP() = std::move(res);
            NEXT();
          }
          // Two immediates compared: drop them without destructors and, when
          // a conditional jump follows (the usual case), take it directly.
          sp -= 2;
          {
            const Instruction* nx = ip + 1;
            if (nx->op == Op::POP_JUMP_IF_FALSE) {
              ip = r ? nx + 1 : code_base + nx->arg;
              DISPATCH();
            }
            if (nx->op == Op::POP_JUMP_IF_TRUE) {
              ip = r ? code_base + nx->arg : nx + 1;
              DISPATCH();
            }
          }
          PUSH(Value::boolean(r));
          NEXT();
        }
        TARGET(POP_JUMP_IF_FALSE) {
          Value v = POP();
          bool t = v.tag() == Tag::Bool ? v.as_bool() : truthy(v);
          if (!t) {
            JUMPTO(ip->arg);
            DISPATCH();
          }
          NEXT();
        }
        TARGET(POP_JUMP_IF_TRUE) {
          Value v = POP();
          bool t = v.tag() == Tag::Bool ? v.as_bool() : truthy(v);
          if (t) {
            JUMPTO(ip->arg);
            DISPATCH();
          }
          NEXT();
        }
        TARGET(JUMP_BACKWARD) {
          JUMPTO(ip->arg);
          DISPATCH();
        }
        TARGET(JUMP_FORWARD) {
          JUMPTO(ip->arg);
          DISPATCH();
        }
        TARGET(FOR_ITER) {
          Value& itv = TOP();
          Object* o = itv.as_obj();
          if (REFC_LIKELY(itv.is_obj())) {
            TypeObject* t = o->type;
            if (t == iter_types::range_iterator) {
              auto* r = static_cast<RangeIterator*>(o);
              if (r->remaining > 0) {
                int64_t v = r->next_value;
                --r->remaining;
                r->next_value = static_cast<int64_t>(static_cast<uint64_t>(v) +
                                                     static_cast<uint64_t>(r->step));
                PUSH(Value::integer(v));
                NEXT();
              }
              goto for_exhausted;
            }
            if (t == iter_types::list_iterator) {
              auto* li = static_cast<ListIterator*>(o);
              if (li->list && li->index < li->list->size()) {
                PUSH(li->list->items[static_cast<size_t>(li->index++)]);
                NEXT();
              }
              li->list = nullptr;
              goto for_exhausted;
            }
            if (t->layout == Layout::Iterator) {
              SAVE_FRAME();
              Value v;
              if (REFC_UNLIKELY(!guarded([&] { v = static_cast<IteratorObject*>(o)->next(); }, exc)))
                goto exception;
              if (v.is_null()) goto for_exhausted;
              PUSH(std::move(v));
              NEXT();
            }
            if (t == types::generator) {
              SAVE_FRAME();
              bool done = false;
              Value v;
              if (REFC_UNLIKELY(!guarded(
                      [&] { v = generator_send(static_cast<Generator*>(o), Value::none(), &done); },
                      exc)))
                goto exception;
              if (done) goto for_exhausted;
              PUSH(std::move(v));
              NEXT();
            }
          }
          {
            SAVE_FRAME();
            Value v;
            if (REFC_UNLIKELY(!guarded([&] { v = iter_next(itv); }, exc))) goto exception;
            if (v.is_null()) goto for_exhausted;
            PUSH(std::move(v));
            NEXT();
          }
        for_exhausted:
          DROP();
          JUMPTO(ip->arg);
          DISPATCH();
        }
        TARGET(LOAD_GLOBAL) {
          InlineCache& c = co->caches[ip->cache];
          Dict* g = f->globals_;
          Dict* b = f->builtins_;
          if (REFC_UNLIKELY(c.version_a != g->version() || c.version_b != b->version() ||
                            c.value.is_null())) {
            Str* name = names[ip->arg >> 1];
            Value v = g->get(name);
            if (v.is_null()) {
              v = b->get(name);
              if (v.is_null()) raise_name_error(name, f);
            }
            c.value = std::move(v);
            c.version_a = g->version();
            c.version_b = b->version();
          }
          if (ip->arg & 1) PUSH(Value());
          PUSH(c.value);
          NEXT();
        }
        TARGET(LOAD_ATTR) {
          Str* name = names[ip->arg];
          Value& owner = TOP();
          InlineCache& c = co->caches[ip->cache];
          if (owner.is_obj()) {
            Object* o = owner.as_obj();
            TypeObject* t = o->type;
            if (c.key == t && c.version_a == type_epoch) {
              Dict* d = static_cast<Instance*>(o)->dict.get();
              switch (c.kind) {
              case kAttrInstanceValue:
                if (d) {
                  Value v = instance_dict_lookup(d, name, c);
                  if (!v.is_null()) {
                    owner = std::move(v);
                    NEXT();
                  }
                }
                break;
              case kAttrMethod:
                if (!d || d->find_index(name) < 0) {
                  owner = Value(make<BoundMethod>(c.value, owner));
                  NEXT();
                }
                break;
              case kAttrClassValue:
                if (!d || d->find_index(name) < 0) {
                  owner = c.value;
                  NEXT();
                }
                break;
              default: break;
              }
            } else if (t->layout == Layout::Module) {
              Value v = static_cast<Module*>(o)->dict->get(name);
              if (!v.is_null()) {
                owner = std::move(v);
                NEXT();
              }
            } else if (t == super_type()) {
              SAVE_FRAME();
              owner = super_getattr(static_cast<SuperObject*>(o), name);
              NEXT();
            }
          }
          SAVE_FRAME();
          Value v;
          if (REFC_UNLIKELY(!guarded([&] { v = getattr(owner, name); }, exc))) goto exception;
          fill_load_attr_cache(c, owner, name);
          owner = std::move(v);
          NEXT();
        }
        TARGET(LOAD_METHOD) {
          Str* name = names[ip->arg];
          Value& owner = TOP();
          InlineCache& c = co->caches[ip->cache];
          TypeObject* t = type_of(owner);
          if (c.key == t && c.version_a == type_epoch && c.kind == kAttrMethod) {
            bool shadowed = false;
            if (has_instance_dict_layout(t->layout)) {
              Dict* d = static_cast<Instance*>(owner.as_obj())->dict.get();
              shadowed = d && d->find_index(name) >= 0;
            }
            if (!shadowed) {
              Value self = std::move(owner);
              owner = c.value;
              PUSH(std::move(self));
              NEXT();
            }
          }
          SAVE_FRAME();
          if (t == super_type()) {
            Value m = super_getattr(owner.as<SuperObject>(), name);
            owner = Value();
            PUSH(std::move(m));
            NEXT();
          }
          Value m;
          bool unbound = false;
          if (REFC_UNLIKELY(!guarded([&] { unbound = get_method(owner, name, m); }, exc)))
            goto exception;
          if (unbound) {
            if (t->layout != Layout::Module && t->layout != Layout::Type &&
                t->layout != Layout::Function && t->lookup(name).is(m)) {
              c.kind = kAttrMethod;
              c.key = t;
              c.version_a = type_epoch;
              c.value = m;
            }
            Value self = std::move(owner);
            owner = std::move(m);
            PUSH(std::move(self));
          } else {
            owner = Value();
            PUSH(std::move(m));
          }
          NEXT();
        }
        TARGET(STORE_ATTR) {
          Str* name = names[ip->arg];
          InlineCache& c = co->caches[ip->cache];
          const Value& owner = TOP();
          if (owner.is_obj() && c.kind == kStoreInstance && c.key == owner.as_obj()->type &&
              c.version_a == type_epoch) {
            Dict* d = owner.as<Instance>()->dict.get();
            if (d) {
              d->set(name, std::move(SECOND()));
              DROP();
              DROP();
              NEXT();
            }
          }
          SAVE_FRAME();
          setattr(owner, name, SECOND());
          fill_store_attr_cache(c, owner, name);
          DROP();
          DROP();
          NEXT();
        }
        TARGET(CALL) {
          uint32_t nargs = ip->arg;
          Value* args = sp - nargs;
          Value* slot0 = args - 2; // NULL or the callable
          Value* fslot;
          Value* argv;
          size_t total;
          if (slot0->is_null()) {
            fslot = args - 1;
            argv = args;
            total = nargs;
          } else {
            fslot = slot0;
            argv = args - 1;
            total = nargs + 1;
          }
          const Tuple* kw = kwnames;
          kwnames = nullptr;
          size_t nkw = kw ? kw->items.size() : 0;
          Object* callee = fslot->is_obj() ? fslot->as_obj() : nullptr;
          if (callee && callee->type == types::method && fslot == args - 1) {
            // [NULL, bound, args] -> [func, self, args]
            auto* bm = static_cast<BoundMethod*>(callee);
            Value func = bm->func;
            Value self = bm->self;
            *slot0 = std::move(func);
            *fslot = std::move(self);
            fslot = slot0;
            argv = args - 1;
            total = nargs + 1;
            callee = fslot->is_obj() ? fslot->as_obj() : nullptr;
          }
          SAVE_FRAME();
          if (callee && callee->type == types::function) {
            auto* func = static_cast<Function*>(callee);
            CodeObject* fco = func->code.get();
            size_t npos = total - nkw;
            bool simple = nkw == 0 && npos == static_cast<size_t>(fco->argcount) &&
                          (fco->flags & (CO_VARARGS | CO_VARKEYWORDS | CO_GENERATOR)) == 0 &&
                          fco->kwonlyargcount == 0;
            if (fco->flags & CO_GENERATOR) {
              Frame* gf = alloc_heap_frame(fco, func, func->globals.get(), func->builtins.get());
              Value gen;
              try {
                bind_arguments(func, fco, Args{argv, npos, kw}, gf->localsplus());
                if (hook_active()) gf = apply_frame_hook(gf);
                gen = Value(make_generator(gf, func));
              } catch (...) {
                if (gen.is_null()) discard_frame(gf);
                throw;
              }
              while (sp > slot0) DROP();
              PUSH(std::move(gen));
              NEXT();
            }
            if (REFC_UNLIKELY(in.depth + 1 > in.recursion_limit))
              raise(exc::RecursionError, "maximum recursion depth exceeded");
            Frame* nf;
            if (simple) {
              // The common call: a new arena frame takes the arguments bitwise
              // and the stack's reference to the function; nothing is copied
              // or counted twice.
              void* mem = frame_arena().allocate(fco->layout_frame_bytes);
              if (REFC_UNLIKELY(!mem)) raise(exc::MemoryError, "out of frame memory");
              nf = static_cast<Frame*>(mem);
              nf->code_ = fco;
              incref(fco);
              nf->func_ = func;
              fslot->release_obj();
              nf->globals_ = func->globals.get();
              nf->builtins_ = func->builtins.get();
              nf->locals_dict_ = nullptr;
              nf->ip_ = fco->code.data();
              nf->shadowed_ = nullptr;
              nf->gen_ = nullptr;
              nf->nblocks_ = 0;
              nf->flags_ = 0;
              Value* slots = nf->localsplus();
              std::memcpy(static_cast<void*>(slots), static_cast<const void*>(argv),
                          total * sizeof(Value));
              for (int i = static_cast<int>(total); i < fco->layout_nlocalsplus; ++i)
                new (slots + i) Value();
              nf->sp_ = slots + fco->layout_nlocalsplus;
              sp = slot0; // every slot from slot0 up was moved out or is Null
            } else {
              nf = alloc_arena_frame(fco, func, func->globals.get(), func->builtins.get(), nullptr);
              try {
                bind_arguments(func, fco, Args{argv, npos, kw}, nf->localsplus());
              } catch (...) {
                release_arena_frame(nf);
                throw;
              }
              while (sp > slot0) DROP();
            }
            if (REFC_UNLIKELY(hook_active())) {
              nf->previous_ = f;
              try {
                nf = apply_frame_hook(nf);
              } catch (...) {
                release_arena_frame(nf);
                throw;
              }
              if (nf->flags_ & Frame::kHookSuspended) ++g_vm.hook_suspended;
            }
            ++in.depth;
            f->sp_ = sp;
            nf->previous_ = f;
            f = nf;
            g_vm.current = f;
            LOAD_FRAME();
            DISPATCH();
          }
          Value r;
          bool ok;
          if (callee && callee->type == types::builtin_function &&
              static_cast<NativeFunction*>(callee)->self.is_null()) {
            auto* nfn = static_cast<NativeFunction*>(callee);
            ok = guarded(
                [&] {
                  r = nfn->fn(Args{argv, total - nkw, kw});
                  if (REFC_UNLIKELY(r.is_null())) raise(exc::StopIteration, "");
                },
                exc);
          } else {
            ok = guarded([&] { r = call(*fslot, Args{argv, total - nkw, kw}); }, exc);
          }
          if (REFC_UNLIKELY(!ok)) goto exception;
          while (sp > slot0) DROP();
          PUSH(std::move(r));
          NEXT();
        }
        TARGET(RETURN_VALUE) {
          Value r = POP();
          if (f == entry) {
            f->sp_ = sp;
            f->ip_ = ip;
            *finished = true;
            leave_entry(entry, true);
            return r;
          }
          Frame* caller = f->previous_;
          --in.depth;
          if (f->flags_ & Frame::kHookSuspended) --g_vm.hook_suspended;
          f->sp_ = sp;
          release_arena_frame(f);
          f = caller;
          g_vm.current = f;
          LOAD_FRAME();
          PUSH(std::move(r));
          NEXT();
        }
        TARGET(POP_TOP) {
          DROP();
          NEXT();
        }
        TARGET(PUSH_NULL) {
          PUSH(Value());
          NEXT();
        }
        TARGET(NOP) { NEXT(); }
        TARGET(COPY) {
          PUSH(sp[-static_cast<int>(ip->arg)]);
          NEXT();
        }
        TARGET(SWAP) {
          sp[-1].swap(sp[-static_cast<int>(ip->arg)]);
          NEXT();
        }
        TARGET(BINARY_SUBSCR) {
          Value& container = SECOND();
          const Value& key = TOP();
          if (container.is_obj()) {
            TypeObject* t = container.as_obj()->type;
            if (t == types::list && key.tag() == Tag::Int) {
              List* l = container.as<List>();
              int64_t i = key.as_int();
              if (i < 0) i += l->size();
              if (i >= 0 && i < l->size()) {
                Value v = l->items[static_cast<size_t>(i)];
                DROP();
                TOP() = std::move(v);
                NEXT();
              }
            } else if (t == types::tuple && key.tag() == Tag::Int) {
              Tuple* tu = container.as<Tuple>();
              int64_t i = key.as_int();
              if (i < 0) i += tu->size();
              if (i >= 0 && i < tu->size()) {
                Value v = tu->items[static_cast<size_t>(i)];
                DROP();
                TOP() = std::move(v);
                NEXT();
              }
            } else if (t == types::dict) {
              Value v = container.as<Dict>()->get(key);
              if (!v.is_null()) {
                DROP();
                TOP() = std::move(v);
                NEXT();
              }
            }
          }
          Value v;
          if (REFC_UNLIKELY(!guarded([&] { v = getitem(container, key); }, exc))) goto exception;
          DROP();
          TOP() = std::move(v);
          NEXT();
        }
        TARGET(STORE_SUBSCR) {
          // TOS1[TOS] = TOS2
          Value& container = SECOND();
          const Value& key = TOP();
          if (container.is_obj()) {
            TypeObject* t = container.as_obj()->type;
            if (t == types::list && key.tag() == Tag::Int) {
              List* l = container.as<List>();
              int64_t i = key.as_int();
              if (i < 0) i += l->size();
              if (i >= 0 && i < l->size()) {
                l->items[static_cast<size_t>(i)] = std::move(sp[-3]);
                DROP();
                DROP();
                DROP();
                NEXT();
              }
            } else if (t == types::dict) {
              container.as<Dict>()->set(key, std::move(sp[-3]));
              DROP();
              DROP();
              DROP();
              NEXT();
            }
          }
          setitem(container, key, sp[-3]);
          DROP();
          DROP();
          DROP();
          NEXT();
        }
        TARGET(DELETE_SUBSCR) {
          delitem(SECOND(), TOP());
          DROP();
          DROP();
          NEXT();
        }
        TARGET(IS_OP) {
          bool r = SECOND().is(TOP()) != (ip->arg != 0);
          DROP();
          TOP() = Value::boolean(r);
          NEXT();
        }
        TARGET(CONTAINS_OP) {
          bool r = contains(TOP(), SECOND()) != (ip->arg != 0);
          DROP();
          TOP() = Value::boolean(r);
          NEXT();
        }
        TARGET(UNARY_NEGATIVE) {
          Value& v = TOP();
          if (v.tag() == Tag::Int) {
            if (REFC_UNLIKELY(v.as_int() == INT64_MIN)) raise_int_overflow();
            v = Value::integer(-v.as_int());
          } else if (v.tag() == Tag::Float) {
            v = Value::floating(-v.as_float());
          } else {
            v = unary_op(UnaryOp::Negative, v);
          }
          NEXT();
        }
        TARGET(UNARY_POSITIVE) {
          Value& v = TOP();
          if (v.tag() != Tag::Int && v.tag() != Tag::Float) v = unary_op(UnaryOp::Positive, v);
          NEXT();
        }
        TARGET(UNARY_INVERT) {
          Value& v = TOP();
          if (v.tag() == Tag::Int)
            v = Value::integer(~v.as_int());
          else
            v = unary_op(UnaryOp::Invert, v);
          NEXT();
        }
        TARGET(UNARY_NOT) {
          Value& v = TOP();
          bool t = v.tag() == Tag::Bool ? v.as_bool() : truthy(v);
          v = Value::boolean(!t);
          NEXT();
        }
        TARGET(POP_JUMP_IF_NONE) {
          Value v = POP();
          if (v.is_none()) {
            JUMPTO(ip->arg);
            DISPATCH();
          }
          NEXT();
        }
        TARGET(POP_JUMP_IF_NOT_NONE) {
          Value v = POP();
          if (!v.is_none()) {
            JUMPTO(ip->arg);
            DISPATCH();
          }
          NEXT();
        }
        TARGET(JUMP_IF_FALSE_OR_POP) {
          const Value& v = TOP();
          bool t = v.tag() == Tag::Bool ? v.as_bool() : truthy(v);
          if (!t) {
            JUMPTO(ip->arg);
            DISPATCH();
          }
          DROP();
          NEXT();
        }
        TARGET(JUMP_IF_TRUE_OR_POP) {
          const Value& v = TOP();
          bool t = v.tag() == Tag::Bool ? v.as_bool() : truthy(v);
          if (t) {
            JUMPTO(ip->arg);
            DISPATCH();
          }
          DROP();
          NEXT();
        }
        TARGET(GET_ITER) {
          Value& v = TOP();
          if (v.is_obj()) {
            TypeObject* t = v.as_obj()->type;
            if (t == types::list) {
              v = make_list_iterator(Ref<List>::borrow(v.as<List>()));
              NEXT();
            }
            if (t == types::range) {
              Range* r = v.as<Range>();
              v = make_range_iterator(r->start, r->step, r->length());
              NEXT();
            }
            if (t == types::tuple) {
              v = make_tuple_iterator(Ref<Tuple>::borrow(v.as<Tuple>()));
              NEXT();
            }
          }
          v = get_iter(v);
          NEXT();
        }
        TARGET(KW_NAMES) {
          kwnames = consts[ip->arg].as<Tuple>();
          NEXT();
        }

        // ---- names -------------------------------------------------------------------------
        TARGET(DELETE_FAST) {
          if (fast[ip->arg].is_null()) raise_unbound_local(co->varnames[ip->arg]);
          fast[ip->arg] = Value();
          NEXT();
        }
        TARGET(STORE_GLOBAL) {
          f->globals_->set(names[ip->arg], POP());
          NEXT();
        }
        TARGET(DELETE_GLOBAL) {
          if (f->globals_->pop(Value::borrow(names[ip->arg])).is_null())
            raise_name_error(names[ip->arg], f);
          NEXT();
        }
        TARGET(LOAD_NAME) {
          Str* name = names[ip->arg];
          Value v;
          if (f->locals_dict_) v = f->locals_dict_->get(name);
          if (v.is_null()) v = f->globals_->get(name);
          if (v.is_null()) v = f->builtins_->get(name);
          if (v.is_null()) raise_name_error(name, f);
          PUSH(std::move(v));
          NEXT();
        }
        TARGET(STORE_NAME) {
          Str* name = names[ip->arg];
          if (REFC_UNLIKELY(!f->locals_dict_))
            raise(exc::SystemError,
                  "no locals found when storing '" + std::string(name->view()) + "'");
          f->locals_dict_->set(name, POP());
          NEXT();
        }
        TARGET(DELETE_NAME) {
          Str* name = names[ip->arg];
          if (!f->locals_dict_ || f->locals_dict_->pop(Value::borrow(name)).is_null())
            raise_name_error(name, f);
          NEXT();
        }
        TARGET(MAKE_CELL) {
          int i = static_cast<int>(ip->arg);
          Value init;
          int arg = co->cell2arg[i];
          if (arg >= 0) init = std::move(fast[arg]);
          fast[co->layout_nlocals + i] = Value(make<Cell>(std::move(init)));
          NEXT();
        }
        TARGET(COPY_FREE_VARS) {
          Function* fn = f->func_;
          const Tuple* closure = fn ? fn->closure.get() : nullptr;
          if (REFC_UNLIKELY(!closure || closure->items.size() < ip->arg))
            raise(exc::SystemError, "function has no closure for its free variables");
          Value* slots = fast + co->layout_nlocals + co->ncells();
          for (uint32_t i = 0; i < ip->arg; ++i) slots[i] = closure->items[i];
          NEXT();
        }
        TARGET(LOAD_CLOSURE) {
          PUSH(fast[co->layout_nlocals + static_cast<int>(ip->arg)]);
          NEXT();
        }
        TARGET(LOAD_DEREF) {
          int i = static_cast<int>(ip->arg);
          const Value& v = fast[co->layout_nlocals + i].as<Cell>()->value;
          if (REFC_UNLIKELY(v.is_null())) {
            if (i < co->ncells()) raise_unbound_local(co->deref_name(i));
            raise_unbound_free(co->deref_name(i));
          }
          PUSH(v);
          NEXT();
        }
        TARGET(LOAD_CLASSDEREF) {
          int i = static_cast<int>(ip->arg);
          Str* name = co->deref_name(i);
          Value v;
          if (f->locals_dict_) v = f->locals_dict_->get(name);
          if (v.is_null()) {
            v = fast[co->layout_nlocals + i].as<Cell>()->value;
            if (v.is_null()) {
              if (i < co->ncells()) raise_unbound_local(name);
              raise_unbound_free(name);
            }
          }
          PUSH(std::move(v));
          NEXT();
        }
        TARGET(STORE_DEREF) {
          fast[co->layout_nlocals + static_cast<int>(ip->arg)].as<Cell>()->value = POP();
          NEXT();
        }
        TARGET(DELETE_DEREF) {
          int i = static_cast<int>(ip->arg);
          Value& v = fast[co->layout_nlocals + i].as<Cell>()->value;
          if (v.is_null()) {
            if (i < co->ncells()) raise_unbound_local(co->deref_name(i));
            raise_unbound_free(co->deref_name(i));
          }
          v = Value();
          NEXT();
        }
        TARGET(SETUP_ANNOTATIONS) {
          static Str* ann = intern("__annotations__");
          if (!f->locals_dict_) raise(exc::SystemError, "no locals found when setting up annotations");
          if (f->locals_dict_->get(ann).is_null()) f->locals_dict_->set(ann, Value(make_dict()));
          NEXT();
        }
        TARGET(DELETE_ATTR) {
          delattr(TOP(), names[ip->arg]);
          DROP();
          NEXT();
        }

        // ---- building ----------------------------------------------------------------------
        TARGET(BUILD_TUPLE) {
          uint32_t n = ip->arg;
          std::vector<Value> items;
          items.reserve(n);
          for (Value* p = sp - n; p < sp; ++p) items.push_back(std::move(*p));
          for (uint32_t i = 0; i < n; ++i) DROP();
          PUSH(n == 0 ? Value::borrow(empty_tuple()) : Value(make_tuple(std::move(items))));
          NEXT();
        }
        TARGET(BUILD_LIST) {
          uint32_t n = ip->arg;
          std::vector<Value> items;
          items.reserve(n);
          for (Value* p = sp - n; p < sp; ++p) items.push_back(std::move(*p));
          for (uint32_t i = 0; i < n; ++i) DROP();
          PUSH(make_list(std::move(items)));
          NEXT();
        }
        TARGET(BUILD_SET) {
          uint32_t n = ip->arg;
          auto s = make_set();
          for (Value* p = sp - n; p < sp; ++p) s->add(*p);
          for (uint32_t i = 0; i < n; ++i) DROP();
          PUSH(std::move(s));
          NEXT();
        }
        TARGET(BUILD_MAP) {
          uint32_t n = ip->arg;
          auto d = make_dict();
          for (Value* p = sp - 2 * n; p < sp; p += 2) d->set(p[0], p[1]);
          for (uint32_t i = 0; i < 2 * n; ++i) DROP();
          PUSH(std::move(d));
          NEXT();
        }
        TARGET(BUILD_CONST_KEY_MAP) {
          uint32_t n = ip->arg;
          const auto& keys = TOP().as<Tuple>()->items;
          auto d = make_dict();
          Value* vals = sp - 1 - n;
          for (uint32_t i = 0; i < n; ++i) d->set(keys[i], vals[i]);
          for (uint32_t i = 0; i <= n; ++i) DROP();
          PUSH(std::move(d));
          NEXT();
        }
        TARGET(BUILD_STRING) {
          uint32_t n = ip->arg;
          Value s = build_string(sp - n, n);
          for (uint32_t i = 0; i < n; ++i) DROP();
          PUSH(std::move(s));
          NEXT();
        }
        TARGET(BUILD_SLICE) {
          uint32_t n = ip->arg;
          Value step = n == 3 ? POP() : Value::none();
          Value stop = POP();
          Value start = POP();
          PUSH(make<Slice>(std::move(start), std::move(stop), std::move(step)));
          NEXT();
        }
        TARGET(LIST_APPEND) {
          Value v = POP();
          sp[-static_cast<int>(ip->arg)].as<List>()->items.push_back(std::move(v));
          NEXT();
        }
        TARGET(SET_ADD) {
          Value v = POP();
          sp[-static_cast<int>(ip->arg)].as<SetObject>()->add(v);
          NEXT();
        }
        TARGET(MAP_ADD) {
          Value v = POP();
          Value k = POP();
          sp[-static_cast<int>(ip->arg)].as<Dict>()->set(k, std::move(v));
          NEXT();
        }
        TARGET(LIST_EXTEND) {
          list_extend(sp[-1 - static_cast<int>(ip->arg)].as<List>(), TOP());
          DROP();
          NEXT();
        }
        TARGET(SET_UPDATE) {
          SetObject* s = sp[-1 - static_cast<int>(ip->arg)].as<SetObject>();
          for (const Value& v : collect_items(TOP())) s->add(v);
          DROP();
          NEXT();
        }
        TARGET(DICT_UPDATE) {
          dict_update(sp[-1 - static_cast<int>(ip->arg)].as<Dict>(), TOP());
          DROP();
          NEXT();
        }
        TARGET(DICT_MERGE) {
          int i = static_cast<int>(ip->arg);
          dict_merge(sp[-1 - i].as<Dict>(), TOP(), sp[-3 - i]);
          DROP();
          NEXT();
        }
        TARGET(LIST_TO_TUPLE) {
          Value& v = TOP();
          v = Value(make_tuple(std::move(v.as<List>()->items)));
          NEXT();
        }
        TARGET(UNPACK_SEQUENCE) {
          uint32_t n = ip->arg;
          Value seq = POP();
          if (seq.is_obj() && seq.as_obj()->type == types::tuple &&
              seq.as<Tuple>()->items.size() == n) {
            const auto& items = seq.as<Tuple>()->items;
            for (uint32_t i = n; i-- > 0;) PUSH(items[i]);
            NEXT();
          }
          unpack_sequence(seq, n, sp);
          sp += n;
          NEXT();
        }
        TARGET(UNPACK_EX) {
          Value seq = POP();
          uint32_t count = (ip->arg & 0xFF) + (ip->arg >> 8) + 1;
          unpack_ex(seq, ip->arg, sp);
          sp += count;
          NEXT();
        }
        TARGET(FORMAT_VALUE) {
          uint32_t fl = ip->arg;
          if (fl & 4) {
            Value r = format_value(SECOND(), fl, &TOP());
            DROP();
            TOP() = std::move(r);
          } else {
            TOP() = format_value(TOP(), fl, nullptr);
          }
          NEXT();
        }

        // ---- generators ------------------------------------------------------------------
        TARGET(YIELD_VALUE) {
          Value v = POP();
          if (REFC_UNLIKELY(f != entry || !(f->flags_ & Frame::kOnHeap)))
            raise(exc::SystemError, "yield outside a generator frame");
          f->ip_ = ip;
          f->sp_ = sp;
          *finished = false;
          leave_entry(entry, false);
          return v;
        }
        TARGET(SEND) {
          Value& receiver = SECOND();
          Value v = POP();
          Value result;
          Value r;
          bool ok = guarded(
              [&] {
                if (receiver.is_obj() && receiver.as_obj()->type == types::generator) {
                  bool done = false;
                  r = generator_send(receiver.as<Generator>(), v, &done);
                  if (done) {
                    result = std::move(r);
                    r = Value();
                  }
                } else {
                  r = send_to_iterator(receiver, v, result);
                }
              },
              exc);
          if (REFC_UNLIKELY(!ok)) goto exception;
          if (r.is_null()) {
            TOP() = std::move(result);
            JUMPTO(ip->arg);
            DISPATCH();
          }
          PUSH(std::move(r));
          NEXT();
        }
        TARGET(GET_YIELD_FROM_ITER) {
          Value& v = TOP();
          if (!(v.is_obj() && v.as_obj()->type == types::generator)) v = get_iter(v);
          NEXT();
        }

        // ---- functions, classes, imports ---------------------------------------------------
        TARGET(MAKE_FUNCTION) {
          uint32_t fl = ip->arg;
          Value fn = make_function(f, fl, sp);
          int n = 1 + __builtin_popcount(fl & 15);
          for (int i = 0; i < n; ++i) DROP();
          PUSH(std::move(fn));
          NEXT();
        }
        TARGET(CALL_FUNCTION_EX) {
          Value kwargs = (ip->arg & 1) ? POP() : Value();
          Value callargs = POP();
          SAVE_FRAME();
          Value r;
          if (REFC_UNLIKELY(!guarded([&] { r = call_function_ex(TOP(), callargs, kwargs); }, exc)))
            goto exception;
          DROP();
          TOP() = std::move(r);
          NEXT();
        }
        TARGET(LOAD_BUILD_CLASS) {
          static Str* bc = intern("__build_class__");
          Value v = f->builtins_->get(bc);
          if (v.is_null()) raise(exc::NameError, "__build_class__ not found");
          PUSH(std::move(v));
          NEXT();
        }
        TARGET(IMPORT_NAME) {
          Value fromlist = POP();
          Value level = POP();
          SAVE_FRAME();
          PUSH(import_name(names[ip->arg], fromlist, level.is_intlike() ? level.as_int() : 0));
          NEXT();
        }
        TARGET(IMPORT_FROM) {
          SAVE_FRAME();
          Value v = import_from(TOP(), names[ip->arg]);
          PUSH(std::move(v));
          NEXT();
        }
        TARGET(IMPORT_STAR) {
          Value m = POP();
          if (!f->locals_dict_) raise(exc::SystemError, "no locals found during 'import *'");
          import_star(m, f->locals_dict_);
          NEXT();
        }

        // ---- exceptions and blocks -------------------------------------------------------------
        TARGET(SETUP_FINALLY) {
          f->blocks()[f->nblocks_++] = {ip->arg, static_cast<uint32_t>(sp - f->stack_base())};
          NEXT();
        }
        TARGET(SETUP_CLEANUP) {
          f->blocks()[f->nblocks_++] = {ip->arg, static_cast<uint32_t>(sp - f->stack_base())};
          NEXT();
        }
        TARGET(SETUP_WITH) {
          Value mgr = POP();
          Value enter, exit;
          SAVE_FRAME();
          with_lookup(mgr, enter, exit);
          PUSH(std::move(exit));
          Value res = call(enter, {});
          f->blocks()[f->nblocks_++] = {ip->arg, static_cast<uint32_t>(sp - f->stack_base())};
          PUSH(std::move(res));
          NEXT();
        }
        TARGET(POP_BLOCK) {
          --f->nblocks_;
          NEXT();
        }
        TARGET(PUSH_EXC_INFO) {
          Value e = POP();
          PUSH(g_vm.handled.is_null() ? Value::none() : g_vm.handled);
          g_vm.handled = e;
          PUSH(std::move(e));
          NEXT();
        }
        TARGET(POP_EXCEPT) {
          Value prev = POP();
          g_vm.handled = prev.is_none() ? Value() : std::move(prev);
          NEXT();
        }
        TARGET(CHECK_EXC_MATCH) {
          bool m = check_exc_match(SECOND(), TOP());
          TOP() = Value::boolean(m);
          NEXT();
        }
        TARGET(WITH_EXCEPT_START) {
          // [exit, prev, exc] -> [exit, prev, exc, exit(type, exc, tb)]
          const Value& e = TOP();
          Value argv[3] = {Value::borrow(type_of(e)), e, Value::none()};
          SAVE_FRAME();
          Value r = call(sp[-3], Args{argv, 3, nullptr});
          PUSH(std::move(r));
          NEXT();
        }
        TARGET(LOAD_ASSERTION_ERROR) {
          PUSH(Value::borrow(exc::AssertionError));
          NEXT();
        }
        TARGET(RAISE_VARARGS) {
          switch (ip->arg) {
          case 0:
            if (g_vm.handled.is_null())
              raise(exc::RuntimeError, "No active exception to reraise");
            exc = g_vm.handled;
            reraise = true;
            break;
          case 1: {
            Value v = POP();
            exc = exception_from(v, false);
            set_context(exc, true);
            break;
          }
          default: {
            Value cause = POP();
            Value v = POP();
            exc = exception_from(v, false);
            Value c = cause.is_none() ? Value::none() : exception_from(cause, true);
            auto* eo = exc.as<ExceptionObject>();
            eo->cause = std::move(c);
            eo->suppress_context = true;
            set_context(exc, true);
            break;
          }
          }
          goto exception;
        }
        TARGET(RERAISE) {
          exc = POP();
          reraise = true;
          goto exception;
        }
        }
      }
    } catch (PyError& e) {
      exc = std::move(e.exc);
      reraise = false;
    } catch (std::bad_alloc&) {
      exc = new_exception(exc::MemoryError, "");
      reraise = false;
    } catch (std::exception& e) {
      exc = new_exception(exc::SystemError, std::string("internal error: ") + e.what());
      reraise = false;
    }

  exception:
    // `exc` is raised at `ip` in frame `f`.
    kwnames = nullptr;
    if (!reraise) {
      add_traceback_entry(exc, co, co->line_at(static_cast<int>(ip - code_base)));
      if (!thrown_in) set_context(exc, false);
    }
    reraise = false;
    thrown_in = false;
    while (f->nblocks_ > 0) {
      RuntimeBlock b = f->blocks()[--f->nblocks_];
      Value* level = f->stack_base() + b.level;
      while (sp > level) DROP();
      PUSH(std::move(exc));
      exc = Value();
      JUMPTO(b.handler);
      goto resume_loop;
    }
    // No handler here: the frame is done.
    while (sp > f->stack_base()) DROP();
    f->sp_ = sp;
    if (f == entry) {
      leave_entry(entry, true);
      *error = std::move(exc);
      return Value();
    }
    {
      Frame* caller = f->previous_;
      --in.depth;
      if (f->flags_ & Frame::kHookSuspended) --g_vm.hook_suspended;
      release_arena_frame(f);
      f = caller;
      g_vm.current = f;
      LOAD_FRAME();
      goto exception; // recorded again at the caller's CALL
    }
  resume_loop:;
  }
#undef LOAD_FRAME
#undef SAVE_FRAME
#undef PUSH
#undef POP
#undef TOP
#undef SECOND
#undef DROP
#undef JUMPTO
#undef VM_RAISE
#undef TARGET
#undef DISPATCH
#undef NEXT
}

} // namespace

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
    if (hook_active()) {
      f->previous_ = g_vm.current;
      f = apply_frame_hook(f);
    }
  } catch (...) {
    release_arena_frame(f);
    throw;
  }
  bool finished = false;
  return eval_or_throw(f, EntryMode::Start, Value(), &finished);
}

Value run_code(CodeObject* code, Dict* globals, Dict* locals) {
  Value b = globals->get(names::__builtins__);
  Dict* builtins = interp().builtins.get();
  if (b.is_obj() && b.as_obj()->type == types::module) builtins = b.as<Module>()->dict.get();
  else if (b.is_obj() && b.as_obj()->type == types::dict) builtins = b.as<Dict>();
  Frame* f = alloc_arena_frame(code, nullptr, globals, builtins, locals);
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

Value run_class_body(Function* body, Dict* ns) {
  CodeObject* co = body->code.get();
  Frame* f = alloc_arena_frame(co, body, body->globals.get(), body->builtins.get(), ns);
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
