// Half and BFloat16: the two 16-bit floating-point element types. Each stores
// its bits and converts to and from float with round-to-nearest-even, exactly
// as PyTorch's c10::Half and c10::BFloat16 do; arithmetic happens in float
// (the implicit conversion), and the result rounds back on assignment, which is
// also how PyTorch's CPU kernels compute on them.
#pragma once

#include <bit>
#include <cstdint>
#include <cstring>

namespace refc::tensor {

struct Half {
  uint16_t bits = 0;

  Half() = default;
  Half(float f) : bits(from_float(f)) {}
  operator float() const { return to_float(bits); }

  static constexpr Half from_bits(uint16_t b) {
    Half h;
    h.bits = b;
    return h;
  }
  // The FP16 library's fp16_ieee_from_fp32_value (what c10::Half uses): the
  // float multiplications do the rounding, including into subnormals and inf.
  static uint16_t from_float(float f) {
    float base = (__builtin_fabsf(f) * 0x1.0p+112f) * 0x1.0p-110f;
    uint32_t w = std::bit_cast<uint32_t>(f);
    uint32_t shl1_w = w + w;
    uint32_t sign = w & 0x80000000u;
    uint32_t bias = shl1_w & 0xff000000u;
    if (bias < 0x71000000u) bias = 0x71000000u;
    base = std::bit_cast<float>((bias >> 1) + 0x07800000u) + base;
    uint32_t bits = std::bit_cast<uint32_t>(base);
    uint32_t nonsign = ((bits >> 13) & 0x7c00u) + (bits & 0x0fffu);
    return static_cast<uint16_t>((sign >> 16) | (shl1_w > 0xff000000u ? 0x7e00u : nonsign));
  }
  static float to_float(uint16_t h) {
    uint32_t sign = static_cast<uint32_t>(h & 0x8000u) << 16;
    uint32_t exp = (h >> 10) & 0x1fu;
    uint32_t mant = h & 0x3ffu;
    uint32_t out;
    if (exp == 0x1f) {
      out = sign | 0x7f800000u | (mant << 13);
    } else if (exp == 0) {
      if (mant == 0) return std::bit_cast<float>(sign);
      float f = static_cast<float>(mant) * 0x1p-24f;
      return sign ? -f : f;
    } else {
      out = sign | ((exp + 112) << 23) | (mant << 13);
    }
    return std::bit_cast<float>(out);
  }
};

struct BFloat16 {
  uint16_t bits = 0;

  BFloat16() = default;
  BFloat16(float f) : bits(from_float(f)) {}
  operator float() const { return std::bit_cast<float>(static_cast<uint32_t>(bits) << 16); }

  static constexpr BFloat16 from_bits(uint16_t b) {
    BFloat16 h;
    h.bits = b;
    return h;
  }
  static uint16_t from_float(float f) {
    if (f != f) return 0x7fc0u; // canonical NaN, as c10::BFloat16
    uint32_t x = std::bit_cast<uint32_t>(f);
    uint32_t rounding_bias = 0x7fffu + ((x >> 16) & 1u);
    return static_cast<uint16_t>((x + rounding_bias) >> 16);
  }
};

} // namespace refc::tensor
