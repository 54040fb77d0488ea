// How sorting and scanning kernels order values, as ATen's kernels do:
// integers exactly, floating types (16-bit ones included) as their real
// value, with NaN detected separately.
#pragma once

#include <cmath>
#include <type_traits>

namespace refc::ops {

template <class T> auto key(T v) {
  if constexpr (std::is_integral_v<T>) return v;
  else return static_cast<double>(v);
}
template <class T> bool is_nan(T v) {
  if constexpr (std::is_integral_v<T>) return false;
  else return std::isnan(static_cast<double>(v));
}

} // namespace refc::ops
