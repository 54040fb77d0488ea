// The `super` type: construction (explicit and zero-argument, reading the
// caller's frame like CPython's super_init_without_args), MRO-skipping
// attribute lookup (super_getattro), and repr. The VM routes LOAD_ATTR /
// LOAD_METHOD on super objects to super_getattr.
#include "reference_compiler/lang/super_object.h"

#include "reference_compiler/lang/abstract.h"
#include "reference_compiler/lang/builtin_types.h"
#include "reference_compiler/lang/dict_object.h"
#include "reference_compiler/lang/errors.h"
#include "reference_compiler/lang/frame.h"
#include "reference_compiler/lang/function_object.h"
#include "reference_compiler/lang/native_function.h"
#include "reference_compiler/lang/vm.h"

namespace refc::lang {

namespace {

TypeObject* g_super_type = nullptr;

bool is_type(const Value& v) { return v.is_obj() && v.as_obj()->type->layout == Layout::Type; }

// super_check: the type whose MRO is searched, for super(t, obj).
TypeObject* supercheck(TypeObject* t, const Value& obj) {
  if (is_type(obj) && obj.as<TypeObject>()->is_subtype(t)) return obj.as<TypeObject>();
  TypeObject* ot = obj.is_obj() ? obj.as_obj()->type : obj.type();
  if (ot->is_subtype(t)) return ot;
  raise(exc::TypeError, "super(type, obj): obj must be an instance or subtype of type");
}

// super() with no arguments: __class__ and the first argument of the caller.
void super_from_frame(TypeObject*& type, Value& obj) {
  Frame* f = current_frame();
  if (!f) raise(exc::RuntimeError, "super(): no current frame");
  CodeObject* co = f->code();
  if (co->argcount == 0) raise(exc::RuntimeError, "super(): no arguments");
  Value first = f->localsplus()[0];
  // A first argument captured by a closure lives in its cell.
  for (int i = 0; i < co->ncells(); ++i) {
    if (co->cell2arg[i] != 0) continue;
    const Value& cell = f->localsplus()[co->nlocals() + i];
    if (cell.is_obj() && cell.as_obj()->type == types::cell) first = cell.as<Cell>()->value;
  }
  if (first.is_null()) raise(exc::RuntimeError, "super(): arg[0] deleted");
  static Str* class_name = intern("__class__");
  for (int i = 0; i < co->nfrees(); ++i) {
    if (co->freevars[i] != class_name) continue;
    const Value& cell = f->localsplus()[co->nlocals() + co->ncells() + i];
    if (!(cell.is_obj() && cell.as_obj()->type == types::cell))
      raise(exc::RuntimeError, "super(): bad __class__ cell");
    const Value& cls = cell.as<Cell>()->value;
    if (cls.is_null()) raise(exc::RuntimeError, "super(): empty __class__ cell");
    if (!is_type(cls))
      raise(exc::RuntimeError, "super(): __class__ is not a type (" + type_name(cls) + ")");
    type = cls.as<TypeObject>();
    obj = std::move(first);
    return;
  }
  raise(exc::RuntimeError, "super(): __class__ cell not found");
}

SuperObject* self_super(const Args& a, const char* name) {
  check_self(a, g_super_type, name);
  return a[0].as<SuperObject>();
}

Value super_new(Args a) {
  // a[0] is the class (super); then the constructor's arguments.
  if (a.nkw()) raise(exc::TypeError, "super() takes no keyword arguments");
  size_t n = a.npos - 1;
  if (n > 2) raise(exc::TypeError, "super() expected at most 2 arguments, got " + std::to_string(n));
  TypeObject* type = nullptr;
  Value obj;
  if (n == 0) {
    super_from_frame(type, obj);
  } else {
    if (!is_type(a[1]))
      raise(exc::TypeError, "super() argument 1 must be a type, not " + type_name(a[1]));
    type = a[1].as<TypeObject>();
    if (n == 2 && !a[2].is_none()) obj = a[2];
  }
  TypeObject* obj_type = obj.is_null() ? nullptr : supercheck(type, obj);
  return Value(make<SuperObject>(type, std::move(obj), obj_type));
}

std::string type_repr(const TypeObject* t) {
  if (t->module.empty() || t->module == "builtins") return "<class '" + t->qualname + "'>";
  return "<class '" + t->module + "." + t->qualname + "'>";
}

} // namespace

SuperObject::SuperObject(TypeObject* t, Value o, TypeObject* ot)
    : Object(g_super_type), thisclass(t), obj(std::move(o)), obj_type(ot) {}

TypeObject* super_type() { return g_super_type; }

Value super_lookup(SuperObject* s, Str* name) {
  static Str* class_name = intern("__class__");
  if (!s->obj_type || name == class_name) return Value();
  const auto& mro = s->obj_type->mro;
  size_t i = 0;
  while (i < mro.size() && mro[i] != s->thisclass) ++i;
  for (++i; i < mro.size(); ++i) {
    Value v = mro[i]->dict->get(name);
    if (v.is_null()) continue;
    // Class-level access when super() was given the class itself.
    bool class_access = s->obj.is_obj() && s->obj.as_obj() == s->obj_type;
    return descriptor_get(v, class_access ? Value() : s->obj, s->obj_type);
  }
  return Value();
}

Value super_getattr(SuperObject* s, Str* name) {
  Value v = super_lookup(s, name);
  if (!v.is_null()) return v;
  Ref<SuperObject> keep = Ref<SuperObject>::borrow(s);
  return generic_getattr(Value(keep), name);
}

void init_super_type() {
  if (g_super_type) return;
  g_super_type = new TypeObject("super", types::object, Layout::Other, false);
  g_super_type->make_immortal();
  TypeObject* t = g_super_type;
  add_new(t, super_new);
  add_method(t, "__init__", [](Args) -> Value { return Value::none(); });
  add_method(t, "__repr__", [](Args a) -> Value {
    SuperObject* s = self_super(a, "__repr__");
    if (!s->obj_type) return str_value("<super: " + type_repr(s->thisclass) + ", NULL>");
    return str_value("<super: " + type_repr(s->thisclass) + ", <" + s->obj_type->name +
                     " object>>");
  });
  add_method(t, "__getattribute__", [](Args a) -> Value {
    SuperObject* s = self_super(a, "__getattribute__");
    if (a.npos != 2 || !isinstance(a[1], types::str))
      raise(exc::TypeError, "attribute name must be string");
    return super_getattr(s, a[1].as<Str>());
  });
  add_getter(t, "__thisclass__",
             [](Args a) -> Value { return Value::borrow(self_super(a, "__thisclass__")->thisclass); });
  add_getter(t, "__self__", [](Args a) -> Value {
    SuperObject* s = self_super(a, "__self__");
    return s->obj.is_null() ? Value::none() : s->obj;
  });
  add_getter(t, "__self_class__", [](Args a) -> Value {
    SuperObject* s = self_super(a, "__self_class__");
    return s->obj_type ? Value::borrow(s->obj_type) : Value::none();
  });
}

} // namespace refc::lang
