// Lookups into the generated Unicode tables (unicode_db_tables.inc): binary
// search over runs of equal property bits and over the sorted case-mapping
// entries, with a 128-entry table so ASCII never searches.
#include "reference_compiler/lang/unicode_db.h"

#include <algorithm>
#include <iterator>

namespace refc::lang::unicode {
namespace {

struct FlagRun {
  uint32_t start;
  uint16_t flags;
};
struct CaseEntry {
  uint32_t cp, upper, lower, title, fold;
};
constexpr uint32_t kMultiFlag = 0x80000000u;

#include "reference_compiler/lang/unicode_db_tables.inc"

uint16_t lookup_flags(uint32_t cp) {
  auto it = std::upper_bound(std::begin(kFlagRuns), std::end(kFlagRuns), cp,
                             [](uint32_t c, const FlagRun& r) { return c < r.start; });
  return it == std::begin(kFlagRuns) ? 0 : std::prev(it)->flags;
}

// The mapping selected by `field` of cp's case entry, expanded into out.
int map_case(uint32_t cp, uint32_t CaseEntry::*field, uint32_t out[3]) {
  auto it = std::lower_bound(std::begin(kCaseEntries), std::end(kCaseEntries), cp,
                             [](const CaseEntry& e, uint32_t c) { return e.cp < c; });
  if (it == std::end(kCaseEntries) || it->cp != cp) {
    out[0] = cp;
    return 1;
  }
  uint32_t m = (*it).*field;
  if (!(m & kMultiFlag)) {
    out[0] = m;
    return 1;
  }
  const uint32_t* chars = kMulti[m & ~kMultiFlag];
  int n = 0;
  while (n < 3 && chars[n] != 0) {
    out[n] = chars[n];
    ++n;
  }
  return n;
}

// Runs are sorted and start at 0, so the ASCII prefix is a linear walk.
constexpr detail::AsciiFlags make_ascii_flags() {
  detail::AsciiFlags t{};
  size_t r = 0;
  for (uint32_t c = 0; c < 128; ++c) {
    while (r + 1 < std::size(kFlagRuns) && kFlagRuns[r + 1].start <= c) ++r;
    t.v[c] = kFlagRuns[r].flags;
  }
  return t;
}

} // namespace

namespace detail {
constexpr AsciiFlags kAsciiFlags = make_ascii_flags();
uint16_t flags_slow(uint32_t cp) { return lookup_flags(cp); }
} // namespace detail

int decimal_value(uint32_t cp) {
  if (cp < 128) return cp >= '0' && cp <= '9' ? static_cast<int>(cp - '0') : -1;
  if (!(flags(cp) & kDecimal)) return -1;
  auto it = std::upper_bound(std::begin(kDecimalZeros), std::end(kDecimalZeros), cp);
  return static_cast<int>(cp - *std::prev(it));
}

int to_upper(uint32_t cp, uint32_t out[3]) {
  if (cp < 128) {
    out[0] = cp >= 'a' && cp <= 'z' ? cp - 32 : cp;
    return 1;
  }
  return map_case(cp, &CaseEntry::upper, out);
}
int to_lower(uint32_t cp, uint32_t out[3]) {
  if (cp < 128) {
    out[0] = cp >= 'A' && cp <= 'Z' ? cp + 32 : cp;
    return 1;
  }
  return map_case(cp, &CaseEntry::lower, out);
}
int to_title(uint32_t cp, uint32_t out[3]) {
  if (cp < 128) return to_upper(cp, out);
  return map_case(cp, &CaseEntry::title, out);
}
int to_fold(uint32_t cp, uint32_t out[3]) {
  if (cp < 128) return to_lower(cp, out);
  return map_case(cp, &CaseEntry::fold, out);
}

} // namespace refc::lang::unicode
