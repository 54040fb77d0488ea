// The abstract object protocol: the generic operations every part of the
// interpreter uses on Values (attribute access, calls, operators, comparison,
// hashing, iteration, subscripting, conversion to text). Each has fast paths for
// the built-in immediates and falls back to the dunder methods found on the
// value's type, with CPython's rules (reflected operands, subclass priority,
// NotImplemented, descriptors) and CPython's error messages.
#pragma once

#include "reference_compiler/lang/native_function.h"
#include "reference_compiler/lang/str_object.h"
#include "reference_compiler/lang/type_object.h"
#include "reference_compiler/lang/value.h"

#include <initializer_list>
#include <string>

namespace refc::lang {

// Same numbering as CPython 3.11's BINARY_OP oparg (NB_ADD = 0 ... NB_INPLACE_XOR = 25).
enum class BinaryOp : uint8_t {
  Add, And, FloorDivide, LShift, MatrixMultiply, Multiply, Remainder, Or, Power, RShift,
  Subtract, TrueDivide, Xor,
  InplaceAdd, InplaceAnd, InplaceFloorDivide, InplaceLShift, InplaceMatrixMultiply,
  InplaceMultiply, InplaceRemainder, InplaceOr, InplacePower, InplaceRShift,
  InplaceSubtract, InplaceTrueDivide, InplaceXor
};
enum class UnaryOp : uint8_t { Negative, Positive, Invert, Not };
// Same numbering as CPython's Py_LT ... Py_GE.
enum class CompareOp : uint8_t { Lt, Le, Eq, Ne, Gt, Ge };

// The operator's symbol as error messages print it: "+", "+=", "<", ...
const char* binary_op_symbol(BinaryOp op);
const char* compare_op_symbol(CompareOp op);

// ---- attributes -------------------------------------------------------------
Value getattr(const Value& obj, Str* name);         // raises AttributeError
Value getattr_or_null(const Value& obj, Str* name); // Null instead of AttributeError
void setattr(const Value& obj, Str* name, Value value);
void delattr(const Value& obj, Str* name);
bool hasattr(const Value& obj, Str* name);
// object.__getattribute__ / __setattr__ / __delattr__: the generic algorithm
// without the class's own __getattr__ / __setattr__ / __delattr__ hooks
// (a user __setattr__ calling super().__setattr__ ends up here).
Value generic_getattr(const Value& obj, Str* name);
void generic_setattr(const Value& obj, Str* name, Value value);
void generic_delattr(const Value& obj, Str* name);
// For LOAD_METHOD: when `obj.name` would be a plain function found on the type
// (and not shadowed by the instance), stores it in `method` and returns true so
// the caller can call it with obj as first argument without binding; otherwise
// stores the bound attribute in `method` and returns false.
bool get_method(const Value& obj, Str* name, Value& method);
// Looks a dunder up on the value's type (not the instance); Null when absent.
// The result is the raw class attribute, not bound: call it with
// call_with_self(result, obj, args) (which handles functions, natives,
// staticmethods and other descriptors correctly).
Value lookup_special(const Value& obj, Str* name);
// The descriptor protocol's __get__: binds `attr`, found on `owner`'s MRO, to
// `obj` (functions become bound methods, classmethods bind to owner,
// staticmethods unwrap, properties and user descriptors run __get__), or
// performs class-level access when obj is Null. Other values come back as is.
// (super() uses this.)
Value descriptor_get(const Value& attr, const Value& obj, TypeObject* owner);

// ---- calls ------------------------------------------------------------------
Value call(const Value& callable, Args args);
Value call(const Value& callable, std::initializer_list<Value> positional);
// Calls `name` looked up on obj (a method call), e.g. call_method(x, "__enter__", {}).
Value call_method(const Value& obj, Str* name, std::initializer_list<Value> positional);
bool is_callable(const Value& v);
// callable(first, *args), prepending without copying args onto the heap (for
// calling __new__ with the class, or an unbound method with its receiver).
Value call_prepend(const Value& callable, const Value& first, Args args);
// callable(self, *args) for a class attribute `callable` found on type(self)
// (a method called unbound); binds first when it is a staticmethod, classmethod
// or other descriptor. Prepends self without copying args onto the heap.
Value call_with_self(const Value& callable, const Value& self, Args args);

// ---- operators --------------------------------------------------------------
Value binary_op(BinaryOp op, const Value& a, const Value& b);
Value unary_op(UnaryOp op, const Value& a);
Value compare(CompareOp op, const Value& a, const Value& b);
bool compare_bool(CompareOp op, const Value& a, const Value& b);
// `a == b` as a bool, with the identity shortcut containers use.
bool equals(const Value& a, const Value& b);
bool truthy(const Value& v);
bool contains(const Value& container, const Value& item); // `item in container`

// ---- hashing and conversion -------------------------------------------------
int64_t hash(const Value& v); // raises TypeError: unhashable type: 'list'
Ref<Str> repr(const Value& v);
Ref<Str> to_str(const Value& v);
// Python's format(v, spec).
Ref<Str> format(const Value& v, std::string_view spec);
// The name of v's type as messages print it ("int", "Foo").
const std::string& type_name(const Value& v);
// __index__: an int from an int-like value, else TypeError with `what` context.
int64_t index_value(const Value& v);

// ---- iteration --------------------------------------------------------------
Value get_iter(const Value& v); // raises TypeError: 'int' object is not iterable
// The next item, or Null when the iterator is exhausted (StopIteration is absorbed).
Value iter_next(const Value& it);

// ---- containers -------------------------------------------------------------
Value getitem(const Value& obj, const Value& key);
void setitem(const Value& obj, const Value& key, Value value);
void delitem(const Value& obj, const Value& key);
int64_t length(const Value& obj); // len()

// ---- types ------------------------------------------------------------------
bool isinstance(const Value& v, const TypeObject* t);
// Interned dunder names, e.g. names::__init__ (see names.def).
namespace names {
#define REFC_NAME(n) inline Str* n = nullptr;
#define REFC_NAME_AS(n, text) inline Str* n = nullptr;
#include "reference_compiler/lang/names.def"
#undef REFC_NAME
#undef REFC_NAME_AS
void init();
} // namespace names

} // namespace refc::lang
