// The eval loop's out-of-line paths: the errors it raises (unbound names,
// exception matching and chaining) and the instructions too bulky or too
// rare to inline (function and string building, unpacking, mapping and
// iterable merges, calls with * and **, with-statement lookups, SEND to a
// plain iterator). The loop calls them; they never dispatch.
#include "reference_compiler/lang/vm_internal.h"

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

#include <cmath>
#include <cstring>
#include <new>

namespace refc::lang::evaluation {

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

} // namespace refc::lang::evaluation
