// Named tuple types: tuple subclasses whose items are also attributes, as
// collections.namedtuple makes them and as CPython's struct sequences
// (sys.version_info, sys.float_info) are. Instances are real Tuple objects of
// the subclass, so isinstance(p, tuple), indexing, unpacking, comparison with
// tuples and hashing are the tuple type's own; the class adds the field
// properties, __new__ binding arguments to fields (with defaults), _fields,
// _field_defaults, _make, _replace, _asdict and the "Point(x=1, y=2)" repr.
#pragma once

#include "reference_compiler/lang/type_object.h"
#include "reference_compiler/lang/value.h"

#include <string>
#include <vector>

namespace refc::lang {

// A new named tuple class. `defaults` apply to the rightmost fields. A
// struct sequence reprs as "module.name(...)" and is not meant to be
// instantiated by programs. Field names are not validated here
// (collections.namedtuple does that with CPython's messages).
TypeObject* make_named_tuple_type(const std::string& name, const std::string& module,
                                  const std::vector<std::string>& fields,
                                  const std::vector<Value>& defaults, bool struct_sequence);

// An instance of named tuple class `t` holding `items` (one per field).
Value make_named_tuple(TypeObject* t, std::vector<Value> items);

} // namespace refc::lang
