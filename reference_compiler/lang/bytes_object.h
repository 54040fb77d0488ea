// Bytes: the one C++ struct behind Python's `bytes` (immutable) and
// `bytearray` (mutable); the Python type tells them apart. Both hold raw bytes
// in a std::string. bytes_object.cpp defines the two types (construction,
// repr, the sequence protocol, bytearray's mutators); bytes_methods.cpp the
// methods they share (find, split, strip, hex, ...); text_codecs.h the codecs
// behind bytes.decode and str.encode.
#pragma once

#include "reference_compiler/lang/object.h"
#include "reference_compiler/lang/type_object.h"
#include "reference_compiler/lang/value.h"

#include <string>
#include <string_view>

namespace refc::lang {

struct Args;

struct Bytes : Object {
  Bytes(TypeObject* type, std::string data) : Object(type), data(std::move(data)) {}
  std::string data;
  mutable int64_t hash_ = -1; // bytes only: cached CPython hash
  uint64_t state = 0;         // bytearray only: bumped by resizes, for iterators

  std::string_view view() const { return data; }
  int64_t size() const { return static_cast<int64_t>(data.size()); }
};

Ref<Bytes> make_bytes(std::string data);
Ref<Bytes> make_bytearray(std::string data);
inline Value bytes_value(std::string data) { return Value(make_bytes(std::move(data))); }

bool is_bytes(const Value& v);
bool is_bytearray(const Value& v);
// bytes or bytearray: what CPython calls a bytes-like object (refc has no memoryview).
bool is_bytes_like(const Value& v);

// The bytes of a bytes-like argument, else TypeError "a bytes-like object is
// required, not 'str'".
std::string_view bytes_like_arg(const Value& v);

// CPython's repr of bytes data: b'...' with its quote choice and escapes
// (`bytearray`: the b'...' inside bytearray's repr, which escapes ' always).
std::string bytes_repr(std::string_view data, bool bytearray = false);

// Type initializers (type_initializers.def).
void init_bytes_types();
// Registers int.to_bytes and int.from_bytes (int_bytes.cpp).
void add_int_bytes_methods();

namespace bytes_detail {
// Registers the shared methods (bytes_methods.cpp) on bytes and bytearray.
void add_bytes_methods();
// Builds a bytes or bytearray result of the receiver's kind.
Value same_kind(const Value& self, std::string data);
} // namespace bytes_detail

} // namespace refc::lang
