// `_functools`, the native half of `functools` (as in CPython): reduce,
// partial and the lru_cache wrapper — the parts programs call in hot loops
// (memoized recursion goes through the cache wrapper on every call). They
// follow CPython 3.11's _functoolsmodule.c: partial flattens nested partials
// and reprs as "functools.partial(<function f at 0x...>, 1)"; the cache
// builds CPython's keys (a lone int or str argument is its own key), evicts
// the least recently used entry, and counts hits and misses alike.
// functools.py (update_wrapper, the lru_cache decorator, ...) builds on them.
#include "reference_compiler/lang/abstract.h"
#include "reference_compiler/lang/builtin_types.h"
#include "reference_compiler/lang/container_support.h"
#include "reference_compiler/lang/descriptor_objects.h"
#include "reference_compiler/lang/dict_object.h"
#include "reference_compiler/lang/errors.h"
#include "reference_compiler/lang/instance_object.h"
#include "reference_compiler/lang/iterators.h"
#include "reference_compiler/lang/module_builder.h"
#include "reference_compiler/lang/repr_guard.h"
#include "reference_compiler/lang/str_object.h"
#include "reference_compiler/lang/tuple_object.h"

#include <string>
#include <vector>

namespace refc::lang {

namespace {

TypeObject* partial_type = nullptr;
TypeObject* lru_wrapper_type = nullptr;
TypeObject* lru_link_type = nullptr;

// ---- reduce ------------------------------------------------------------------------

Value reduce_fn(Args a) {
  check_no_keywords(a, "reduce");
  check_positional(a, "reduce", "reduce", 2, 3);
  Value it;
  try {
    it = get_iter(a[1]);
  } catch (PyError& e) {
    if (!isinstance(e.exc, exc::TypeError)) throw;
    raise(exc::TypeError, "reduce() arg 2 must support iteration");
  }
  Value result = a.npos == 3 ? a[2] : Value();
  for (Value x = next_item(it); !x.is_null(); x = next_item(it)) {
    if (result.is_null()) {
      result = std::move(x);
      continue;
    }
    Value argv[2] = {std::move(result), std::move(x)};
    result = call(a[0], Args{argv, 2, nullptr});
  }
  if (result.is_null()) raise(exc::TypeError, "reduce() of empty iterable with no initial value");
  return result;
}

// ---- partial -------------------------------------------------------------------------

// An Instance so that programs (and functools.update_wrapper) can set attributes.
struct Partial : Instance {
  Partial() : Instance(partial_type) {}
  Value func;
  Ref<Tuple> args;
  Ref<Dict> keywords;
};

Partial* self_partial(const Args& a, std::string_view method) {
  return static_cast<Partial*>(check_receiver(a, partial_type, method));
}

Value partial_new(Args a) {
  if (a.npos < 2) raise(exc::TypeError, "type 'partial' takes at least one argument");
  Value func = a[1];
  std::vector<Value> args;
  Ref<Dict> keywords = make_dict();
  if (func.is_obj() && func.type() == partial_type) {
    // partial(partial(f, 1), 2) is partial(f, 1, 2).
    auto* inner = func.as<Partial>();
    args = inner->args->items;
    for (const Dict::Entry& e : inner->keywords->entries())
      if (!e.key.is_null()) keywords->set(e.key, e.value);
    func = inner->func;
  }
  if (!is_callable(func)) raise(exc::TypeError, "the first argument must be callable");
  for (size_t i = 2; i < a.npos; ++i) args.push_back(a[i]);
  for (size_t k = 0; k < a.nkw(); ++k) keywords->set(a.kwname(k), a.kwvalue(k));
  Ref<Partial> p = make<Partial>();
  p->func = func;
  p->args = make_tuple(std::move(args));
  p->keywords = std::move(keywords);
  return Value(std::move(p));
}

Value partial_call(Args a) {
  Partial* p = self_partial(a, "__call__");
  const std::vector<Value>& stored = p->args->items;
  size_t ncall = a.npos - 1;
  std::vector<Value> values;
  values.reserve(stored.size() + ncall + a.nkw() + p->keywords->size());
  values.insert(values.end(), stored.begin(), stored.end());
  values.insert(values.end(), a.values + 1, a.values + a.npos);
  size_t npos = values.size();
  if (p->keywords->size() == 0) {
    // Only the call's own keywords: pass them through unchanged.
    values.insert(values.end(), a.values + a.npos, a.values + a.npos + a.nkw());
    return call(p->func, Args{values.data(), npos, a.kwnames});
  }
  Ref<Dict> merged = make_dict();
  for (const Dict::Entry& e : p->keywords->entries())
    if (!e.key.is_null()) merged->set(e.key, e.value);
  for (size_t k = 0; k < a.nkw(); ++k) merged->set(a.kwname(k), a.kwvalue(k));
  std::vector<Value> names;
  for (const Dict::Entry& e : merged->entries()) {
    if (e.key.is_null()) continue;
    if (!isinstance(e.key, types::str)) raise(exc::TypeError, "keywords must be strings");
    names.push_back(e.key);
    values.push_back(e.value);
  }
  Ref<Tuple> kwnames = make_tuple(std::move(names));
  return call(p->func, Args{values.data(), npos, kwnames.get()});
}

Value partial_repr(Args a) {
  Partial* p = self_partial(a, "__repr__");
  ReprGuard guard(p);
  if (guard.recursive()) return str_value("...");
  std::string out = "functools.partial(" + std::string(repr(p->func)->view());
  for (const Value& v : p->args->items) {
    out += ", ";
    append_repr(out, v);
  }
  for (const Dict::Entry& e : p->keywords->entries()) {
    if (e.key.is_null()) continue;
    out += ", " + std::string(to_str(e.key)->view()) + "=";
    append_repr(out, e.value);
  }
  return str_value(out + ")");
}

Value partial_func(Args a) { return self_partial(a, "func")->func; }
Value partial_args(Args a) { return Value(self_partial(a, "args")->args); }
Value partial_keywords(Args a) { return Value(self_partial(a, "keywords")->keywords); }

// ---- the lru_cache wrapper -----------------------------------------------------------------

// A cache entry of a bounded cache: a node of the circular recency list whose
// root (in the wrapper) sits between the newest and the oldest entry.
struct LruLink : Object {
  LruLink() : Object(lru_link_type) {}
  Value key, result;
  LruLink* prev = nullptr;
  LruLink* next = nullptr;
};

struct LruWrapper : Instance {
  LruWrapper() : Instance(lru_wrapper_type) { root.prev = root.next = &root; }
  ~LruWrapper() override { root.prev = root.next = &root; }
  Value func;
  int64_t maxsize = 0; // -1: unbounded
  bool typed = false;
  Value cache_info_type;
  Ref<Dict> cache = make_dict(); // key -> result (unbounded) or LruLink (bounded)
  int64_t hits = 0, misses = 0;
  LruLink root{};

