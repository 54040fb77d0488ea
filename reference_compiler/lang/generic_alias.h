// GenericAlias (`list[int]`) and UnionType (`int | None`): the objects that
// subscripting a built-in container type and `|` between types produce. In
// Python 3.11 annotations are evaluated when a function is defined, so
// `def f(x: list[int] | None)` needs both to exist; they print, compare and
// expose __origin__/__args__ as CPython's types.GenericAlias and types.UnionType.
#pragma once

#include "reference_compiler/lang/object.h"
#include "reference_compiler/lang/tuple_object.h"
#include "reference_compiler/lang/type_object.h"
#include "reference_compiler/lang/value.h"

namespace refc::lang {

// types.GenericAlias and types.UnionType (created by init_generic_alias_types).
inline TypeObject* generic_alias_type = nullptr;
inline TypeObject* union_type = nullptr;

struct GenericAlias : Object {
  GenericAlias(Value origin, Ref<Tuple> args);
  Value origin;    // the subscripted class (list)
  Ref<Tuple> args; // the subscript, always a tuple ((int,))
};

struct UnionType : Object {
  explicit UnionType(Ref<Tuple> args);
  Ref<Tuple> args; // two or more distinct members, NoneType for None
};

// origin[item]: a tuple item gives several arguments.
Value make_generic_alias(const Value& origin, const Value& item);
// a | b for types, None, aliases and unions (flattened, duplicates dropped; a
// single remaining member is returned as is); NotImplemented for other operands.
Value make_union(const Value& a, const Value& b);

// Creates the two types and registers __class_getitem__ on list, dict, tuple,
// set, frozenset and type, and __or__/__ror__ on type (init_type_type calls it).
void init_generic_alias_types();

} // namespace refc::lang
