// collections.deque's type (collections_deque.cpp), which the _collections
// module publishes.
#pragma once

#include "reference_compiler/lang/type_object.h"

namespace refc::lang {

// Creates the deque type and its two iterator types; returns the deque type.
// Call once.
TypeObject* init_deque_type();

} // namespace refc::lang