  void unlink(LruLink* l) {
    l->prev->next = l->next;
    l->next->prev = l->prev;
  }
  void append(LruLink* l) { // as the most recently used
    l->prev = root.prev;
    l->next = &root;
    root.prev->next = l;
    root.prev = l;
  }
};

Object* kwd_mark() {
  static Object* mark = [] {
    Ref<Instance> m = make<Instance>(types::object);
    m->make_immortal();
    return static_cast<Object*>(m.release());
  }();
  return mark;
}

// CPython's lru_cache_make_key.
Value make_key(const Args& a, bool typed) {
  if (!typed && a.nkw() == 0) {
    if (a.npos == 1) {
      const Value& k = a[0];
      if (k.is_int() || (k.is_obj() && k.type() == types::str)) return k;
    }
    return Value(make_tuple(std::vector<Value>(a.values, a.values + a.npos)));
  }
  std::vector<Value> key(a.values, a.values + a.npos);
  if (a.nkw()) {
    key.push_back(Value::borrow(kwd_mark()));
    for (size_t k = 0; k < a.nkw(); ++k) {
      key.push_back(Value::borrow(a.kwname(k)));
      key.push_back(a.kwvalue(k));
    }
  }
  if (typed) {
    for (size_t i = 0; i < a.npos; ++i) key.push_back(Value::borrow(a[i].type()));
    for (size_t k = 0; k < a.nkw(); ++k) key.push_back(Value::borrow(a.kwvalue(k).type()));
  }
  return Value(make_tuple(std::move(key)));
}

LruWrapper* self_wrapper(const Args& a, std::string_view method) {
  return static_cast<LruWrapper*>(check_receiver(a, lru_wrapper_type, method));
}

Value lru_call(Args a) {
  LruWrapper* w = self_wrapper(a, "__call__");
  Value self = a[0]; // keeps the wrapper alive while the user function runs
  Args args = a.drop_first();
  if (w->maxsize == 0) {
    ++w->misses;
    return call(w->func, args);
  }
  Value key = make_key(args, w->typed);
  Value found = w->cache->get(key);
  if (w->maxsize < 0) {
    if (!found.is_null()) {
      ++w->hits;
      return found;
    }
    ++w->misses;
    Value result = call(w->func, args);
    w->cache->set(key, result);
    return result;
  }
  if (!found.is_null()) {
    auto* link = found.as<LruLink>();
    w->unlink(link);
    w->append(link);
    ++w->hits;
    return link->result;
  }
  ++w->misses;
  Value result = call(w->func, args);
  // The call may have cached this key itself (recursion): keep that entry.
  if (!w->cache->get(key).is_null()) return result;
  if (w->cache->size() < w->maxsize || w->root.next == &w->root) {
    Ref<LruLink> link = make<LruLink>();
    link->key = key;
    link->result = result;
    w->append(link.get());
    w->cache->set(key, Value(std::move(link)));
    return result;
  }
  // Full: reuse the oldest entry's link for the new one.
  Ref<LruLink> oldest = Ref<LruLink>::borrow(w->root.next);
  w->unlink(oldest.get());
  w->cache->pop(oldest->key);
  oldest->key = key;
  oldest->result = result;
  w->append(oldest.get());
  w->cache->set(key, Value(oldest));
  return result;
}

Value lru_cache_info(Args a) {
  LruWrapper* w = self_wrapper(a, "cache_info");
  check_method_no_args(a, "cache_info");
  Value maxsize = w->maxsize < 0 ? Value::none() : Value::integer(w->maxsize);
  return call(w->cache_info_type, {Value::integer(w->hits), Value::integer(w->misses), maxsize,
                                   Value::integer(w->cache->size())});
}

Value lru_cache_clear(Args a) {
  LruWrapper* w = self_wrapper(a, "cache_clear");
  check_method_no_args(a, "cache_clear");
  Ref<Dict> old = std::move(w->cache); // entries die after the wrapper is consistent
  w->cache = make_dict();
  w->root.prev = w->root.next = &w->root;
  w->hits = w->misses = 0;
  return Value::none();
}

// A wrapper stored in a class binds like the function it wraps.
Value lru_get(Args a) {
  self_wrapper(a, "__get__");
  if (a.npos < 2 || a[1].is_none()) return a[0];
  return Value(make<BoundMethod>(a[0], a[1]));
}

Value lru_copy(Args a) { return a[0]; }

// _lru_cache_wrapper(user_function, maxsize, typed, cache_info_type)
Value lru_wrapper_new(Args a) {
  Value p[4];
  bind_args(a, "_lru_cache_wrapper", {"user_function", "maxsize", "typed", "cache_info_type"}, 4,
            4, p);
  if (!is_callable(p[0])) raise(exc::TypeError, "the first argument must be callable");
  Ref<LruWrapper> w = make<LruWrapper>();
  w->func = p[0];
  if (p[1].is_none()) {
    w->maxsize = -1;
  } else {
    int64_t n = index_value(p[1]);
    w->maxsize = n < 0 ? 0 : n;
  }
  w->typed = truthy(p[2]);
  w->cache_info_type = p[3];
  return Value(std::move(w));
}

// The attribute dict of these Instance-based objects (update_wrapper updates it).
Value instance_dict_get(Args a) {
  auto* inst = static_cast<Instance*>(a[0].as_obj());
  if (!inst->dict) inst->dict = make_dict();
  return Value(inst->dict);
}

void init_types() {
  partial_type = make_module_type("partial", "functools", Layout::Instance);
  add_new(partial_type, partial_new);
  add_method(partial_type, "__call__", partial_call);
  add_method(partial_type, "__repr__", partial_repr);
  add_getter(partial_type, "func", partial_func);
  add_getter(partial_type, "args", partial_args);
  add_getter(partial_type, "keywords", partial_keywords);
  add_getter(partial_type, "__dict__", instance_dict_get);

  lru_link_type = make_module_type("_lru_list_elem", "functools");
  // A heap type, so that attribute lookup honours its __get__ (method binding).
  lru_wrapper_type =
      make_module_type("_lru_cache_wrapper", "functools", Layout::Instance, nullptr, true);
  add_method(lru_wrapper_type, "__call__", lru_call);
  add_method(lru_wrapper_type, "__get__", lru_get);
  add_method(lru_wrapper_type, "cache_info", lru_cache_info);
  add_method(lru_wrapper_type, "cache_clear", lru_cache_clear);
  add_method(lru_wrapper_type, "__copy__", lru_copy);
  add_method(lru_wrapper_type, "__deepcopy__", lru_copy);
  add_getter(lru_wrapper_type, "__dict__", instance_dict_get);
}

} // namespace

Ref<Module> create_functools_native_module() {
  if (!partial_type) init_types();
  ModuleBuilder m("_functools");
  m.function("reduce", reduce_fn)
      .function("_lru_cache_wrapper", lru_wrapper_new)
      .value("partial", Value::borrow(partial_type));
  return m.finish();
}

} // namespace refc::lang
