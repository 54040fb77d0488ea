// The descriptor objects and their types: bound methods (method), staticmethod,
// classmethod and property, with the attributes, reprs, equality and error
// messages of CPython 3.11. The binding itself (what obj.attr returns) lives in
// descriptor_get() in the abstract protocol; the __get__/__set__ methods here
// expose the same behaviour to Python code.
#include "reference_compiler/lang/descriptor_objects.h"

#include "reference_compiler/lang/abstract.h"
#include "reference_compiler/lang/builtin_types.h"
#include "reference_compiler/lang/errors.h"
#include "reference_compiler/lang/native_function.h"
#include "reference_compiler/lang/singletons.h"
#include "reference_compiler/lang/type_initializers.h"

#include <cstdio>

namespace refc::lang {

BoundMethod::BoundMethod(Value func_, Value self_)
    : TrackedObject(types::method), func(std::move(func_)), self(std::move(self_)) {}
void BoundMethod::traverse(ReferenceVisitor& visit) {
  visit(func);
  visit(self);
}
void BoundMethod::clear_references() { Value dropped_func = std::move(func), dropped_self = std::move(self); }
StaticMethod::StaticMethod(Value func_) : Object(types::staticmethod), func(std::move(func_)) {}
ClassMethod::ClassMethod(Value func_) : Object(types::classmethod), func(std::move(func_)) {}
Property::Property(Value fget_, Value fset_, Value fdel_, Value doc_)
    : Object(types::property), fget(std::move(fget_)), fset(std::move(fset_)),
      fdel(std::move(fdel_)), doc(std::move(doc_)) {}

namespace {

std::string address(const void* p) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%p", p);
  return buf;
}

std::string text(const Ref<Str>& s) { return std::string(s->view()); }

// ---- method ---------------------------------------------------------------------

BoundMethod* method_self(const Args& a, const char* name) {
  check_self(a, types::method, name);
  return a[0].as<BoundMethod>();
}

Value method_new(Args a) {
  reject_keywords(a, "method");
  check_arity(a, "method", 3, 3);
  if (!is_callable(a[1])) raise(exc::TypeError, "first argument must be callable");
  if (a[2].is_none()) raise(exc::TypeError, "instance must not be None");
  return Value(make<BoundMethod>(a[1], a[2]));
}

Value method_repr(Args a) {
  BoundMethod* m = method_self(a, "__repr__");
  if (m->func.is_obj() && m->func.as_obj()->type == types::builtin_function) {
    auto* f = m->func.as<NativeFunction>();
    return str_value("<built-in method " + f->name + " of " + type_name(m->self) + " object at " +
                     address(m->self.is_obj() ? m->self.as_obj() : nullptr) + ">");
  }
  Value name = getattr_or_null(m->func, names::__qualname__);
  if (name.is_null() || !isinstance(name, types::str))
    name = getattr_or_null(m->func, names::__name__);
  std::string n =
      (!name.is_null() && isinstance(name, types::str)) ? std::string(name.as<Str>()->view()) : "?";
  return str_value("<bound method " + n + " of " + text(repr(m->self)) + ">");
}

Value method_eq(Args a) {
  BoundMethod* m = method_self(a, "__eq__");
  if (a.npos != 2 || !isinstance(a[1], types::method)) return not_implemented();
  auto* o = a[1].as<BoundMethod>();
  return Value::boolean(m->self.is(o->self) && equals(m->func, o->func));
}

Value method_ne(Args a) {
  Value r = method_eq(a);
  if (r.is_bool()) return Value::boolean(!r.as_bool());
  return r;
}

Value method_hash(Args a) {
  BoundMethod* m = method_self(a, "__hash__");
  uintptr_t p = m->self.is_obj() ? reinterpret_cast<uintptr_t>(m->self.as_obj())
                                 : static_cast<uintptr_t>(hash(m->self));
  int64_t h = static_cast<int64_t>((p >> 4) | (p << (8 * sizeof(p) - 4))) ^ hash(m->func);
  return Value::integer(h == -1 ? -2 : h);
}

Value method_get_self(Args a) { return method_self(a, "__self__")->self; }
Value method_get_func(Args a) { return method_self(a, "__func__")->func; }

Value callable_call(Args a) {
  if (a.npos < 1) raise(exc::TypeError, "descriptor '__call__' needs an argument");
  return call(a[0], a.drop_first());
}

// ---- staticmethod / classmethod ----------------------------------------------

// staticmethod and classmethod each wrap one callable and are made, unwrapped
// and shown alike.
template <typename Wrapper> Value wrapper_new(Args a, const char* type_name) {
  check_self(a, types::type, "__new__");
  Args rest = a.drop_first();
  reject_keywords(rest, type_name);
  check_arity(rest, type_name, 1, 1);
  return Value(make<Wrapper>(rest[0]));
}
template <typename Wrapper> Value wrapper_func(Args a, TypeObject* t) {
  check_self(a, t, "__func__");
  return a[0].as<Wrapper>()->func;
}
template <typename Wrapper> Value wrapper_repr(Args a, TypeObject* t, const char* type_name) {
  check_self(a, t, "__repr__");
  return str_value("<" + std::string(type_name) + "(" + text(repr(a[0].as<Wrapper>()->func)) +
                   ")>");
}

Value staticmethod_new(Args a) { return wrapper_new<StaticMethod>(a, "staticmethod"); }
Value classmethod_new(Args a) { return wrapper_new<ClassMethod>(a, "classmethod"); }
Value staticmethod_func(Args a) { return wrapper_func<StaticMethod>(a, types::staticmethod); }
Value classmethod_func(Args a) { return wrapper_func<ClassMethod>(a, types::classmethod); }
Value staticmethod_repr(Args a) {
  return wrapper_repr<StaticMethod>(a, types::staticmethod, "staticmethod");
}
Value classmethod_repr(Args a) {
  return wrapper_repr<ClassMethod>(a, types::classmethod, "classmethod");
}

// __name__, __qualname__, __doc__, __module__ of a staticmethod/classmethod
// come from the wrapped function, as functools.update_wrapper would copy them.
template <Str** Name> Value wrapped_attr(Args a) {
  if (a.npos < 1) raise(exc::TypeError, "descriptor needs an argument");
  const Value& self = a[0];
  if (isinstance(self, types::staticmethod)) return getattr(self.as<StaticMethod>()->func, *Name);
  if (isinstance(self, types::classmethod)) return getattr(self.as<ClassMethod>()->func, *Name);
  raise(exc::TypeError, "descriptor requires a 'staticmethod' or 'classmethod' object");
}

// Whether `f` is marked abstract (abc.abstractmethod sets the attribute).
bool is_abstract_callable(const Value& f) {
  static Str* key = intern("__isabstractmethod__");
  if (f.is_null() || f.is_none()) return false;
  Value v = getattr_or_null(f, key);
  return !v.is_null() && truthy(v);
}

// __isabstractmethod__ of staticmethod/classmethod: that of the wrapped function.
Value wrapper_isabstract(Args a) {
  if (a.npos < 1) raise(exc::TypeError, "descriptor needs an argument");
  const Value& self = a[0];
  if (isinstance(self, types::staticmethod))
    return Value::boolean(is_abstract_callable(self.as<StaticMethod>()->func));
  if (isinstance(self, types::classmethod))
    return Value::boolean(is_abstract_callable(self.as<ClassMethod>()->func));
  raise(exc::TypeError, "descriptor requires a 'staticmethod' or 'classmethod' object");
}

// Parses __get__(self, obj, type=None) and applies descriptor_get.
Value generic_descr_get(Args a, TypeObject* t) {
  check_self(a, t, "__get__");
  check_arity(a, "__get__", 2, 3);
  Value obj = a[1];
  Value owner = a.npos > 2 ? a[2] : Value::none();
  if (obj.is_none() && owner.is_none()) raise(exc::TypeError, "__get__(None, None) is invalid");
  if (!owner.is_none() && !isinstance(owner, types::type))
    raise(exc::TypeError, "__get__(None, None) is invalid");
  TypeObject* owner_type = owner.is_none() ? obj.type() : owner.as<TypeObject>();
  return descriptor_get(a[0], obj.is_none() ? Value() : obj, owner_type);
}

Value staticmethod_get(Args a) { return generic_descr_get(a, types::staticmethod); }
Value staticmethod_call(Args a) {
  check_self(a, types::staticmethod, "__call__");
  return call(a[0].as<StaticMethod>()->func, a.drop_first());
}
Value classmethod_get(Args a) { return generic_descr_get(a, types::classmethod); }

// ---- property -------------------------------------------------------------------

Property* prop_self(const Args& a, const char* name) {
  check_self(a, types::property, name);
  return a[0].as<Property>();
}

// Doc from the getter when none is given, as property.__init__ does.
Value doc_from(const Value& fget, const Value& doc) {
  if (!doc.is_none() || fget.is_none()) return doc;
  Value d = getattr_or_null(fget, names::__doc__);
  return d.is_null() ? Value::none() : d;
}

Value property_new(Args a) {
  check_self(a, types::type, "__new__");
  Value slots[4] = {Value::none(), Value::none(), Value::none(), Value::none()};
  static const char* const kNames[4] = {"fget", "fset", "fdel", "doc"};
  if (a.npos - 1 > 4)
    raise(exc::TypeError,
          "property() takes at most 4 arguments (" + std::to_string(a.npos - 1) + " given)");
  for (size_t i = 1; i < a.npos; ++i)
    slots[i - 1] = a[i];
  for (size_t k = 0; k < a.nkw(); ++k) {
    std::string_view n = a.kwname(k)->view();
    size_t i = 0;
    while (i < 4 && n != kNames[i])
      ++i;
    if (i == 4)
      raise(exc::TypeError,
            "property() got an unexpected keyword argument '" + std::string(n) + "'");
    if (i < a.npos - 1)
      raise(exc::TypeError, "argument for property() given by name ('" + std::string(n) +
                                "') and position (" + std::to_string(i + 1) + ")");
    slots[i] = a.kwvalue(k);
  }
  for (Value& s : slots)
    if (s.is_null()) s = Value::none();
  Value doc = doc_from(slots[0], slots[3]);
  return Value(make<Property>(slots[0], slots[1], slots[2], doc));
}

std::string prop_label(const Property* p) {
  if (!p->name.is_null() && isinstance(p->name, types::str))
    return "property '" + std::string(p->name.as<Str>()->view()) + "'";
  return "property";
}

// "property 'x' of 'C' object has no setter", as property's slots raise it.
[[noreturn]] void raise_no_accessor(const Property* p, const Value& obj, const char* accessor) {
  raise(exc::AttributeError,
        prop_label(p) + " of '" + type_name(obj) + "' object has no " + accessor);
}

Value property_get(Args a) {
  Property* p = prop_self(a, "__get__");
  check_arity(a, "__get__", 2, 3);
  if (a[1].is_none()) return a[0];
  if (p->fget.is_none()) raise_no_accessor(p, a[1], "getter");
  return call(p->fget, {a[1]});
}

Value property_set(Args a) {
  Property* p = prop_self(a, "__set__");
  check_arity(a, "__set__", 3, 3);
  if (p->fset.is_none()) raise_no_accessor(p, a[1], "setter");
  call(p->fset, {a[1], a[2]});
  return Value::none();
}

Value property_delete(Args a) {
  Property* p = prop_self(a, "__delete__");
  check_arity(a, "__delete__", 2, 2);
  if (p->fdel.is_none()) raise_no_accessor(p, a[1], "deleter");
  call(p->fdel, {a[1]});
  return Value::none();
}

Value property_set_name(Args a) {
  Property* p = prop_self(a, "__set_name__");
  check_arity(a, "__set_name__", 3, 3);
  p->name = a[2];
  return Value::none();
}

// getter/setter/deleter: a copy with one accessor replaced. The doc follows the
// new getter only when the old doc came from the old getter.
Value property_copy(Args a, int which, const char* name) {
  Property* p = prop_self(a, name);
  check_arity(a, name, 2, 2);
  Value fget = p->fget, fset = p->fset, fdel = p->fdel, doc = p->doc;
  if (which == 0) {
    Value old_doc = p->fget.is_none() ? Value::none() : getattr_or_null(p->fget, names::__doc__);
    if (doc.is_none() || (!old_doc.is_null() && doc.is(old_doc))) doc = Value::none();
    fget = a[1];
    doc = doc_from(fget, doc);
  } else if (which == 1) {
    fset = a[1];
  } else {
    fdel = a[1];
  }
  Ref<Property> q = make<Property>(fget, fset, fdel, doc);
  q->name = p->name;
  return Value(std::move(q));
}
Value property_getter(Args a) { return property_copy(a, 0, "getter"); }
Value property_setter(Args a) { return property_copy(a, 1, "setter"); }
Value property_deleter(Args a) { return property_copy(a, 2, "deleter"); }

Value property_fget(Args a) { return prop_self(a, "fget")->fget; }
Value property_fset(Args a) { return prop_self(a, "fset")->fset; }
Value property_fdel(Args a) { return prop_self(a, "fdel")->fdel; }
Value property_doc(Args a) { return prop_self(a, "__doc__")->doc; }
Value property_set_doc(Args a) {
  prop_self(a, "__doc__")->doc = a[1];
  return Value::none();
}

// property.__isabstractmethod__: whether any accessor is abstract.
Value property_isabstract(Args a) {
  Property* p = prop_self(a, "__isabstractmethod__");
  return Value::boolean(is_abstract_callable(p->fget) || is_abstract_callable(p->fset) ||
                        is_abstract_callable(p->fdel));
}

Value property_repr(Args a) {
  Property* p = prop_self(a, "__repr__");
  if (p->flags & Property::kGetSet) {
    // A built-in attribute: "<attribute 'real' of 'int' objects>". The owner's
    // name is the qualname prefix of the getter ("int.real").
    auto* f = p->fget.as<NativeFunction>();
    std::string owner = f->qualname.substr(0, f->qualname.rfind('.'));
    return str_value("<attribute '" + f->name + "' of '" + owner + "' objects>");
  }
  return str_value("<property object at " + address(p) + ">");
}

} // namespace

