// Device: where a tensor's data lives. `cpu` runs today; `cuda` exists in the
// model so the CUDA backend can add it, and `meta` marks tensors that carry
// sizes, strides and dtype but no data (what tracing computes with).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace refc::tensor {

enum class DeviceType : uint8_t { CPU, CUDA, Meta };

struct Device {
  DeviceType type = DeviceType::CPU;
  int8_t index = -1; // -1: no index given ("cuda" rather than "cuda:0")

  bool operator==(const Device&) const = default;
  bool is_cpu() const { return type == DeviceType::CPU; }
  // "cpu", "cuda:0": how str(device) and messages print it.
  std::string str() const;
  // "cpu", "cuda", "meta".
  std::string_view type_name() const;
};

inline constexpr Device kCPU{};

// Parses "cpu", "cuda", "cuda:1", "meta"; nullopt when malformed.
std::optional<Device> parse_device(std::string_view text);

} // namespace refc::tensor
