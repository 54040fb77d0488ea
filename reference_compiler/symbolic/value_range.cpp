// ValueRange: intersection, join and printing.
#include "reference_compiler/symbolic/value_range.h"

#include <algorithm>
#include <stdexcept>

namespace refc::symbolic {

namespace {

std::string end_text(int64_t v) {
  if (v == ValueRange::kNegInf) return "-int_oo";
  if (v == ValueRange::kPosInf) return "int_oo";
  return std::to_string(v);
}

} // namespace

ValueRange ValueRange::intersect(const ValueRange& o) const {
  ValueRange r{std::max(lo, o.lo), std::min(hi, o.hi)};
  if (r.lo > r.hi) throw std::domain_error("Invalid ranges [" + end_text(r.lo) + ":" + end_text(r.hi) + "]");
  return r;
}

ValueRange ValueRange::join(const ValueRange& o) const { return {std::min(lo, o.lo), std::max(hi, o.hi)}; }

std::string ValueRange::str() const { return "[" + end_text(lo) + ", " + end_text(hi) + "]"; }

std::string ValueRange::vr_str() const { return "VR[" + end_text(lo) + ", " + end_text(hi) + "]"; }

} // namespace refc::symbolic
