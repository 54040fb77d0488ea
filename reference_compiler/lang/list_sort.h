// The stable sort behind list.sort() and sorted(): keys computed once per item
// (CPython's order: all keys first, left to right), `reverse` kept stable the
// way CPython does it (reverse, sort, reverse), comparisons with `<` only, in
// the same operand order as CPython's timsort so a failing comparison raises
// the same message. Homogeneous int, float and str keys are compared inline.
#pragma once

#include "reference_compiler/lang/value.h"

#include <vector>

namespace refc::lang {

// Sorts `items` in place. `key` is a callable or Null/None for identity. When a
// key function or a comparison raises, `items` keeps its original order and the
// exception propagates.
void sort_values(std::vector<Value>& items, const Value& key, bool reverse);

} // namespace refc::lang
