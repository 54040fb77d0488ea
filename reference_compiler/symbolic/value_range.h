// ValueRange: PyTorch's ValueRanges for integers — a closed interval whose
// ends may be -int_oo / int_oo (INT64_MIN / INT64_MAX stand for them);
// booleans are the range [0, 1] (False = 0, True = 1). RangeOf gives a
// symbol's range, as the ShapeEnv's var_to_range does.
#pragma once

#include <cstdint>
#include <functional>
#include <limits>
#include <string>

namespace refc::symbolic {

class Expr;

struct ValueRange {
  static constexpr int64_t kNegInf = std::numeric_limits<int64_t>::min(); // -int_oo
  static constexpr int64_t kPosInf = std::numeric_limits<int64_t>::max(); // int_oo

  int64_t lo = kNegInf;
  int64_t hi = kPosInf;

  static ValueRange unknown() { return {}; }
  static ValueRange singleton(int64_t v) { return {v, v}; }
  static ValueRange boolean() { return {0, 1}; }
  static ValueRange boolean(bool b) { return singleton(b ? 1 : 0); }

  bool is_singleton() const { return lo == hi; }
  bool contains(int64_t v) const { return lo <= v && v <= hi; }
  bool contains(const ValueRange& o) const { return lo <= o.lo && o.hi <= hi; } // PyTorch's issubset, reversed
  bool lower_is_infinite() const { return lo == kNegInf; }
  bool upper_is_infinite() const { return hi == kPosInf; }
  // PyTorch's `&`: the common part; throws std::domain_error when there is
  // none (PyTorch's ValueRangeError).
  ValueRange intersect(const ValueRange& o) const;
  // PyTorch's `|`: the smallest range holding both.
  ValueRange join(const ValueRange& o) const;

  std::string str() const;    // "[2, int_oo]", as the ShapeEnv logs a symbol's range
  std::string vr_str() const; // "VR[2, int_oo]", ValueRanges.__repr__

  bool operator==(const ValueRange& o) const = default;
};

// A symbol's range; the symbol's kind narrows it further (a positive
// symbol is at least 1).
using RangeOf = std::function<ValueRange(const Expr& symbol)>;

} // namespace refc::symbolic
