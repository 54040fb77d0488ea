// Function: a Python function object (code + globals + defaults + closure),
// and Cell, the box a closure variable lives in.
#pragma once

#include "reference_compiler/lang/cycle_collector.h"
#include "reference_compiler/lang/dict_object.h"
#include "reference_compiler/lang/object.h"
#include "reference_compiler/lang/str_object.h"
#include "reference_compiler/lang/tuple_object.h"
#include "reference_compiler/lang/value.h"

namespace refc::lang {

struct CodeObject;

struct Cell : TrackedObject {
  Cell();
  explicit Cell(Value v);
  void traverse(ReferenceVisitor& visit) override;
  void clear_references() override;
  Value value; // Null when empty
};

struct Function : TrackedObject {
  Function(Ref<CodeObject> code, Ref<Dict> globals);
  void traverse(ReferenceVisitor& visit) override;
  void clear_references() override;

  Ref<CodeObject> code;
  Ref<Dict> globals;
  Ref<Dict> builtins;   // resolved when the function is created
  Ref<Tuple> defaults;  // may be null
  Ref<Dict> kwdefaults; // may be null
  Ref<Tuple> closure;   // tuple of Cell, may be null
  Ref<Dict> annotations; // may be null
  Value name;           // str
  Value qualname;       // str
  Value module;         // str or None
  Value doc;            // None unless the body starts with a string
  Ref<Dict> dict;       // __dict__, created on first attribute store
};

} // namespace refc::lang
