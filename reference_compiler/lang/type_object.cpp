// TypeObject and the `type` type: MRO and attribute lookup (with a per-type
// cache keyed on type_epoch, since every dunder dispatch goes through it), the
// type call protocol (__new__ then __init__), creation of user classes by
// type(name, bases, namespace) or a metaclass's type.__new__ — the call
// __build_class__ makes after running a class body — and the attributes of type
// objects (__name__, __mro__, ...).
#include "reference_compiler/lang/type_object.h"

#include "reference_compiler/lang/abstract.h"
#include "reference_compiler/lang/builtin_types.h"
#include "reference_compiler/lang/descriptor_objects.h"
#include "reference_compiler/lang/dict_object.h"
#include "reference_compiler/lang/errors.h"
#include "reference_compiler/lang/function_object.h"
#include "reference_compiler/lang/generic_alias.h"
#include "reference_compiler/lang/instance_object.h"
#include "reference_compiler/lang/list_object.h"
#include "reference_compiler/lang/metaclass.h"
#include "reference_compiler/lang/type_initializers.h"

#include <array>
#include <cstdint>

namespace refc::lang {

TypeObject::TypeObject(std::string name_, TypeObject* base_, Layout layout_, bool heap_)
    : Object(types::type), name(std::move(name_)), qualname(name), module(heap_ ? "" : "builtins"),
      base(base_), dict(make_dict()), layout(layout_), heap(heap_) {
  make_immortal();
  mro.push_back(this);
  if (base) mro.insert(mro.end(), base->mro.begin(), base->mro.end());
}

Value TypeObject::lookup_uncached(Str* key) const {
  for (const TypeObject* t : mro) {
    Value v = t->dict->get(key);
    if (!v.is_null()) return v;
  }
  return Value();
}

Value TypeObject::lookup(Str* key) const {
  // Only interned names are cached: a transient string's address may be reused
  // by a different string once it is freed.
  if (!key->interned()) return lookup_uncached(key);
  // Interned strings are allocated close together: fold higher address bits
  // in, or names made one after another land in the same few slots.
  const uintptr_t a = reinterpret_cast<uintptr_t>(key);
  CacheEntry& e = cache_[((a >> 4) ^ (a >> 9) ^ (a >> 14)) & (kCacheSize - 1)];
  if (e.name == key && e.epoch == type_epoch) return e.value;
  Value v = lookup_uncached(key);
  e.name = key;
  e.epoch = type_epoch;
  e.value = v;
  return v;
}

bool TypeObject::is_subtype(const TypeObject* other) const {
  for (const TypeObject* t = this; t; t = t->base)
    if (t == other) return true;
  return false;
}

void TypeObject::set_attr(Str* key, Value value) {
  note_class_attribute_store(this, key, value);
  dict->set(key, std::move(value));
  ++type_epoch;
}

namespace {

Value type_value(TypeObject* t) { return Value::borrow(t); }

bool is_type(const Value& v) { return v.is_obj() && v.as_obj()->type->layout == Layout::Type; }

TypeObject* as_type(const Value& v) { return v.as<TypeObject>(); }

// object.__new__ / object.__init__ as stored in object's dict (Null until
// init_object_type has run, so not cached before then).
const Value& object_new_attr() {
  static Value v;
  if (v.is_null()) v = types::object->dict->get(names::__new__);
  return v;
}
const Value& object_init_attr() {
  static Value v;
  if (v.is_null()) v = types::object->dict->get(names::__init__);
  return v;
}

// BaseException's own __new__ / __init__ (for type_call's shortcut).
const Value& exception_attr(Str* name) {
  static Value new_attr, init_attr;
  Value& v = name == names::__new__ ? new_attr : init_attr;
  if (v.is_null()) v = exc::BaseException->dict->get(name);
  return v;
}

// The __dict__ attribute of instances of user classes (CPython gives each
// class deriving from object a getset descriptor for it).
Dict* instance_dict_of(const Value& v) {
  if (v.is_obj() && (v.as_obj()->type->layout == Layout::Instance ||
                     v.as_obj()->type->layout == Layout::Exception))
    return v.as<Instance>()->dict.get();
  return nullptr;
}

Value instance_get_dict(Args a) {
  Dict* d = a.npos > 0 ? instance_dict_of(a[0]) : nullptr;
  if (!d) raise(exc::TypeError, "descriptor '__dict__' requires an instance with a dict");
  return Value::borrow(d);
}

Value instance_set_dict(Args a) {
  if (a.npos < 2 || !instance_dict_of(a[0]))
    raise(exc::TypeError, "descriptor '__dict__' requires an instance with a dict");
  if (!isinstance(a[1], types::dict))
    raise(exc::TypeError, "__dict__ must be set to a dictionary, not a '" + type_name(a[1]) + "'");
  a[0].as<Instance>()->dict = Ref<Dict>::borrow(a[1].as<Dict>());
  return Value::none();
}

// `del obj.__dict__` leaves the instance with a fresh, empty dict.
Value instance_del_dict(Args a) {
  if (a.npos < 1 || !instance_dict_of(a[0]))
    raise(exc::TypeError, "descriptor '__dict__' requires an instance with a dict");
  a[0].as<Instance>()->dict = make_dict();
  return Value::none();
}

// The descriptor itself, built directly: add_property would bump type_epoch,
// needless for a class nobody has looked at yet.
Value instance_dict_descriptor(TypeObject* cls) {
  Ref<NativeFunction> get = make_native("__dict__", instance_get_dict, cls->name + ".__dict__");
  Ref<NativeFunction> set = make_native("__dict__", instance_set_dict, cls->name + ".__dict__");
  Ref<NativeFunction> del = make_native("__dict__", instance_del_dict, cls->name + ".__dict__");
  get->flags |= NativeFunction::kMethod;
  set->flags |= NativeFunction::kMethod;
  del->flags |= NativeFunction::kMethod;
  Ref<Property> p = make<Property>(Value(get), Value(set), Value(del), Value::none());
  p->flags |= Property::kGetSet;
  return Value(std::move(p));
}

// Excess constructor arguments for a type that overrides neither __new__ nor
// __init__: CPython's object_new check.
[[noreturn]] void raise_takes_no_arguments(TypeObject* cls) {
  raise(exc::TypeError, cls->name + "() takes no arguments");
}

} // namespace

Value type_call(TypeObject* cls, Args args) {
  if (cls == types::type) {
    if (args.npos == 1 && args.nkw() == 0) return type_value(args[0].type());
    if (args.npos == 3) return type_new(args);
    raise(exc::TypeError, "type() takes 1 or 3 arguments");
  }
  Value cls_value = type_value(cls);
  Value new_attr = cls->lookup(names::__new__);
  Value obj;
  if (new_attr.is(object_new_attr())) {
    // object.__new__ inline: the common case of instantiating a user class.
    if (args.npos + args.nkw() > 0 && cls->lookup(names::__init__).is(object_init_attr()))
      raise_takes_no_arguments(cls);
    if (cls->layout != Layout::Instance)
      raise(exc::TypeError, "cannot create '" + cls->name + "' instances");
    if (cls->flags & kTypeIsAbstract) raise_abstract_instantiation(cls);
    obj = Value(make<Instance>(cls));
  } else if (new_attr.is_null()) {
    raise(exc::TypeError, "cannot create '" + cls->name + "' instances");
  } else {
    // __new__ is a staticmethod taking the class explicitly.
    obj = call_prepend(descriptor_get(new_attr, Value(), cls), cls_value, args);
  }
  TypeObject* obj_type = obj.type();
  if (!obj_type->is_subtype(cls)) return obj;
  Value init_attr = obj_type->lookup(names::__init__);
  if (init_attr.is_null() || init_attr.is(object_init_attr())) return obj;
  // BaseException.__new__ already stored the args BaseException.__init__
  // would store again (it only adds the keyword check).
  if (args.nkw() == 0 && init_attr.is(exception_attr(names::__init__)) &&
      new_attr.is(exception_attr(names::__new__)))
    return obj;
  Value r = call_with_self(init_attr, obj, args);
  if (!r.is_none())
    raise(exc::TypeError, "__init__() should return None, not '" + type_name(r) + "'");
  return obj;
}

namespace {

// Built-in types CPython lets a class derive from; refc supports only object
// and the exception family among them.
bool cpython_subclassable(const TypeObject* t) {
  return t == types::int_ || t == types::float_ || t == types::str || t == types::tuple ||
         t == types::list || t == types::dict || t == types::set || t == types::frozenset ||
         t == types::staticmethod || t == types::classmethod || t == types::property ||
         t == types::module;
}

TypeObject* check_base(const Value& base) {
  if (!is_type(base))
    raise(exc::TypeError, "metaclass conflict: the metaclass of a derived class must be a "
                          "(non-strict) subclass of the metaclasses of all its bases");
  TypeObject* b = as_type(base);
  // A class deriving from `type` (or from a metaclass) is a metaclass.
  if (b->layout == Layout::Instance || b->layout == Layout::Exception ||
      b->layout == Layout::Type)
    return b;
  if (cpython_subclassable(b))
    raise(exc::NotImplementedError,
          "subclassing the built-in type '" + b->name + "' is not supported");
  raise(exc::TypeError, "type '" + b->name + "' is not an acceptable base type");
}

// A plain function (or native method) as __new__ is implicitly a staticmethod,
// as __init_subclass__ and __class_getitem__ are implicitly classmethods.
Value wrap_function(const Value& v, bool class_method) {
  bool plain = v.is_obj() && (v.as_obj()->type == types::function ||
                              (v.as_obj()->type == types::builtin_function &&
                               (v.as_obj()->flags & NativeFunction::kMethod)));
  if (!plain) return v;
  if (class_method) return Value(make<ClassMethod>(v));
  return Value(make<StaticMethod>(v));
}

void call_set_name(TypeObject* cls) {
  std::vector<std::pair<Value, Value>> items;
  for (const Dict::Entry& e : cls->dict->entries())
    if (!e.key.is_null()) items.emplace_back(e.key, e.value);
  Value owner = type_value(cls);
  for (auto& [key, value] : items) {
    Value set_name = lookup_special(value, names::__set_name__);
    if (set_name.is_null()) continue;
    try {
      call_with_self(set_name, value, Args{std::array<Value, 2>{owner, key}.data(), 2, nullptr});
    } catch (PyError& err) {
      Value wrapped = new_exception(
          exc::RuntimeError, "Error calling __set_name__ on '" + type_name(value) + "' instance " +
                                 std::string(repr(key)->view()) + " in '" + cls->name + "'");
      auto* e = wrapped.as<ExceptionObject>();
      e->cause = err.exc;
      e->context = err.exc;
      e->suppress_context = true;
      throw PyError{wrapped};
    }
  }
}

} // namespace

Value type_new(Args args) { return type_new_of(types::type, args); }

Value type_new_of(TypeObject* metatype, Args args) {
  if (args.npos != 3) raise(exc::TypeError, "type() takes 1 or 3 arguments");
  const Value& name = args[0];
  const Value& bases = args[1];
  const Value& ns = args[2];
  if (!isinstance(name, types::str))
    raise(exc::TypeError, "type.__new__() argument 1 must be str, not " + type_name(name));
  if (!isinstance(bases, types::tuple))
    raise(exc::TypeError, "type.__new__() argument 2 must be tuple, not " + type_name(bases));
  if (!isinstance(ns, types::dict))
    raise(exc::TypeError, "type.__new__() argument 3 must be dict, not " + type_name(ns));
  std::vector<Value> kw_values;
  std::vector<Value> kw_names;
  for (size_t i = 0; i < args.nkw(); ++i) {
    kw_names.push_back(Value::borrow(args.kwname(i)));
    kw_values.push_back(args.kwvalue(i));
  }
  const auto& base_items = bases.as<Tuple>()->items;
  if (base_items.size() > 1)
    raise(exc::NotImplementedError, "multiple inheritance is not supported");
  TypeObject* base = base_items.empty() ? types::object : check_base(base_items[0]);
  TypeObject* winner = calculate_metaclass(metatype, base_items);
  if (winner != metatype) {
    // A base's metaclass is more derived: it builds the class, through its
    // own __new__ when it has one.
    static const Value type_new_slot = types::type->dict->get(names::__new__);
    Value winner_new = winner->lookup(names::__new__);
    if (!winner_new.is(type_new_slot))
      return call_prepend(descriptor_get(winner_new, Value(), winner), type_value(winner), args);
    metatype = winner;
  }
  Dict* nsd = ns.as<Dict>();
  static Str* slots = intern("__slots__");
  static Str* classcell = intern("__classcell__");
  if (!nsd->get(slots).is_null()) raise(exc::NotImplementedError, "__slots__ is not supported");

  auto* cls = new TypeObject(std::string(name.as<Str>()->view()), base, base->layout, true);
  Value cls_value = Value::steal(cls); // immortal: the reference is never dropped to zero
  cls->type = metatype;
  Value cell;
  for (const Dict::Entry& e : nsd->entries()) {
    if (e.key.is_null()) continue;
    if (e.key.is_obj() && e.key.as_obj()->type == types::str) {
      Str* k = e.key.as<Str>();
      if (str_equal(k, names::__qualname__)) {
        if (!isinstance(e.value, types::str))
          raise(exc::TypeError, "type __qualname__ must be a str, not " + type_name(e.value));
        cls->qualname = std::string(e.value.as<Str>()->view());
        continue;
      }
      if (str_equal(k, classcell)) {
        cell = e.value;
        continue;
      }
      if (str_equal(k, names::__new__)) {
        cls->dict->set(e.key, wrap_function(e.value, false));
        continue;
      }
      if (str_equal(k, names::__init_subclass__) || str_equal(k, names::__class_getitem__)) {
        cls->dict->set(e.key, wrap_function(e.value, true));
        continue;
      }
    }
    cls->dict->set(e.key, e.value);
  }
  if (!cell.is_null()) {
    if (!(cell.is_obj() && cell.as_obj()->type == types::cell))
      raise(exc::TypeError, "__classcell__ must be a nonlocal cell, not " +
                                std::string(repr(type_value(cell.type()))->view()));
    cell.as<Cell>()->value = cls_value;
  }
  Value module = cls->dict->get(names::__module__);
  if (module.is_null()) {
    module = str_value("__main__");
    cls->dict->set(names::__module__, module);
  }
  if (isinstance(module, types::str)) cls->module = std::string(module.as<Str>()->view());
  if (base == types::object && cls->dict->get(names::__dict__).is_null())
    cls->dict->set(names::__dict__, instance_dict_descriptor(cls));
  if (cls->dict->get(names::__doc__).is_null()) cls->dict->set(names::__doc__, Value::none());
  if (!cls->dict->get(names::__eq__).is_null() && cls->dict->get(names::__hash__).is_null())
    cls->dict->set(names::__hash__, Value::none());

  call_set_name(cls);

  // super(cls, cls).__init_subclass__(**kwargs)
  Value init_subclass = base->lookup(names::__init_subclass__);
  if (!init_subclass.is_null()) {
    Value bound = descriptor_get(init_subclass, Value(), cls);
    Ref<Tuple> kwnames = kw_names.empty() ? Ref<Tuple>() : make_tuple(std::move(kw_names));
    call(bound, Args{kw_values.data(), 0, kwnames.get()});
  } else if (args.nkw() > 0) {
    raise(exc::TypeError, cls->name + ".__init_subclass__() takes no keyword arguments");
  }
  return cls_value;
}

// ---- the `type` type's attributes ---------------------------------------------

namespace {

TypeObject* self_type(const Args& a, const char* what) {
  if (a.npos < 1 || !is_type(a[0]))
    raise(exc::TypeError, std::string("descriptor '") + what + "' requires a 'type' object");
  return as_type(a[0]);
}

Value type_type_new(Args a) {
  // type.__new__(metatype, ...): metatype must be `type` itself here.
  if (a.npos < 1) raise(exc::TypeError, "type.__new__(): not enough arguments");
  if (!is_type(a[0]))
    raise(exc::TypeError, "type.__new__(X): X is not a type object (" + type_name(a[0]) + ")");
  TypeObject* metatype = as_type(a[0]);
  if (!metatype->is_subtype(types::type))
    raise(exc::TypeError, "type.__new__(" + metatype->name + "): " + metatype->name +
                              " is not a subtype of type");
  Args rest = a.drop_first();
  if (metatype == types::type && rest.npos == 1 && rest.nkw() == 0)
    return type_value(rest[0].type());
  if (rest.npos != 3) {
    if (metatype == types::type) raise(exc::TypeError, "type() takes 1 or 3 arguments");
    raise(exc::TypeError, "type.__new__() takes exactly 3 arguments (" +
                              std::to_string(rest.npos) + " given)");
  }
  return type_new_of(metatype, rest);
}

// type.__prepare__(name, bases, **kwds): the empty namespace a class body fills.
Value type_prepare(Args a) {
  (void)a;
  return Value(make_dict());
}

// type.__instancecheck__ / __subclasscheck__: the checks without any
// metaclass hook (what ABCMeta's falls back on).
Value type_instancecheck(Args a) {
  TypeObject* t = self_type(a, "__instancecheck__");
  if (a.npos != 2) raise(exc::TypeError, "__instancecheck__() takes exactly one argument");
  return Value::boolean(isinstance(a[1], t));
}
Value type_subclasscheck(Args a) {
  TypeObject* t = self_type(a, "__subclasscheck__");
  if (a.npos != 2) raise(exc::TypeError, "__subclasscheck__() takes exactly one argument");
  if (!is_type(a[1])) raise(exc::TypeError, "issubclass() arg 1 must be a class");
  return Value::boolean(as_type(a[1])->is_subtype(t));
}

Value type_type_init(Args a) {
  if (a.npos != 2 && a.npos != 4) raise(exc::TypeError, "type.__init__() takes 1 or 3 arguments");
  return Value::none();
}

Value type_type_call(Args a) { return type_call(self_type(a, "__call__"), a.drop_first()); }

Value type_repr(Args a) {
  TypeObject* t = self_type(a, "__repr__");
  std::string module = t->module;
  if (t->heap) {
    Value m = t->dict->get(names::__module__);
    module = isinstance(m, types::str) ? std::string(m.as<Str>()->view()) : "";
  }
  if (module.empty() || module == "builtins") return str_value("<class '" + t->qualname + "'>");
  return str_value("<class '" + module + "." + t->qualname + "'>");
}

[[noreturn]] void raise_immutable(TypeObject* t, std::string_view attr) {
  raise(exc::TypeError,
        "cannot set '" + std::string(attr) + "' attribute of immutable type '" + t->name + "'");
}

std::string string_arg_for(TypeObject* t, const Value& v, const char* attr) {
  if (!isinstance(v, types::str))
    raise(exc::TypeError, std::string("can only assign string to ") + t->name + "." + attr +
                              ", not '" + type_name(v) + "'");
  return std::string(v.as<Str>()->view());
}

Value type_get_name(Args a) { return str_value(self_type(a, "__name__")->name); }
Value type_set_name(Args a) {
  TypeObject* t = self_type(a, "__name__");
  if (!t->heap) raise_immutable(t, "__name__");
  t->name = string_arg_for(t, a[1], "__name__");
  return Value::none();
}
Value type_get_qualname(Args a) { return str_value(self_type(a, "__qualname__")->qualname); }
Value type_set_qualname(Args a) {
  TypeObject* t = self_type(a, "__qualname__");
  if (!t->heap) raise_immutable(t, "__qualname__");
  t->qualname = string_arg_for(t, a[1], "__qualname__");
  return Value::none();
}
Value type_get_module(Args a) {
  TypeObject* t = self_type(a, "__module__");
  if (!t->heap) return str_value(t->module);
  Value m = t->dict->get(names::__module__);
  if (m.is_null()) raise(exc::AttributeError, "__module__");
  return m;
}
Value type_set_module(Args a) {
  TypeObject* t = self_type(a, "__module__");
  if (!t->heap) raise_immutable(t, "__module__");
  t->set_attr(names::__module__, a[1]);
  if (isinstance(a[1], types::str)) t->module = std::string(a[1].as<Str>()->view());
  return Value::none();
}
Value type_get_doc(Args a) {
  TypeObject* t = self_type(a, "__doc__");
  if (!t->heap) return Value::none();
  Value d = t->dict->get(names::__doc__);
  if (d.is_null()) return Value::none();
  return descriptor_get(d, Value(), t);
}
Value type_set_doc(Args a) {
  TypeObject* t = self_type(a, "__doc__");
  if (!t->heap) raise_immutable(t, "__doc__");
  t->set_attr(names::__doc__, a[1]);
  return Value::none();
}
std::vector<Value> mro_items(const TypeObject* t) {
  std::vector<Value> items;
  for (TypeObject* m : t->mro)
    items.push_back(type_value(m));
  return items;
}
Value type_get_mro(Args a) { return Value(make_tuple(mro_items(self_type(a, "__mro__")))); }
Value type_mro(Args a) { return Value(make_list(mro_items(self_type(a, "mro")))); }
Value type_get_bases(Args a) {
  TypeObject* t = self_type(a, "__bases__");
  if (!t->base) return Value(make_tuple(std::vector<Value>{}));
  return Value(make_tuple({type_value(t->base)}));
}
Value type_get_base(Args a) {
  TypeObject* t = self_type(a, "__base__");
  return t->base ? type_value(t->base) : Value::none();
}
Value type_get_dict(Args a) {
  TypeObject* t = self_type(a, "__dict__");
  Ref<Dict> copy = make_dict();
  for (const Dict::Entry& e : t->dict->entries())
    if (!e.key.is_null()) copy->set(e.key, e.value);
  return Value(std::move(copy));
}

} // namespace

void init_type_type() {
  TypeObject* t = types::type;
  add_new(t, type_type_new);
  add_method(t, "__init__", type_type_init);
  add_method(t, "__call__", type_type_call);
  add_classmethod(t, "__prepare__", type_prepare);
  add_method(t, "__instancecheck__", type_instancecheck);
  add_method(t, "__subclasscheck__", type_subclasscheck);
  add_method(t, "__repr__", type_repr);
  add_method(t, "mro", type_mro);
  add_property(t, "__name__", type_get_name, type_set_name);
  add_property(t, "__qualname__", type_get_qualname, type_set_qualname);
  add_property(t, "__module__", type_get_module, type_set_module);
  add_property(t, "__doc__", type_get_doc, type_set_doc);
  add_getter(t, "__mro__", type_get_mro);
  add_getter(t, "__bases__", type_get_bases);
  add_getter(t, "__base__", type_get_base);
  add_getter(t, "__dict__", type_get_dict);
  init_generic_alias_types();
}

} // namespace refc::lang
