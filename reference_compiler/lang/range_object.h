// Range (range objects) and Slice (slice objects). Both are small immutable
// records the VM has fast paths for.
#pragma once

#include "reference_compiler/lang/object.h"
#include "reference_compiler/lang/value.h"

namespace refc::lang {

struct Range : Object {
  Range(int64_t start, int64_t stop, int64_t step);
  int64_t start, stop, step; // step != 0
  int64_t length() const;
  int64_t at(int64_t i) const { return start + i * step; }
};

struct Slice : Object {
  Slice(Value start, Value stop, Value step);
  Value start, stop, step; // None when omitted

  // Resolves against a sequence of `length` as PySlice_AdjustIndices does;
  // returns the number of selected items. Raises for a zero step or non-int bounds.
  int64_t indices(int64_t length, int64_t& start_out, int64_t& stop_out, int64_t& step_out) const;
  // The two halves of indices(): PySlice_Unpack (converts the bounds, running any
  // __index__, defaults for None) and PySlice_AdjustIndices (clamps to `length`,
  // returns the count). Split so a caller can read the length after __index__ ran.
  void unpack(int64_t& start_out, int64_t& stop_out, int64_t& step_out) const;
  static int64_t adjust_indices(int64_t length, int64_t& start, int64_t& stop, int64_t step);
};

} // namespace refc::lang
