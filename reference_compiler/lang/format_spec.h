// The format-spec mini-language (format(), f-string `{x:spec}`, str.format):
// parsing [[fill]align][sign][z][#][0][width][grouping][.precision][type] and
// rendering ints, floats and strs with it, as CPython 3.11's
// formatter_unicode.c does, including its error messages.
#pragma once

#include "reference_compiler/lang/value.h"

#include <cstdint>
#include <string>
#include <string_view>

namespace refc::lang {

struct FormatSpec {
  uint32_t fill = ' '; // a code point
  char align = 0;      // '<', '>', '^', '='
  char sign = 0;       // '+', '-', ' ', or 0
  bool no_neg_zero = false; // 'z'
  bool alternate = false;   // '#'
  int64_t width = -1;
  char grouping = 0;        // ',' or '_'
  int group_size = 3;       // 4 for '_' with b/o/x/X
  int64_t precision = -1;
  uint32_t type = 0;        // presentation type, 0 when absent
};

// Parses `spec` (non-empty) for an object of Python type `type_name` (used in
// "Invalid format specifier 'x.' for object of type 'int'"). `default_type`
// and `default_align` are those of the formatted type ('d'/'>' for int,
// 0/'>' for float, 's'/'<' for str). Raises ValueError on a malformed spec.
FormatSpec parse_format_spec(std::string_view spec, char default_type, char default_align,
                             std::string_view type_name);

// format(v, spec) for an int of any size; `type_name` is "int" or "bool".
std::string format_int(const Value& v, std::string_view spec, std::string_view type_name = "int");
// format(v, spec) for a float.
std::string format_float(double v, std::string_view spec);
// format(s, spec) for a str given as UTF-8 text with `length` code points.
std::string format_str(std::string_view text, int64_t length, std::string_view spec);

} // namespace refc::lang
