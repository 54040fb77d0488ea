// CPython 3.11's limit on the digits of a str <-> int conversion in a base
// that is not a power of two (sys.set_int_max_str_digits): int("1" * 5000),
// str(10 ** 5000) and a 5000-digit decimal literal raise instead of taking
// quadratic time. The limit itself lives in big_int.cpp.
#pragma once

#include <cstdint>

namespace refc::lang {

constexpr int64_t kDefaultMaxStrDigits = 4300;  // CPython's _PY_LONG_DEFAULT_MAX_STR_DIGITS
constexpr int64_t kMaxStrDigitsThreshold = 640; // the smallest nonzero limit allowed
int64_t int_max_str_digits();                   // 0 means no limit
void set_int_max_str_digits(int64_t limit);

} // namespace refc::lang
