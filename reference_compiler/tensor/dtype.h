// DType: the element type of a tensor (dtypes.def), its properties, PyTorch's
// type-promotion lattice, and visit_dtype, which turns a run-time dtype into a
// compile-time C++ element type for kernels.
#pragma once

#include "reference_compiler/tensor/half.h"

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string_view>
#include <type_traits>

namespace refc::tensor {

enum class DType : uint8_t {
#define REFC_DTYPE(e, cxx, py, short_name, fp, integral) e,
#include "reference_compiler/tensor/dtypes.def"
#undef REFC_DTYPE
};
inline constexpr int kNumDTypes = 0
#define REFC_DTYPE(e, cxx, py, short_name, fp, integral) +1
#include "reference_compiler/tensor/dtypes.def"
#undef REFC_DTYPE
    ;

size_t itemsize(DType t);
bool is_floating(DType t);
// int8 ... int64 and uint8 (not bool).
bool is_integral(DType t);
bool is_signed(DType t);
// "float32"; torch.float32 prints as "torch." + this.
std::string_view dtype_name(DType t);
// "f32", as graph printouts show element types.
std::string_view dtype_short_name(DType t);
// PyTorch's legacy tensor type names ("torch.FloatTensor"), used by some messages.
std::string_view legacy_type_name(DType t);
// The name PyTorch prints in "result type Float can't be cast ..." ("Float", "Long", ...).
std::string_view scalar_type_name(DType t);
// Looks a dtype up by python name or alias ("float", "long", "half", ...).
std::optional<DType> dtype_from_name(std::string_view name);

// torch.promote_types: the smallest type both a and b convert to without
// losing their category (bool < integral < floating).
DType promote_types(DType a, DType b);
// torch.can_cast(from, to): false when the cast would lower the category.
bool can_cast(DType from, DType to);

// The default floating dtype (torch.get_default_dtype / set_default_dtype).
DType default_float_dtype();
void set_default_float_dtype(DType t);

template <class T> struct CppTypeTo;
#define REFC_DTYPE(e, cxx, py, short_name, fp, integral)                                      \
  template <> struct CppTypeTo<cxx> {                                                          \
    static constexpr DType value = DType::e;                                                   \
  };
#include "reference_compiler/tensor/dtypes.def"
#undef REFC_DTYPE
// The DType of C++ element type T.
template <class T> inline constexpr DType dtype_of = CppTypeTo<T>::value;

// Calls f.template operator()<T>() with T the C++ element type of `t`:
//   visit_dtype(t, [&]<class T>() { ... T ... });
template <class F> decltype(auto) visit_dtype(DType t, F&& f) {
  switch (t) {
#define REFC_DTYPE(e, cxx, py, short_name, fp, integral)                                      \
  case DType::e:                                                                               \
    return f.template operator()<cxx>();
#include "reference_compiler/tensor/dtypes.def"
#undef REFC_DTYPE
  }
  __builtin_unreachable();
}

// A number as ops take it ("Scalar" in schemas): bool, int64 or double.
class Scalar {
public:
  enum class Kind : uint8_t { Bool, Int, Float };
  Scalar() : kind_(Kind::Int) { v_.i = 0; }
  Scalar(bool b) : kind_(Kind::Bool) { v_.i = b; }
  Scalar(int v) : kind_(Kind::Int) { v_.i = v; }
  Scalar(int64_t v) : kind_(Kind::Int) { v_.i = v; }
  Scalar(double v) : kind_(Kind::Float) { v_.d = v; }

  Kind kind() const { return kind_; }
  bool is_bool() const { return kind_ == Kind::Bool; }
  bool is_int() const { return kind_ == Kind::Int; }
  bool is_float() const { return kind_ == Kind::Float; }
  // Integral (bool or int): no fractional part by type.
  bool is_integral() const { return kind_ != Kind::Float; }
  int64_t to_int() const { return kind_ == Kind::Float ? static_cast<int64_t>(v_.d) : v_.i; }
  double to_double() const { return kind_ == Kind::Float ? v_.d : static_cast<double>(v_.i); }
  bool to_bool() const { return kind_ == Kind::Float ? v_.d != 0 : v_.i != 0; }
  // The value converted to element type T (as a kernel stores it).
  template <class T> T to() const {
    if constexpr (std::is_same_v<T, bool>) return to_bool();
    else if constexpr (std::is_integral_v<T>) return static_cast<T>(to_int());
    else return static_cast<T>(to_double());
  }
  // The dtype PyTorch gives a Python number of this kind: bool, int64, or the default float.
  DType dtype() const;

private:
  Kind kind_;
  union {
    int64_t i;
    double d;
  } v_;
};

} // namespace refc::tensor
