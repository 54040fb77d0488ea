// super: the proxy that looks attributes up in the MRO of an object's type,
// starting after a given class — super(C, obj), super(C, cls), and the
// zero-argument form that reads __class__ and the first argument from the
// calling frame. A type of its own, created at start-up.
#pragma once

#include "reference_compiler/lang/object.h"
#include "reference_compiler/lang/str_object.h"
#include "reference_compiler/lang/type_object.h"
#include "reference_compiler/lang/value.h"

namespace refc::lang {

struct SuperObject : Object {
  SuperObject(TypeObject* thisclass, Value obj, TypeObject* obj_type);
  TypeObject* thisclass; // the class super() was called for (__thisclass__)
  Value obj;             // the instance or class (__self__), or Null when unbound
  TypeObject* obj_type;  // type(obj), or obj itself for a class (__self_class__)
};

// The `super` type (null before init_super_type()).
TypeObject* super_type();
// Creates the super type and its methods.
void init_super_type();

// super_obj.name; Null when not found through the MRO (the caller then
// falls back to the generic lookup on the super object itself).
Value super_lookup(SuperObject* s, Str* name);
// super_obj.name with the full fallback and AttributeError.
Value super_getattr(SuperObject* s, Str* name);

} // namespace refc::lang