void init_descriptor_types() {
  TypeObject* m = types::method;
  add_new(m, [](Args a) { return method_new(a.drop_first()); });
  add_method(m, "__repr__", method_repr);
  add_method(m, "__eq__", method_eq);
  add_method(m, "__ne__", method_ne);
  add_method(m, "__hash__", method_hash);
  add_method(m, "__call__", callable_call);
  add_getter(m, "__self__", method_get_self);
  add_getter(m, "__func__", method_get_func);

  // staticmethod and classmethod have the same slots but for
  // staticmethod.__call__.
  struct WrapperSlots {
    TypeObject* type;
    NativeFn new_fn, get, call, repr, func;
  };
  for (const WrapperSlots& w :
       {WrapperSlots{types::staticmethod, staticmethod_new, staticmethod_get, staticmethod_call,
                     staticmethod_repr, staticmethod_func},
        WrapperSlots{types::classmethod, classmethod_new, classmethod_get, nullptr,
                     classmethod_repr, classmethod_func}}) {
    TypeObject* t = w.type;
    add_new(t, w.new_fn);
    add_method(t, "__get__", w.get);
    if (w.call) add_method(t, "__call__", w.call);
    add_method(t, "__repr__", w.repr);
    add_getter(t, "__func__", w.func);
    add_getter(t, "__wrapped__", w.func);
    add_getter(t, "__name__", wrapped_attr<&names::__name__>);
    add_getter(t, "__qualname__", wrapped_attr<&names::__qualname__>);
    add_getter(t, "__doc__", wrapped_attr<&names::__doc__>);
    add_getter(t, "__isabstractmethod__", wrapper_isabstract);
  }

  TypeObject* p = types::property;
  add_new(p, property_new);
  add_method(p, "__get__", property_get);
  add_method(p, "__set__", property_set);
  add_method(p, "__delete__", property_delete);
  add_method(p, "__set_name__", property_set_name);
  add_method(p, "__repr__", property_repr);
  add_method(p, "getter", property_getter);
  add_method(p, "setter", property_setter);
  add_method(p, "deleter", property_deleter);
  add_getter(p, "fget", property_fget);
  add_getter(p, "fset", property_fset);
  add_getter(p, "fdel", property_fdel);
  add_getter(p, "__isabstractmethod__", property_isabstract);
  add_property(p, "__doc__", property_doc, property_set_doc);
}

} // namespace refc::lang
