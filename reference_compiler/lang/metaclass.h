// The metaclass protocol: how a class statement finds its metaclass (the
// explicit `metaclass=` or the most derived type of its bases), how type.__new__
// builds a class whose type is a metaclass, and the places where an operation
// on a class object reaches its metaclass's methods as CPython's do: calling
// the class (__call__), isinstance/issubclass (__instancecheck__,
// __subclasscheck__), and instantiating a class with abstract methods.
#pragma once

#include "reference_compiler/lang/native_function.h"
#include "reference_compiler/lang/type_object.h"
#include "reference_compiler/lang/value.h"

#include <vector>

namespace refc::lang {

// TypeObject::flags bit: the class has a non-empty __abstractmethods__, so
// object.__new__ refuses to instantiate it.
constexpr uint32_t kTypeIsAbstract = 1;

// _PyType_CalculateMetaclass: the most derived of `meta` and the types of
// `bases`; raises CPython's "metaclass conflict" TypeError when they are unrelated.
TypeObject* calculate_metaclass(TypeObject* meta, const std::vector<Value>& bases);

// type.__new__(metatype, name, bases, namespace, **kwargs): a new class whose
// type is `metatype` (or the more derived metaclass of its bases).
Value type_new_of(TypeObject* metatype, Args args);

// cls(*args) for a class whose metaclass is not `type`: the metaclass's
// __call__ (type.__call__, that is type_call, unless a metaclass overrides it).
Value call_class_with_metaclass(TypeObject* cls, Args args);

// isinstance(v, cls) / issubclass(sub, cls) for a class whose metaclass is not
// `type`: its __instancecheck__ / __subclasscheck__.
bool metaclass_instancecheck(const Value& v, TypeObject* cls);
bool metaclass_subclasscheck(const Value& sub, TypeObject* cls);

// object.__new__'s refusal: "Can't instantiate abstract class Base with
// abstract method area" (methods listed sorted, plural for several).
[[noreturn]] void raise_abstract_instantiation(TypeObject* cls);

// Keeps kTypeIsAbstract in step with a store to (or deletion of, when value is
// Null) a class attribute `name`; a no-op for other names.
void note_class_attribute_store(TypeObject* cls, Str* name, const Value& value);

} // namespace refc::lang
