// Instance: an object of a user class (attributes in a per-instance dict), and
// ExceptionObject, an instance of BaseException or a subclass, which adds the
// exception state CPython keeps in slots (args, cause, context, traceback).
#pragma once

#include "reference_compiler/lang/cycle_collector.h"
#include "reference_compiler/lang/dict_object.h"
#include "reference_compiler/lang/object.h"
#include "reference_compiler/lang/tuple_object.h"

#include <string>
#include <vector>

namespace refc::lang {

struct Instance : TrackedObject {
  explicit Instance(TypeObject* type);
  void traverse(ReferenceVisitor& visit) override;
  void clear_references() override;
  Ref<Dict> dict;
};

// One traceback entry: where a frame was when the exception passed through it.
struct TracebackEntry {
  std::string filename;
  std::string function;
  int lineno;
};

struct ExceptionObject : Instance {
  explicit ExceptionObject(TypeObject* type);
  void traverse(ReferenceVisitor& visit) override;
  void clear_references() override;
  Ref<Tuple> args;
  Value cause;   // __cause__: Null/None or an exception
  Value context; // __context__
  bool suppress_context = false;
  std::vector<TracebackEntry> traceback; // outermost frame first
};

} // namespace refc::lang
