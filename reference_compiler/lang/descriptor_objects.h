// The descriptor and method-wrapper objects of the object model: BoundMethod
// (a callable bound to its receiver), StaticMethod, ClassMethod and Property.
#pragma once

#include "reference_compiler/lang/cycle_collector.h"
#include "reference_compiler/lang/object.h"
#include "reference_compiler/lang/value.h"

namespace refc::lang {

struct BoundMethod : TrackedObject {
  BoundMethod(Value func, Value self);
  void traverse(ReferenceVisitor& visit) override;
  void clear_references() override;
  Value func; // Function or NativeFunction (any callable)
  Value self;
};

struct StaticMethod : Object {
  explicit StaticMethod(Value func);
  Value func;
};

struct ClassMethod : Object {
  explicit ClassMethod(Value func);
  Value func;
};

struct Property : Object {
  // flags bit: a built-in attribute registered by add_getter/add_property
  // (CPython's getset descriptor: its own repr and error wording).
  static constexpr uint32_t kGetSet = 1;

  Property(Value fget, Value fset, Value fdel, Value doc);
  Value fget, fset, fdel, doc; // None when absent
  Value name; // set by __set_name__ (the attribute it was assigned to); Null until then
};

} // namespace refc::lang
