// `_collections`, the native half of `collections` (as in CPython): deque, and
// the dict subclasses OrderedDict and defaultdict, whose instances are real
// Dict objects of the subclass — so isinstance(d, dict), dict(d), `**d`, json-
// like printing and every dict method work on them unchanged — plus the
// building blocks collections.py uses for namedtuple (_make_named_tuple_type)
// and Counter (_dict_subclass: a dict subclass whose methods are written in
// Python; _count_elements: Counter's counting loop). deque is
// collections_deque.cpp's.
#include "reference_compiler/lang/abstract.h"
#include "reference_compiler/lang/collections_deque.h"
#include "reference_compiler/lang/container_support.h"
#include "reference_compiler/lang/dict_object.h"
#include "reference_compiler/lang/errors.h"
#include "reference_compiler/lang/iterators.h"
#include "reference_compiler/lang/module_builder.h"
#include "reference_compiler/lang/named_tuple.h"
#include "reference_compiler/lang/repr_guard.h"
#include "reference_compiler/lang/singletons.h"

#include <string>
#include <vector>

namespace refc::lang {

namespace {

// ---- the dict subclasses ------------------------------------------------------------

TypeObject* ordered_dict_type = nullptr;
TypeObject* default_dict_type = nullptr;

struct DefaultDict : Dict {
  DefaultDict() = default;
  Value default_factory = Value::none();
  void traverse(ReferenceVisitor& visit) override {
    Dict::traverse(visit);
    visit(default_factory);
  }
  void clear_references() override {
    Dict::clear_references();
    Value dropped = std::exchange(default_factory, Value::none());
  }
};

// Calls the dict type's own implementation of `name` (dict.update, dict.__repr__,
// ...) on `self`, bypassing the subclass's overrides.
Value call_dict_method(const char* name, const Value& self, Args rest) {
  Value f = types::dict->dict->get(intern(name));
  REFC_CHECK(!f.is_null(), std::string("dict has no method ") + name);
  return call_with_self(f, self, rest);
}

Dict* self_dict_of(const Args& a, const TypeObject* t, std::string_view method) {
  return receiver<Dict>(a, t, method);
}

// A new, empty dict whose type is `cls` (a subclass of dict).
Ref<Dict> new_dict_of(TypeObject* cls) {
  if (cls->is_subtype(default_dict_type)) {
    Ref<DefaultDict> d = make<DefaultDict>();
    d->type = cls;
    return d;
  }
  Ref<Dict> d = make_dict();
  d->type = cls;
  return d;
}

Value dict_subclass_new(Args a) {
  return Value(new_dict_of(a[0].as<TypeObject>()));
}

// __getitem__ of dict subclasses: dict lookup, then the type's __missing__.
Value dict_subclass_getitem(Args a) {
  Dict* d = receiver<Dict>(a, types::dict, "__getitem__");
  check_method_one_arg(a, "dict.__getitem__");
  Value v = d->get(a[1]);
  if (!v.is_null()) return v;
  Value missing = d->type->lookup(names::__missing__);
  if (missing.is_null()) raise_key_error(a[1]);
  Value argv[1] = {a[1]};
  return call_with_self(missing, a[0], Args{argv, 1, nullptr});
}

// A copy of `d` with the same type (and default_factory).
Ref<Dict> copy_of(Dict* d) {
  Ref<Dict> c = new_dict_of(d->type);
  if (d->type->is_subtype(default_dict_type))
    static_cast<DefaultDict*>(c.get())->default_factory = static_cast<DefaultDict*>(d)->default_factory;
  for (const Dict::Entry& e : d->entries())
    if (!e.key.is_null()) c->set(e.key, e.value);
  return c;
}

Value dict_subclass_copy(Args a) {
  Dict* d = receiver<Dict>(a, types::dict, "copy");
  check_method_no_args(a, d->type->name + ".copy");
  return Value(copy_of(d));
}

Value dict_subclass_or(Args a) {
  Dict* d = receiver<Dict>(a, types::dict, "__or__");
  check_method_one_arg(a, "__or__");
  if (!isinstance(a[1], types::dict)) return not_implemented();
  Ref<Dict> c = copy_of(d);
  Value argv[1] = {a[1]};
  call_dict_method("update", Value(c), Args{argv, 1, nullptr});
  return Value(std::move(c));
}

Value dict_subclass_ror(Args a) {
  Dict* d = receiver<Dict>(a, types::dict, "__ror__");
  check_method_one_arg(a, "__ror__");
  if (!isinstance(a[1], types::dict)) return not_implemented();
  Ref<Dict> c = new_dict_of(d->type);
  if (d->type->is_subtype(default_dict_type))
    static_cast<DefaultDict*>(c.get())->default_factory = static_cast<DefaultDict*>(d)->default_factory;
  Value other[1] = {a[1]};
  call_dict_method("update", Value(c), Args{other, 1, nullptr});
  Value self[1] = {a[0]};
  call_dict_method("update", Value(c), Args{self, 1, nullptr});
  return Value(std::move(c));
}

// ---- OrderedDict --------------------------------------------------------------------

Value odict_init(Args a) {
  self_dict_of(a, ordered_dict_type, "__init__");
  if (a.npos > 2)
    raise(exc::TypeError, "expected at most 1 arguments, got " + std::to_string(a.npos - 1));
  call_dict_method("update", a[0], a.drop_first());
  return Value::none();
}

Value odict_repr(Args a) {
  Dict* d = self_dict_of(a, ordered_dict_type, "__repr__");
  if (d->size() == 0) return str_value(d->type->name + "()");
  ReprGuard guard(d);
  if (guard.recursive()) return str_value("...");
  std::vector<Value> pairs;
  for (const Dict::Entry& e : d->entries())
    if (!e.key.is_null()) pairs.push_back(Value(make_tuple({e.key, e.value})));
  return str_value(d->type->name + "(" +
                   std::string(repr(Value(make_list(std::move(pairs))))->view()) + ")");
}

// == between two OrderedDicts also compares the order.
Value odict_eq_impl(const Args& a, bool negate) {
  Dict* d = self_dict_of(a, ordered_dict_type, negate ? "__ne__" : "__eq__");
  check_method_one_arg(a, negate ? "OrderedDict.__ne__" : "OrderedDict.__eq__");
  if (!isinstance(a[1], types::dict)) return not_implemented();
  Value argv[1] = {a[1]};
  Value r = call_dict_method("__eq__", a[0], Args{argv, 1, nullptr});
  if (!r.is_bool()) return r;
  bool equal = r.as_bool();
  if (equal && isinstance(a[1], ordered_dict_type)) {
    std::vector<Value> mine, theirs;
    for (const Dict::Entry& e : d->entries())
      if (!e.key.is_null()) mine.push_back(e.key);
    for (const Dict::Entry& e : a[1].as<Dict>()->entries())
      if (!e.key.is_null()) theirs.push_back(e.key);
    for (size_t i = 0; equal && i < mine.size() && i < theirs.size(); ++i)
      equal = equals(mine[i], theirs[i]);
  }
  return Value::boolean(equal != negate);
}

Value odict_eq(Args a) { return odict_eq_impl(a, false); }
Value odict_ne(Args a) { return odict_eq_impl(a, true); }

Value odict_move_to_end(Args a) {
  Dict* d = self_dict_of(a, ordered_dict_type, "move_to_end");
  Value p[2];
  bind_args(a.drop_first(), "move_to_end", {"key", "last"}, 2, 1, p, 0);
  bool last = p[1].is_null() || truthy(p[1]);
  Value value = d->pop(p[0]);
  if (value.is_null()) raise_key_error(p[0]);
  if (last) {
    d->set(p[0], std::move(value));
    return Value::none();
  }
  // Move to the front: rebuild the order with the key first.
  std::vector<std::pair<Value, Value>> rest;
  for (const Dict::Entry& e : d->entries())
    if (!e.key.is_null()) rest.emplace_back(e.key, e.value);
  d->clear();
  d->set(p[0], std::move(value));
  for (auto& [k, v] : rest) d->set(k, std::move(v));
  return Value::none();
}

Value odict_popitem(Args a) {
  Dict* d = self_dict_of(a, ordered_dict_type, "popitem");
  Value p[1];
  bind_args(a.drop_first(), "popitem", {"last"}, 1, 0, p, 0);
  bool last = p[0].is_null() || truthy(p[0]);
  if (d->size() == 0) raise_key_error(str_value("dictionary is empty"));
  const std::vector<Dict::Entry>& entries = d->entries();
  Value key;
  if (last) {
    for (size_t i = entries.size(); i-- > 0;)
      if (!entries[i].key.is_null()) {
        key = entries[i].key;
        break;
      }
  } else {
    for (const Dict::Entry& e : entries)
      if (!e.key.is_null()) {
        key = e.key;
        break;
      }
  }
  Value value = d->pop(key);
  return Value(make_tuple({key, value}));
}

void init_ordered_dict_type() {
  ordered_dict_type = make_module_type("OrderedDict", "collections", Layout::Dict, types::dict);
  TypeObject* t = ordered_dict_type;
  add_new(t, dict_subclass_new);
  add_method(t, "__init__", odict_init);
  add_method(t, "__repr__", odict_repr);
  add_method(t, "__eq__", odict_eq);
  add_method(t, "__ne__", odict_ne);
  add_method(t, "__or__", dict_subclass_or);
  add_method(t, "__ror__", dict_subclass_ror);
  add_method(t, "move_to_end", odict_move_to_end);
  add_method(t, "popitem", odict_popitem);
  add_method(t, "copy", dict_subclass_copy);
  add_method(t, "__copy__", dict_subclass_copy);
}

// ---- defaultdict --------------------------------------------------------------------

DefaultDict* self_defaultdict(const Args& a, std::string_view method) {
  return static_cast<DefaultDict*>(self_dict_of(a, default_dict_type, method));
}

Value ddict_init(Args a) {
  DefaultDict* d = self_defaultdict(a, "__init__");
  Value factory = Value::none();
  Args rest = a.drop_first();
  if (rest.npos > 0) {
    factory = rest[0];
    if (!factory.is_none() && !is_callable(factory))
      raise(exc::TypeError, "first argument must be callable or None");
    rest = rest.drop_first();
  }
  d->default_factory = factory;
  if (rest.npos > 1)
    raise(exc::TypeError, "dict expected at most 1 argument, got " + std::to_string(rest.npos));
  call_dict_method("update", a[0], rest);
  return Value::none();
}

Value ddict_missing(Args a) {
  DefaultDict* d = self_defaultdict(a, "__missing__");
  check_method_one_arg(a, "defaultdict.__missing__");
  if (d->default_factory.is_none()) raise_key_error(a[1]);
  Value value = call(d->default_factory, {});
  setitem(a[0], a[1], value);
  return value;
}

Value ddict_repr(Args a) {
  DefaultDict* d = self_defaultdict(a, "__repr__");
  std::string factory;
  if (d->default_factory.is_none()) {
    factory = "None";
  } else {
    ReprGuard guard(d);
    factory = guard.recursive() ? "..." : std::string(repr(d->default_factory)->view());
  }
  Value base = call_dict_method("__repr__", a[0], Args{nullptr, 0, nullptr});
  return str_value(d->type->name + "(" + factory + ", " + std::string(base.as<Str>()->view()) +
                   ")");
}

Value ddict_factory_get(Args a) { return self_defaultdict(a, "default_factory")->default_factory; }

Value ddict_factory_set(Args a) {
  DefaultDict* d = self_defaultdict(a, "default_factory");
  d->default_factory = a[1].is_null() ? Value::none() : a[1];
  return Value::none();
}

void init_default_dict_type() {
  default_dict_type = make_module_type("defaultdict", "collections", Layout::Dict, types::dict);
  TypeObject* t = default_dict_type;
  add_new(t, dict_subclass_new);
  add_method(t, "__init__", ddict_init);
  add_method(t, "__getitem__", dict_subclass_getitem);
  add_method(t, "__missing__", ddict_missing);
  add_method(t, "__repr__", ddict_repr);
  add_method(t, "__or__", dict_subclass_or);
  add_method(t, "__ror__", dict_subclass_ror);
  add_method(t, "copy", dict_subclass_copy);
  add_method(t, "__copy__", dict_subclass_copy);
  add_property(t, "default_factory", ddict_factory_get, ddict_factory_set);
}

// ---- helpers for collections.py -----------------------------------------------------

std::vector<std::string> string_items(const Value& v, const char* what) {
  std::vector<std::string> out;
  for (const Value& item : collect_items(v)) {
    if (!isinstance(item, types::str)) raise(exc::TypeError, std::string(what) + " must be strings");
    out.emplace_back(item.as<Str>()->view());
  }
  return out;
}

// _make_named_tuple_type(typename, field_names, defaults, module): the class
// collections.namedtuple returns once it has validated the names.
Value make_named_tuple_type_fn(Args a) {
  Value p[4];
  bind_args(a, "_make_named_tuple_type", {"typename", "field_names", "defaults", "module"}, 4, 4,
            p);
  if (!isinstance(p[0], types::str) || !isinstance(p[3], types::str))
    raise(exc::TypeError, "typename and module must be strings");
  std::vector<std::string> fields = string_items(p[1], "field names");
  std::vector<Value> defaults = p[2].is_none() ? std::vector<Value>() : collect_items(p[2]);
  if (defaults.size() > fields.size())
    raise(exc::TypeError, "Got more default values than field names");
  TypeObject* t = make_named_tuple_type(std::string(p[0].as<Str>()->view()), std::string(p[3].as<Str>()->view()),
                                        fields, defaults, false);
  return Value::borrow(t);
}

// _dict_subclass(name, module): a dict subclass (a heap class, so Python code
// may add its methods) whose instances are Dicts; `d[k]` falls back to the
// class's __missing__.
Value dict_subclass_fn(Args a) {
  Value p[2];
  bind_args(a, "_dict_subclass", {"name", "module"}, 2, 2, p);
  if (!isinstance(p[0], types::str) || !isinstance(p[1], types::str))
    raise(exc::TypeError, "name and module must be strings");
  TypeObject* t = make_module_type(std::string(p[0].as<Str>()->view()),
                                   std::string(p[1].as<Str>()->view()), Layout::Dict, types::dict,
                                   /*heap=*/true);
  add_new(t, dict_subclass_new);
  add_method(t, "__getitem__", dict_subclass_getitem);
  return Value::borrow(t);
}

// _count_elements(mapping, iterable): mapping[x] = mapping.get(x, 0) + 1 for
// each x (Counter.update's loop, native as in CPython).
Value count_elements_fn(Args a) {
  check_positional(a, "_count_elements", "_count_elements", 2, 2);
  const Value& mapping = a[0];
  Value it = get_iter(a[1]);
  bool plain = isinstance(mapping, types::dict);
  static Str* get = intern("get");
  for (Value x = next_item(it); !x.is_null(); x = next_item(it)) {
    Value old = plain ? mapping.as<Dict>()->get(x) : call_method(mapping, get, {x, Value::integer(0)});
    if (old.is_null()) old = Value::integer(0);
    Value n;
    if (old.is_int() && old.as_int() < INT64_MAX)
      n = Value::integer(old.as_int() + 1);
    else
      n = binary_op(BinaryOp::Add, old, Value::integer(1));
    if (plain)
      mapping.as<Dict>()->set(x, std::move(n));
    else
      setitem(mapping, x, std::move(n));
  }
  return Value::none();
}

} // namespace

Ref<Module> create_collections_module() {
  static TypeObject* deque_type = nullptr;
  if (!deque_type) {
    deque_type = init_deque_type();
    init_ordered_dict_type();
    init_default_dict_type();
  }
  ModuleBuilder m("_collections");
  m.value("deque", Value::borrow(deque_type))
      .value("OrderedDict", Value::borrow(ordered_dict_type))
      .value("defaultdict", Value::borrow(default_dict_type))
      .function("_make_named_tuple_type", make_named_tuple_type_fn)
      .function("_dict_subclass", dict_subclass_fn)
      .function("_count_elements", count_elements_fn);
  return m.finish();
}

} // namespace refc::lang
