// DType properties and PyTorch's promotion rules (c10/core/ScalarType.cpp):
// bool < unsigned/signed integers < floating types, where mixing uint8 with a
// signed integer widens to the next signed type that holds both, and float16
// with bfloat16 meets at float32.
#include "reference_compiler/tensor/dtype.h"

#include <array>
#include <utility>

namespace refc::tensor {

namespace {

struct DTypeInfo {
  size_t itemsize;
  std::string_view name, short_name;
  bool floating, integral;
};

constexpr std::array<DTypeInfo, kNumDTypes> kInfo = {{
#define REFC_DTYPE(e, cxx, py, short_name, fp, integral) {sizeof(cxx), py, short_name, fp, integral},
#include "reference_compiler/tensor/dtypes.def"
#undef REFC_DTYPE
}};

const DTypeInfo& info(DType t) { return kInfo[static_cast<size_t>(t)]; }

DType g_default_float = DType::Float32;

// Integer rank for promotion among integers: wider wins; uint8 against a
// signed type needs a signed type wider than 8 bits.
int int_bits(DType t) { return static_cast<int>(itemsize(t)) * 8; }

} // namespace

size_t itemsize(DType t) { return info(t).itemsize; }
bool is_floating(DType t) { return info(t).floating; }
bool is_integral(DType t) { return info(t).integral; }
bool is_signed(DType t) { return t != DType::UInt8 && t != DType::Bool; }
std::string_view dtype_name(DType t) { return info(t).name; }
std::string_view dtype_short_name(DType t) { return info(t).short_name; }

std::string_view legacy_type_name(DType t) {
  switch (t) {
  case DType::UInt8: return "torch.ByteTensor";
  case DType::Int8: return "torch.CharTensor";
  case DType::Int16: return "torch.ShortTensor";
  case DType::Int32: return "torch.IntTensor";
  case DType::Int64: return "torch.LongTensor";
  case DType::Float16: return "torch.HalfTensor";
  case DType::Float32: return "torch.FloatTensor";
  case DType::Float64: return "torch.DoubleTensor";
  case DType::Bool: return "torch.BoolTensor";
  case DType::BFloat16: return "torch.BFloat16Tensor";
  }
  __builtin_unreachable();
}

std::string_view scalar_type_name(DType t) {
  switch (t) {
  case DType::UInt8: return "Byte";
  case DType::Int8: return "Char";
  case DType::Int16: return "Short";
  case DType::Int32: return "Int";
  case DType::Int64: return "Long";
  case DType::Float16: return "Half";
  case DType::Float32: return "Float";
  case DType::Float64: return "Double";
  case DType::Bool: return "Bool";
  case DType::BFloat16: return "BFloat16";
  }
  __builtin_unreachable();
}

std::optional<DType> dtype_from_name(std::string_view name) {
  static constexpr std::pair<std::string_view, DType> kAliases[] = {
      {"float", DType::Float32},  {"double", DType::Float64}, {"half", DType::Float16},
      {"long", DType::Int64},     {"int", DType::Int32},      {"short", DType::Int16},
  };
  for (int i = 0; i < kNumDTypes; ++i)
    if (kInfo[i].name == name) return static_cast<DType>(i);
  for (auto& [alias, t] : kAliases)
    if (alias == name) return t;
  return std::nullopt;
}

DType promote_types(DType a, DType b) {
  if (a == b) return a;
  if (a == DType::Bool) return b;
  if (b == DType::Bool) return a;
  bool fa = is_floating(a), fb = is_floating(b);
  if (fa != fb) return fa ? a : b;
  if (fa) { // both floating
    if ((a == DType::Float16 && b == DType::BFloat16) ||
        (a == DType::BFloat16 && b == DType::Float16))
      return DType::Float32;
    return itemsize(a) >= itemsize(b) ? a : b;
  }
  // both integral
  if (a == DType::UInt8 || b == DType::UInt8) {
    DType s = a == DType::UInt8 ? b : a;
    return s == DType::Int8 ? DType::Int16 : s;
  }
  return int_bits(a) >= int_bits(b) ? a : b;
}

bool can_cast(DType from, DType to) {
  if (is_floating(from) && !is_floating(to)) return false;
  if (from != DType::Bool && to == DType::Bool) return false;
  return true;
}

DType default_float_dtype() { return g_default_float; }
void set_default_float_dtype(DType t) { g_default_float = t; }

DType Scalar::dtype() const {
  switch (kind_) {
  case Kind::Bool: return DType::Bool;
  case Kind::Int: return DType::Int64;
  case Kind::Float: return default_float_dtype();
  }
  __builtin_unreachable();
}

} // namespace refc::tensor
