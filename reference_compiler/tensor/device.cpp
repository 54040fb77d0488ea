// Device names as PyTorch spells them.
#include "reference_compiler/tensor/device.h"

#include <charconv>

namespace refc::tensor {

std::string_view Device::type_name() const {
  switch (type) {
  case DeviceType::CPU: return "cpu";
  case DeviceType::CUDA: return "cuda";
  case DeviceType::Meta: return "meta";
  }
  __builtin_unreachable();
}

std::string Device::str() const {
  std::string s(type_name());
  if (index >= 0) s += ":" + std::to_string(index);
  return s;
}

std::optional<Device> parse_device(std::string_view text) {
  std::string_view type = text.substr(0, text.find(':'));
  Device d;
  if (type == "cpu") d.type = DeviceType::CPU;
  else if (type == "cuda") d.type = DeviceType::CUDA;
  else if (type == "meta") d.type = DeviceType::Meta;
  else return std::nullopt;
  if (type.size() < text.size()) {
    std::string_view idx = text.substr(type.size() + 1);
    int value = -1;
    auto [end, ec] = std::from_chars(idx.data(), idx.data() + idx.size(), value);
    if (ec != std::errc() || end != idx.data() + idx.size() || value < 0 || value > 127)
      return std::nullopt;
    d.index = static_cast<int8_t>(value);
  }
  return d;
}

} // namespace refc::tensor
