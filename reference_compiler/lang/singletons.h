// The NotImplemented and Ellipsis singletons. (None is an immediate Value.)
// Both are immortal objects created by init_builtin_types(), so handing out a
// reference costs nothing and identity tests are one pointer compare.
#pragma once

#include "reference_compiler/lang/value.h"

namespace refc::lang {

namespace singletons {
inline Object* not_implemented = nullptr;
inline Object* ellipsis = nullptr;
} // namespace singletons

inline Value not_implemented() { return Value::borrow(singletons::not_implemented); }
inline Value ellipsis() { return Value::borrow(singletons::ellipsis); }
inline bool is_not_implemented(const Value& v) {
  return v.is_obj() && v.as_obj() == singletons::not_implemented;
}

// hash(None). CPython 3.11 hashes None by address, which varies between runs;
// refc uses 3.12's constant so set iteration orders are reproducible.
inline constexpr int64_t none_hash = 0xFCA86420;

// Creates the two singleton objects (idempotent); init_builtin_types() calls it.
void create_singletons();

} // namespace refc::lang
