// The abstract object protocol, part one: attribute access (CPython's
// descriptor protocol: data descriptors on the type, then the instance dict,
// then non-data descriptors and plain class attributes, then __getattr__),
// attribute assignment and deletion, method lookup for LOAD_METHOD, calls of
// every kind of callable, the interned names, and type tests. Operators,
// hashing, conversions, iteration and subscripting are in abstract_ops.cpp.
#include "reference_compiler/lang/abstract.h"

#include "reference_compiler/lang/builtin_types.h"
#include "reference_compiler/lang/descriptor_objects.h"
#include "reference_compiler/lang/dict_object.h"
#include "reference_compiler/lang/errors.h"
#include "reference_compiler/lang/function_object.h"
#include "reference_compiler/lang/instance_object.h"
#include "reference_compiler/lang/interpreter.h"
#include "reference_compiler/lang/metaclass.h"
#include "reference_compiler/lang/module_object.h"
#include "reference_compiler/lang/recursion_guard.h"
#include "reference_compiler/lang/singletons.h"

#include <cstring>
#include <vector>

namespace refc::lang {

void names::init() {
  if (names::__init__) return;
#define REFC_NAME(n) names::n = intern(#n);
#define REFC_NAME_AS(n, text) names::n = intern(text);
#include "reference_compiler/lang/names.def"
#undef REFC_NAME
#undef REFC_NAME_AS
}

namespace {

inline bool has_layout(const Value& v, Layout l) {
  return v.is_obj() && v.as_obj()->type->layout == l;
}

inline TypeObject* type_of(const Value& v) { return v.is_obj() ? v.as_obj()->type : v.type(); }

std::string str_of(Str* s) { return std::string(s->view()); }

// The attribute dict of an object that has one, else null. Functions get
// theirs on first store (create=true).
Dict* instance_dict(const Value& obj, bool create) {
  if (!obj.is_obj()) return nullptr;
  Object* o = obj.as_obj();
  switch (o->type->layout) {
  case Layout::Instance:
  case Layout::Exception:
    return static_cast<Instance*>(o)->dict.get();
  case Layout::Module:
    return static_cast<Module*>(o)->dict.get();
  case Layout::Function: {
    auto* f = static_cast<Function*>(o);
    if (!f->dict && create) f->dict = make_dict();
    return f->dict.get();
  }
  default:
    return o->attribute_dict(create);
  }
}

// A descriptor whose __set__/__delete__ takes precedence over the instance
// dict: property, or an instance of a user class defining __set__/__delete__.
bool is_data_descriptor(const Value& d) {
  if (!d.is_obj()) return false;
  TypeObject* t = d.as_obj()->type;
  if (t->layout == Layout::Property) return true;
  if (!t->heap) return false;
  return !t->lookup(names::__set__).is_null() || !t->lookup(names::__delete__).is_null();
}

std::string module_name_of(const Value& obj) {
  Value n = obj.as<Module>()->dict->get(names::__name__);
  if (isinstance(n, types::str)) return std::string(n.as<Str>()->view());
  return obj.as<Module>()->name;
}

[[noreturn]] void raise_attribute_error(const Value& obj, Str* name) {
  std::string msg;
  if (has_layout(obj, Layout::Type))
    msg =
        "type object '" + obj.as<TypeObject>()->name + "' has no attribute '" + str_of(name) + "'";
  else if (has_layout(obj, Layout::Module))
    msg = "module '" + module_name_of(obj) + "' has no attribute '" + str_of(name) + "'";
  else
    msg = "'" + type_of(obj)->name + "' object has no attribute '" + str_of(name) + "'";
  Value e = new_exception(exc::AttributeError, std::move(msg));
  // name/obj let the traceback printer suggest a close match, as 3.11 does.
  static Str* name_key = intern("name");
  static Str* obj_key = intern("obj");
  e.as<ExceptionObject>()->dict->set(name_key, Value::borrow(name));
  e.as<ExceptionObject>()->dict->set(obj_key, obj);
  throw PyError{std::move(e)};
}

bool is_attribute_error(const PyError& e) { return isinstance(e.exc, exc::AttributeError); }

std::string prop_label(const Property* p) {
  if (!p->name.is_null() && isinstance(p->name, types::str))
    return "property '" + std::string(p->name.as<Str>()->view()) + "'";
  return "property";
}

// The built-in attribute's owner type name ("int" from the getter "int.real").
std::string getset_owner(const Property* p) {
  if (!has_layout(p->fget, Layout::NativeFunction)) return "?";
  const std::string& q = p->fget.as<NativeFunction>()->qualname;
  return q.substr(0, q.rfind('.'));
}

Value property_get(Property* p, const Value& obj) {
  if (p->fget.is_none())
    raise(exc::AttributeError,
          prop_label(p) + " of '" + type_of(obj)->name + "' object has no getter");
  Value argv[1] = {obj};
  return call(p->fget, Args{argv, 1, nullptr});
}

void property_set(Property* p, const Value& obj, Str* name, Value value) {
  if (p->fset.is_none()) {
    if (p->flags & Property::kGetSet)
      raise(exc::AttributeError, "attribute '" + str_of(name) + "' of '" + getset_owner(p) +
                                     "' objects is not writable");
    raise(exc::AttributeError,
          prop_label(p) + " of '" + type_of(obj)->name + "' object has no setter");
  }
  Value argv[2] = {obj, std::move(value)};
  call(p->fset, Args{argv, 2, nullptr});
}

void property_delete(Property* p, const Value& obj, Str* name) {
  if (p->fdel.is_none()) {
    if (p->flags & Property::kGetSet)
      raise(exc::AttributeError, "attribute '" + str_of(name) + "' of '" + getset_owner(p) +
                                     "' objects is not writable");
    raise(exc::AttributeError,
          prop_label(p) + " of '" + type_of(obj)->name + "' object has no deleter");
  }
  Value argv[1] = {obj};
  call(p->fdel, Args{argv, 1, nullptr});
}

// object.__setattr__ / __delattr__ as stored in object's dict.
const Value& object_setattr_attr() {
  static Value v;
  if (v.is_null()) v = types::object->dict->get(names::__setattr__);
  return v;
}
const Value& object_delattr_attr() {
  static Value v;
  if (v.is_null()) v = types::object->dict->get(names::__delattr__);
  return v;
}

// ---- attribute lookup on the three kinds of receivers ---------------------------

// PyObject_GenericGetAttr without the __getattr__ fallback; Null when absent.
Value generic_getattr_impl(const Value& obj, Str* name) {
  TypeObject* t = type_of(obj);
  Value descr = t->lookup(name);
  if (!descr.is_null() && is_data_descriptor(descr)) {
    if (has_layout(descr, Layout::Property)) return property_get(descr.as<Property>(), obj);
    return descriptor_get(descr, obj, t);
  }
  if (Dict* d = instance_dict(obj, false)) {
    Value v = d->get(name);
    if (!v.is_null()) return v;
  }
  if (!descr.is_null()) return descriptor_get(descr, obj, t);
  return Value();
}

// type_getattro: data descriptors of the metatype (`type`), then the class's
// own MRO (bound for class access), then the metatype's other attributes.
Value type_getattr_impl(const Value& obj, Str* name) {
  auto* cls = obj.as<TypeObject>();
  TypeObject* meta = cls->type;
  Value meta_attr = meta->lookup(name);
  if (!meta_attr.is_null() && is_data_descriptor(meta_attr)) {
    if (has_layout(meta_attr, Layout::Property)) return property_get(meta_attr.as<Property>(), obj);
    return descriptor_get(meta_attr, obj, meta);
  }
  Value attr = cls->lookup(name);
  if (!attr.is_null()) return descriptor_get(attr, Value(), cls);
  if (!meta_attr.is_null()) return descriptor_get(meta_attr, obj, meta);
  return Value();
}

Value module_getattr_impl(const Value& obj, Str* name) {
  Value v = generic_getattr_impl(obj, name);
  if (!v.is_null()) return v;
  // PEP 562: a module-level __getattr__(name).
  Value hook = obj.as<Module>()->dict->get(names::__getattr__);
  if (hook.is_null()) return v;
  Value argv[1] = {Value::borrow(name)};
  return call(hook, Args{argv, 1, nullptr});
}

// Lookup including __getattr__; Null when absent. A user __getattr__ that
// raises AttributeError also yields Null when `quiet` (hasattr, getattr with
// default), and propagates otherwise.
Value getattr_impl(const Value& obj, Str* name, bool quiet) {
  bool type_object = false;
  if (obj.is_obj()) {
    switch (obj.as_obj()->type->layout) {
    case Layout::Type:
      // Only a metaclass written in Python can define __getattr__.
      if (!obj.as_obj()->type->heap) return type_getattr_impl(obj, name);
      type_object = true;
      break;
    case Layout::Module:
      if (quiet) {
        try {
          return module_getattr_impl(obj, name);
        } catch (PyError& e) {
          if (is_attribute_error(e)) return Value();
          throw;
        }
      }
      return module_getattr_impl(obj, name);
    case Layout::BoundMethod: {
      // Attributes a method lacks come from its function (method_getattro).
      Value v = generic_getattr_impl(obj, name);
      if (!v.is_null()) return v;
      return getattr_impl(obj.as<BoundMethod>()->func, name, quiet);
    }
    default:
      break;
    }
  }
  TypeObject* t = type_of(obj);
  Value v;
  Value hook;
  try {
    v = type_object ? type_getattr_impl(obj, name) : generic_getattr_impl(obj, name);
  } catch (PyError& e) {
    // As slot_tp_getattr_hook: an AttributeError from the lookup itself (a
    // property's getter, a descriptor) falls back on __getattr__ too.
    if (!is_attribute_error(e)) throw;
    hook = t->lookup(names::__getattr__);
    if (hook.is_null()) throw;
  }
  if (!v.is_null()) return v;
  if (hook.is_null()) hook = t->lookup(names::__getattr__);
  if (hook.is_null()) return v;
  Value argv[1] = {Value::borrow(name)};
  if (!quiet) return call_with_self(hook, obj, Args{argv, 1, nullptr});
  try {
    return call_with_self(hook, obj, Args{argv, 1, nullptr});
  } catch (PyError& e) {
    if (is_attribute_error(e)) return Value();
    throw;
  }
}

// ---- calls --------------------------------------------------------------------------

// A native's result; Null (an exhausted __next__) becomes StopIteration for
// Python-level callers.
inline Value invoke_native(NativeFunction* f, Args args) {
  Value r = f->fn(args);
  if (r.is_null()) raise(exc::StopIteration, "");
  return r;
}

// Runs f(Args) with `self` prepended to args. The prepended array is a bitwise
// view of values the caller keeps alive for the duration of the call, so no
// reference counts change; long argument lists fall back to a heap copy.
template <class F> Value with_prepended(const Value& self, Args args, F&& f) {
  size_t n = args.npos + args.nkw();
  constexpr size_t kInline = 8;
  if (n < kInline) {
    alignas(Value) unsigned char buf[kInline * sizeof(Value)];
    std::memcpy(buf, static_cast<const void*>(&self), sizeof(Value));
    if (n)
      std::memcpy(buf + sizeof(Value), static_cast<const void*>(args.values), n * sizeof(Value));
    return f(Args{reinterpret_cast<const Value*>(buf), args.npos + 1, args.kwnames});
  }
  std::vector<Value> all;
  all.reserve(n + 1);
  all.push_back(self);
  for (size_t i = 0; i < n; ++i)
    all.push_back(args.values[i]);
  return f(Args{all.data(), args.npos + 1, args.kwnames});
}

} // namespace

Value call_prepend(const Value& fn, const Value& self, Args args) {
  return with_prepended(self, args, [&](Args a) -> Value {
    if (fn.is_obj()) {
      Object* o = fn.as_obj();
      if (o->type->layout == Layout::Function) return call_function(static_cast<Function*>(o), a);
      if (o->type->layout == Layout::NativeFunction &&
          static_cast<NativeFunction*>(o)->self.is_null())
        return invoke_native(static_cast<NativeFunction*>(o), a);
    }
    return call(fn, a);
  });
}

// ---- attributes (public) ---------------------------------------------------------

Value descriptor_get(const Value& attr, const Value& obj, TypeObject* owner) {
  if (!attr.is_obj()) return attr;
  Object* o = attr.as_obj();
  switch (o->type->layout) {
  case Layout::Function:
    if (obj.is_null()) return attr;
    return Value(make<BoundMethod>(attr, obj));
  case Layout::NativeFunction:
    if (obj.is_null() || !(o->flags & NativeFunction::kMethod)) return attr;
    return Value(make<BoundMethod>(attr, obj));
  case Layout::StaticMethod:
    return static_cast<StaticMethod*>(o)->func;
  case Layout::ClassMethod:
    return Value(make<BoundMethod>(static_cast<ClassMethod*>(o)->func,
                                   Value::borrow(owner ? owner : type_of(obj))));
  case Layout::Property:
    if (obj.is_null()) return attr;
    return property_get(static_cast<Property*>(o), obj);
  default:
    break;
  }
  if (!o->type->heap) return attr;
  Value get = o->type->lookup(names::__get__);
  if (get.is_null()) return attr;
  Value argv[2] = {obj.is_null() ? Value::none() : obj,
                   owner ? Value::borrow(owner) : Value::none()};
  return call_with_self(get, attr, Args{argv, 2, nullptr});
}

Value getattr(const Value& obj, Str* name) {
  Value v = getattr_impl(obj, name, false);
  if (v.is_null()) raise_attribute_error(obj, name);
  return v;
}

Value getattr_or_null(const Value& obj, Str* name) {
  try {
    return getattr_impl(obj, name, true);
  } catch (PyError& e) {
    // A property getter or descriptor raising AttributeError means "absent".
    if (is_attribute_error(e)) return Value();
    throw;
  }
}

bool hasattr(const Value& obj, Str* name) { return !getattr_or_null(obj, name).is_null(); }

Value lookup_special(const Value& obj, Str* name) { return type_of(obj)->lookup(name); }

bool get_method(const Value& obj, Str* name, Value& method) {
  if (obj.is_obj()) {
    Layout l = obj.as_obj()->type->layout;
    if (l != Layout::Type && l != Layout::Module) {
      TypeObject* t = obj.as_obj()->type;
      Value descr = t->lookup(name);
      if (descr.is_obj()) {
        Object* d = descr.as_obj();
        bool plain =
            d->type->layout == Layout::Function ||
            (d->type->layout == Layout::NativeFunction && (d->flags & NativeFunction::kMethod));
        if (plain) {
          if (l == Layout::Instance || l == Layout::Exception) {
            if (Dict* dict = static_cast<Instance*>(obj.as_obj())->dict.get()) {
              Value shadow = dict->get(name);
              if (!shadow.is_null()) {
                method = std::move(shadow);
                return false;
              }
            }
          }
          method = std::move(descr);
          return true;
        }
      }
    }
  } else {
    // int/float/bool/None: their types' methods are natives.
    Value descr = obj.type()->lookup(name);
    if (descr.is_obj() && descr.as_obj()->type->layout == Layout::NativeFunction &&
        (descr.as_obj()->flags & NativeFunction::kMethod)) {
      method = std::move(descr);
      return true;
    }
  }
  method = getattr(obj, name);
  return false;
}

namespace {

// type_setattro without a metaclass's __setattr__ hook: a data descriptor of
// the metaclass, else the class dict.
void type_store(const Value& obj, Str* name, Value value) {
  TypeObject* t = type_of(obj);
  auto* cls = obj.as<TypeObject>();
  Value meta_attr = t->lookup(name);
  if (has_layout(meta_attr, Layout::Property)) {
    property_set(meta_attr.as<Property>(), obj, name, std::move(value));
    return;
  }
  if (!cls->heap)
    raise(exc::TypeError,
          "cannot set '" + str_of(name) + "' attribute of immutable type '" + cls->name + "'");
  cls->set_attr(name, std::move(value));
}

void type_delete(const Value& obj, Str* name) {
  TypeObject* t = type_of(obj);
  auto* cls = obj.as<TypeObject>();
  Value meta_attr = t->lookup(name);
  if (has_layout(meta_attr, Layout::Property)) {
    property_delete(meta_attr.as<Property>(), obj, name);
    return;
  }
  if (!cls->heap)
    raise(exc::TypeError,
          "cannot set '" + str_of(name) + "' attribute of immutable type '" + cls->name + "'");
  if (cls->dict->pop(Value::borrow(name)).is_null()) raise_attribute_error(obj, name);
  note_class_attribute_store(cls, name, Value());
  ++type_epoch;
}

} // namespace

void setattr(const Value& obj, Str* name, Value value) {
  TypeObject* t = type_of(obj);
  if (t->layout == Layout::Type && !t->heap) {
    type_store(obj, name, std::move(value));
    return;
  }
  if (t->heap) {
    Value hook = t->lookup(names::__setattr__);
    if (!hook.is(object_setattr_attr())) {
      Value argv[2] = {Value::borrow(name), std::move(value)};
      call_with_self(hook, obj, Args{argv, 2, nullptr});
      return;
    }
    if (t->layout == Layout::Type) {
      type_store(obj, name, std::move(value));
      return;
    }
  }
  Value descr = t->lookup(name);
  if (!descr.is_null() && descr.is_obj()) {
    if (has_layout(descr, Layout::Property)) {
      property_set(descr.as<Property>(), obj, name, std::move(value));
      return;
    }
    if (descr.as_obj()->type->heap) {
      Value set = descr.as_obj()->type->lookup(names::__set__);
      if (!set.is_null()) {
        Value argv[2] = {obj, std::move(value)};
        call_with_self(set, descr, Args{argv, 2, nullptr});
        return;
      }
    }
  }
  if (Dict* d = instance_dict(obj, true)) {
    d->set(name, std::move(value));
    return;
  }
  if (!descr.is_null())
    raise(exc::AttributeError,
          "'" + t->name + "' object attribute '" + str_of(name) + "' is read-only");
  raise(exc::AttributeError, "'" + t->name + "' object has no attribute '" + str_of(name) + "'");
}

void delattr(const Value& obj, Str* name) {
  TypeObject* t = type_of(obj);
  if (t->layout == Layout::Type && !t->heap) {
    type_delete(obj, name);
    return;
  }
  if (t->heap) {
    Value hook = t->lookup(names::__delattr__);
    if (!hook.is(object_delattr_attr())) {
      Value argv[1] = {Value::borrow(name)};
      call_with_self(hook, obj, Args{argv, 1, nullptr});
      return;
    }
    if (t->layout == Layout::Type) {
      type_delete(obj, name);
      return;
    }
  }
  Value descr = t->lookup(name);
  if (!descr.is_null() && descr.is_obj()) {
    if (has_layout(descr, Layout::Property)) {
      property_delete(descr.as<Property>(), obj, name);
      return;
    }
    if (descr.as_obj()->type->heap) {
      Value del = descr.as_obj()->type->lookup(names::__delete__);
      if (!del.is_null()) {
        Value argv[1] = {obj};
        call_with_self(del, descr, Args{argv, 1, nullptr});
        return;
      }
    }
  }
  if (Dict* d = instance_dict(obj, false)) {
    if (d->pop(Value::borrow(name)).is_null()) raise_attribute_error(obj, name);
    return;
  }
  if (has_layout(obj, Layout::Function)) raise_attribute_error(obj, name);
  if (!descr.is_null())
    raise(exc::AttributeError,
          "'" + t->name + "' object attribute '" + str_of(name) + "' is read-only");
  raise(exc::AttributeError, "'" + t->name + "' object has no attribute '" + str_of(name) + "'");
}

// Generic attribute access, exposed as object.__getattribute__/__setattr__/
// __delattr__ (super().__setattr__(...) in a user __setattr__ ends here).
Value generic_getattr(const Value& obj, Str* name) {
  Value v;
  if (has_layout(obj, Layout::Type))
    v = type_getattr_impl(obj, name);
  else if (has_layout(obj, Layout::Module))
    v = module_getattr_impl(obj, name);
  else
    v = generic_getattr_impl(obj, name);
  if (v.is_null()) raise_attribute_error(obj, name);
  return v;
}

namespace {

void generic_store(const Value& obj, Str* name, Value value, bool del) {
  TypeObject* t = type_of(obj);
  if (t->layout == Layout::Type) {
    if (del)
      type_delete(obj, name);
    else
      type_store(obj, name, std::move(value));
    return;
  }
  Value descr = t->lookup(name);
  if (has_layout(descr, Layout::Property)) {
    if (del)
      property_delete(descr.as<Property>(), obj, name);
    else
      property_set(descr.as<Property>(), obj, name, std::move(value));
    return;
  }
  if (descr.is_obj() && descr.as_obj()->type->heap) {
    Value hook = descr.as_obj()->type->lookup(del ? names::__delete__ : names::__set__);
    if (!hook.is_null()) {
      Value argv[2] = {obj, std::move(value)};
      call_with_self(hook, descr, Args{argv, del ? 1u : 2u, nullptr});
      return;
    }
  }
  if (Dict* d = instance_dict(obj, !del)) {
    if (!del)
      d->set(name, std::move(value));
    else if (d->pop(Value::borrow(name)).is_null())
      raise_attribute_error(obj, name);
    return;
  }
  if (!descr.is_null())
    raise(exc::AttributeError,
          "'" + t->name + "' object attribute '" + str_of(name) + "' is read-only");
  raise(exc::AttributeError, "'" + t->name + "' object has no attribute '" + str_of(name) + "'");
}

} // namespace

void generic_setattr(const Value& obj, Str* name, Value value) {
  generic_store(obj, name, std::move(value), false);
}

void generic_delattr(const Value& obj, Str* name) { generic_store(obj, name, Value(), true); }

// ---- calls (public) ------------------------------------------------------------------

Value call(const Value& callable, Args args) {
  if (callable.is_obj()) {
    Object* o = callable.as_obj();
    switch (o->type->layout) {
    case Layout::Function:
      return call_function(static_cast<Function*>(o), args);
    case Layout::NativeFunction: {
      auto* f = static_cast<NativeFunction*>(o);
      if (f->self.is_null()) return invoke_native(f, args);
      Value self = f->self; // owned: the call may replace f->self
      Value keep = callable;
      return with_prepended(self, args, [&](Args a) { return invoke_native(f, a); });
    }
    case Layout::BoundMethod: {
      auto* m = static_cast<BoundMethod*>(o);
      // Own the parts: the call may drop the last other reference to m.
      Value func = m->func;
      Value self = m->self;
      return call_prepend(func, self, args);
    }
    case Layout::Type: {
      auto* cls = static_cast<TypeObject*>(o);
      if (cls->type != types::type) return call_class_with_metaclass(cls, args);
      return type_call(cls, args);
    }
    case Layout::StaticMethod: {
      RecursionGuard guard(" while calling a Python object");
      Value func = static_cast<StaticMethod*>(o)->func;
      return call(func, args);
    }
    default:
      break;
    }
    Value hook = o->type->lookup(names::__call__);
    if (!hook.is_null()) {
      RecursionGuard guard(" while calling a Python object");
      return call_with_self(hook, callable, args);
    }
  }
  raise(exc::TypeError, "'" + type_of(callable)->name + "' object is not callable");
}

Value call(const Value& callable, std::initializer_list<Value> positional) {
  return call(callable, Args{positional.begin(), positional.size(), nullptr});
}

Value call_with_self(const Value& callable, const Value& self, Args args) {
  if (callable.is_obj()) {
    Object* o = callable.as_obj();
    Layout l = o->type->layout;
    if (l == Layout::Function ||
        (l == Layout::NativeFunction && (o->flags & NativeFunction::kMethod)))
      return call_prepend(callable, self, args);
    if (l == Layout::StaticMethod) {
      Value func = static_cast<StaticMethod*>(o)->func;
      return call(func, args);
    }
    if (l == Layout::ClassMethod) {
      Value func = static_cast<ClassMethod*>(o)->func;
      return call_prepend(func, Value::borrow(type_of(self)), args);
    }
  }
  Value bound = descriptor_get(callable, self, type_of(self));
  return call(bound, args);
}

Value call_method(const Value& obj, Str* name, std::initializer_list<Value> positional) {
  Value method;
  Args args{positional.begin(), positional.size(), nullptr};
  if (get_method(obj, name, method)) return call_prepend(method, obj, args);
  return call(method, args);
}

bool is_callable(const Value& v) {
  if (!v.is_obj()) return false;
  switch (v.as_obj()->type->layout) {
  case Layout::Function:
  case Layout::NativeFunction:
  case Layout::BoundMethod:
  case Layout::Type:
  case Layout::StaticMethod:
    return true;
  default:
    return !v.as_obj()->type->lookup(names::__call__).is_null();
  }
}

// ---- types ---------------------------------------------------------------------------

bool isinstance(const Value& v, const TypeObject* t) {
  TypeObject* vt = type_of(v);
  return vt == t || vt->is_subtype(t);
}

const std::string& type_name(const Value& v) { return type_of(v)->name; }

} // namespace refc::lang
