// TypeObject: a Python class, built-in or user-defined. A type knows its base
// (single inheritance), its method resolution order, its attribute dict and the
// Layout of its instances, which it inherits from its built-in ancestor (a user
// exception class lays out its instances as ExceptionObject).
#pragma once

#include "reference_compiler/lang/object.h"
#include "reference_compiler/lang/value.h"

#include <string>
#include <vector>

namespace refc::lang {

struct Args;
struct Dict;
struct Str;

// Which C++ struct an instance is. Only Instance and Exception layouts can be
// subclassed by user classes.
enum class Layout : uint8_t {
  None, Bool, Int, Float, NotImplemented, Ellipsis, Str, Tuple, List, Dict, Set, FrozenSet,
  Range, Slice, Function, NativeFunction, BoundMethod, StaticMethod, ClassMethod, Property,
  Code, Cell, Module, Type, Generator, Iterator, Instance, Exception, Other
};

// Bumped whenever the dict of any class changes after its creation. Inline
// caches keyed on type attributes compare against it.
inline uint64_t type_epoch = 0;

struct TypeObject : Object {
  // Types are immortal (instances do not count references to their type).
  TypeObject(std::string name, TypeObject* base, Layout layout, bool heap);

  std::string name;     // __name__
  std::string qualname; // __qualname__
  std::string module;   // __module__ ("builtins" for built-in types)
  TypeObject* base;     // null only for `object`
  std::vector<TypeObject*> mro; // self first, `object` last
  Ref<lang::Dict> dict;
  Layout layout;
  bool heap;            // a user class: attributes may be set and deleted

  // Looks `name` up along the MRO without binding; Null when absent. Results for
  // interned names are cached per type until `type_epoch` changes.
  Value lookup(Str* name) const;
  bool is_subtype(const TypeObject* other) const;

  // Stores a class attribute (class creation and registration code use this
  // rather than dict->set so that caches keyed on type_epoch are invalidated).
  void set_attr(Str* name, Value value);

private:
  Value lookup_uncached(Str* name) const;
  struct CacheEntry {
    const Str* name = nullptr;
    uint64_t epoch = 0;
    Value value;
  };
  static constexpr size_t kCacheSize = 32; // a power of two
  mutable CacheEntry cache_[kCacheSize];
};

// The type call protocol (type.__call__): cls.__new__(cls, *args), then
// __init__ when the result is an instance of cls; type(x) for `type` itself.
Value type_call(TypeObject* cls, Args args);

// type(name, bases, namespace, **kwargs) creating a user class: the call
// __build_class__ makes after running a class body. Raises TypeError /
// NotImplementedError with CPython's (or refc's documented) wording.
Value type_new(Args args);

} // namespace refc::lang
