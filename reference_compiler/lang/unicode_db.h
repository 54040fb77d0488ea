// The Unicode character database the str methods consult: per-code-point
// properties (alpha, decimal, space, printable, case classes, identifier
// classes) and full case mappings, generated from CPython 3.11's own str
// methods (unicode_db_gen.py) so classification and case conversion agree with
// CPython for every code point, not only ASCII.
#pragma once

#include <cstdint>

namespace refc::lang::unicode {

// Property bits; keep in sync with unicode_db_gen.py.
enum Flag : uint16_t {
  kAlpha = 1,
  kDecimal = 2,
  kDigit = 4,
  kNumeric = 8,
  kSpace = 16,
  kPrintable = 32,
  kLower = 64,
  kUpper = 128,
  kTitle = 256, // titlecase letters that are not also uppercase
  kXidStart = 512, // may start an identifier ('_' included)
  kXidContinue = 1024,
  kCaseIgnorable = 2048,
};

namespace detail {
struct AsciiFlags {
  uint16_t v[128];
};
extern const AsciiFlags kAsciiFlags;
uint16_t flags_slow(uint32_t cp);
} // namespace detail

// The property bits of code point `cp`.
inline uint16_t flags(uint32_t cp) {
  return cp < 128 ? detail::kAsciiFlags.v[cp] : detail::flags_slow(cp);
}
inline bool has(uint32_t cp, uint16_t flag) { return (flags(cp) & flag) != 0; }
inline bool is_space(uint32_t cp) { return has(cp, kSpace); }
// Cased as CPython's _PyUnicode_IsCased: lower, upper or title case.
inline bool is_cased(uint32_t cp) { return has(cp, kLower | kUpper | kTitle); }

// The decimal digit value of `cp` (0-9), or -1 when it is not a decimal digit.
int decimal_value(uint32_t cp);

// Full case mappings (CPython's _PyUnicode_To*Full): write the mapped code
// points (1 to 3) to `out` and return how many.
int to_upper(uint32_t cp, uint32_t out[3]);
int to_lower(uint32_t cp, uint32_t out[3]);
int to_title(uint32_t cp, uint32_t out[3]);
int to_fold(uint32_t cp, uint32_t out[3]);

// True for the characters str.splitlines() splits at.
inline bool is_linebreak(uint32_t cp) {
  return (cp >= 0x0a && cp <= 0x0d) || (cp >= 0x1c && cp <= 0x1e) || cp == 0x85 || cp == 0x2028 ||
         cp == 0x2029;
}

} // namespace refc::lang::unicode
