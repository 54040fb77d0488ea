// NativeFunction: a built-in function or method implemented in C++, and Args,
// the vectorcall-style argument list every callable receives: positional
// values, then keyword values, with their names in `kwnames`.
#pragma once

#include "reference_compiler/lang/object.h"
#include "reference_compiler/lang/str_object.h"
#include "reference_compiler/lang/tuple_object.h"
#include "reference_compiler/lang/value.h"

#include <span>
#include <string>

namespace refc::lang {

struct Args {
  const Value* values = nullptr; // npos positional values, then one per kwname
  size_t npos = 0;
  const Tuple* kwnames = nullptr; // tuple of Str, or null when there are no keywords

  size_t nkw() const { return kwnames ? kwnames->items.size() : 0; }
  const Value& operator[](size_t i) const { return values[i]; }
  std::span<const Value> positional() const { return {values, npos}; }
  Str* kwname(size_t i) const { return kwnames->items[i].as<Str>(); }
  const Value& kwvalue(size_t i) const { return values[npos + i]; }
  // The keyword argument `name`, or Null.
  Value keyword(std::string_view name) const;
  // Args without the first positional value (self of a method).
  Args drop_first() const { return Args{values + 1, npos - 1, kwnames}; }
};

// A native returns its result (None rather than Null for "nothing"). Exception:
// a `__next__` native may return Null to signal exhaustion without building a
// StopIteration; iter_next() passes that on as Null, and call() turns it into a
// raised StopIteration for Python-level callers.
using NativeFn = Value (*)(Args args);

struct NativeFunction : Object {
  // flags bit: a method registered on a type (add_method). Only these bind to
  // the instance on attribute access, like CPython's method descriptors; plain
  // built-in functions stored in a class (`f = len`) do not.
  static constexpr uint32_t kMethod = 1;

  NativeFunction(std::string name, NativeFn fn, std::string qualname = {});
  std::string name;     // __name__
  std::string qualname; // __qualname__ ("list.append"); used in error messages
  NativeFn fn;
  Value self;           // bound receiver for module-level natives that need one; usually Null
};

Ref<NativeFunction> make_native(std::string name, NativeFn fn, std::string qualname = {});

// Argument checking shared by natives; each raises TypeError with CPython's wording.
// "name() takes no keyword arguments"
void reject_keywords(const Args& a, std::string_view fname);
// "name expected at most 2 arguments, got 3" / "name expected at least 1 argument, got 0"
void check_arity(const Args& a, std::string_view fname, size_t min, size_t max);

// Checks that a method of type t received a receiver of that type (or a
// subtype) in args[0] — a user can call `list.append(5, 1)` — and raises
// CPython's "descriptor 'append' for 'list' objects doesn't apply to a 'int'
// object" / "unbound method list.append() needs an argument" otherwise.
struct TypeObject;
void check_self(const Args& a, const TypeObject* t, std::string_view method);

// Registration of built-in methods into a type's dict (used by the init_*_type
// functions of type_initializers.def).
struct TypeObject;
// Method `name` of type t; the receiver arrives as args[0].
void add_method(TypeObject* t, std::string_view name, NativeFn fn);
// A read-only attribute computed by `getter(self)` (stored as a Property).
void add_getter(TypeObject* t, std::string_view name, NativeFn getter);
// A read-write attribute: `getter(self)` and `setter(self, value)`; a null
// setter makes it read-only (same as add_getter).
void add_property(TypeObject* t, std::string_view name, NativeFn getter, NativeFn setter);
// A classmethod: the class arrives as args[0] (e.g. dict.fromkeys).
void add_classmethod(TypeObject* t, std::string_view name, NativeFn fn);
// A staticmethod: no receiver is passed.
void add_staticmethod(TypeObject* t, std::string_view name, NativeFn fn);
// `__new__`: receives the class as args[0] then the constructor's arguments
// (stored as a staticmethod, as CPython does).
inline void add_new(TypeObject* t, NativeFn fn) { add_method(t, "__new__", fn); }

} // namespace refc::lang
