// Str: an immutable Python string, stored as UTF-8 with its length in code
// points. ASCII strings (the common case) index in O(1); others decode on
// demand. Identifiers and constants are interned: one immortal object per
// distinct text, so attribute and global lookups compare pointers first.
#pragma once

#include "reference_compiler/lang/object.h"
#include "reference_compiler/lang/value.h"

#include <string>
#include <string_view>

namespace refc::lang {

struct Str : Object {
  static constexpr uint32_t kInterned = 1;

  explicit Str(std::string utf8);

  std::string data;     // UTF-8 bytes
  int64_t length;       // number of code points
  bool ascii;           // every byte < 0x80
  mutable int64_t hash_ = -1; // CPython's str hash (SipHash-1-3, zero key), cached

  std::string_view view() const { return data; }
  int64_t hash() const;
  bool interned() const { return flags & kInterned; }

  // The code point at index i (0 <= i < length).
  uint32_t code_point(int64_t i) const;
};

// A new string with the given UTF-8 text.
Ref<Str> make_str(std::string utf8);
// The interned (immortal, shared) string with this text.
Str* intern(std::string_view utf8);
// Value holding a new str.
inline Value str_value(std::string utf8) { return Value(make_str(std::move(utf8))); }

// CPython's hash of bytes data (SipHash-1-3 as for str; equal to the hash of
// the ASCII str with the same text).
int64_t hash_bytes(std::string_view data);

// Equality of two strings' texts, pointer-first.
inline bool str_equal(const Str* a, const Str* b) {
  return a == b || (a->length == b->length && a->data == b->data);
}

} // namespace refc::lang
