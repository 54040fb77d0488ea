// CRC-32, table-driven, one byte at a time (the inputs are source files and
// small profiles).
#include "reference_compiler/dynamo/crc32.h"

#include <array>

namespace refc::dynamo {

namespace {

constexpr std::array<uint32_t, 256> make_table() {
  std::array<uint32_t, 256> table{};
  for (uint32_t n = 0; n < 256; ++n) {
    uint32_t c = n;
    for (int k = 0; k < 8; ++k)
      c = (c & 1) ? 0xEDB88320u ^ (c >> 1) : c >> 1;
    table[n] = c;
  }
  return table;
}

constexpr std::array<uint32_t, 256> kTable = make_table();

} // namespace

uint32_t crc32(std::string_view data, uint32_t seed) {
  uint32_t c = seed ^ 0xFFFFFFFFu;
  for (unsigned char byte : data)
    c = kTable[(c ^ byte) & 0xFF] ^ (c >> 8);
  return c ^ 0xFFFFFFFFu;
}

} // namespace refc::dynamo
