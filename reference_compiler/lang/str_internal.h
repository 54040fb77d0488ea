// What the str method files (str_methods.cpp, str_search.cpp, str_convert.cpp)
// share: the receiver check, CPython's arity errors of its older natives, keyword
// binding, index arguments, and conversions between code point indices and
// UTF-8 byte offsets.
#pragma once

#include "reference_compiler/lang/builtin_types.h"
#include "reference_compiler/lang/native_function.h"
#include "reference_compiler/lang/str_methods.h"
#include "reference_compiler/lang/str_object.h"
#include "reference_compiler/lang/type_object.h"
#include "reference_compiler/lang/unicode_db.h"
#include "reference_compiler/lang/utf8.h"

#include <initializer_list>
#include <string>
#include <string_view>

namespace refc::lang {

// Register the methods of str_search.cpp and str_convert.cpp on the str type.
void add_str_search_methods(TypeObject* t);
void add_str_convert_methods(TypeObject* t);

namespace str_detail {

// Strings longer than this raise MemoryError instead of exhausting memory.
constexpr int64_t kMaxStrBytes = int64_t{1} << 32;

inline Str* self_str(const Args& a, std::string_view method) {
  if (a.npos == 0 || !is_str(a[0])) check_self(a, types::str, method);
  return a[0].as<Str>();
}

// Old-style (PyArg_ParseTuple) arity errors, receiver not counted:
// "find() takes at least 1 argument (0 given)".
void old_style_arity(const Args& a, std::string_view name, size_t min, size_t max);
// Argument Clinic positional-only errors: "replace expected at least 2 arguments, got 1".
void clinic_arity(const Args& a, std::string_view name, size_t min, size_t max);

// Binds the arguments after the receiver to `names` (positional or keyword),
// leaving Null for the absent ones, with CPython's keyword-argument errors.
void bind_str_args(const Args& a, std::string_view fname, std::initializer_list<const char*> names, Value* out);

// An int argument through __index__ ("'float' object cannot be interpreted as an integer").
int64_t int_arg(const Value& v);
// A start/end argument of find() and friends (None means "absent").
bool slice_index(const Value& v, int64_t& out);
// CPython's ADJUST_INDICES: clamps [start, end) against a string of `len` code points.
void adjust_indices(int64_t& start, int64_t& end, int64_t len);

// v as a str, else TypeError(what + type name).
Str* str_arg(const Value& v, const char* what);
// A new str, or MemoryError past kMaxStrBytes.
Value new_str(std::string s);
Value empty_str();

// ---- code point / byte offset conversion --------------------------------------

inline size_t byte_offset(const Str* s, int64_t cp_index) {
  return s->ascii ? static_cast<size_t>(cp_index) : utf8_offset(s->data, cp_index);
}

inline int64_t cp_index(const Str* s, size_t byte_off) {
  return s->ascii ? static_cast<int64_t>(byte_off) : utf8_length(std::string_view(s->data).substr(0, byte_off));
}

std::u32string decode(std::string_view s);
std::string encode(std::u32string_view s);

inline bool is_space_cp(uint32_t c) { return unicode::is_space(c); }

} // namespace str_detail
} // namespace refc::lang
