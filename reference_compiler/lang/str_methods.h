// The str type's behaviour (init_str_type registers it) and the string
// operations other parts of the interpreter call directly: repr with CPython's
// quoting, concatenation and the in-place `s += x` fast path, indexing,
// containment, comparison, printf-style `%` formatting and str.format.
#pragma once

#include "reference_compiler/lang/native_function.h"
#include "reference_compiler/lang/str_object.h"
#include "reference_compiler/lang/value.h"

#include <string>
#include <string_view>

namespace refc::lang {

// repr() of a string: CPython's quoting (single quotes unless the text has '
// and no "), escapes for \\, the quote, \t \n \r, and non-printable code points
// as \xhh, \uhhhh or \Uhhhhhhhh; printable non-ASCII text stays as is.
std::string str_repr(std::string_view text);
// ascii() of a repr: every non-ASCII code point escaped.
std::string ascii_escape(std::string_view text);

// a + b.
Ref<Str> str_concat(const Str* a, const Str* b);
// `lhs += rhs` for a str lhs: appends in place when lhs holds the only
// reference to a non-interned string (the loop `s += x` is then linear), else
// replaces lhs with a new concatenation. The VM calls this for BINARY_OP +=
// when both operands are str.
void str_append_inplace(Value& lhs, const Str* rhs);

// The one-character string for code point c (shared, immortal for c < 256).
Value str_char(uint32_t c);
// s[key] for an int-like key or a slice; CPython's errors otherwise.
Value str_getitem(const Str* s, const Value& key);
// `needle in haystack`.
bool str_contains(const Str* haystack, const Str* needle);
// Three-way comparison by code points (UTF-8 byte order is code point order).
inline int str_compare(const Str* a, const Str* b) {
  if (a == b) return 0;
  int c = a->data.compare(b->data);
  return c < 0 ? -1 : c > 0 ? 1 : 0;
}

// format % args (printf-style formatting, PyUnicode_Format).
Ref<Str> str_percent_format(const Str* format, const Value& args);
// format.format(*args, **kwargs); `args` holds the positional and keyword
// arguments after the receiver. `mapping` (format_map) replaces the keywords
// when non-null, and then positional fields are an error.
Ref<Str> str_format(const Str* format, Args args, const Value* mapping = nullptr);

} // namespace refc::lang
