// CRC-32 (the zlib / PNG polynomial, reflected 0xEDB88320): the file hash in
// a CodeId (pgo.py's zlib.crc32 of the file's bytes) and the checksum of a
// saved profile.
#pragma once

#include <cstdint>
#include <string_view>

namespace refc::dynamo {

// zlib.crc32(data, seed): pass the previous result as `seed` to continue
// over data read in pieces.
uint32_t crc32(std::string_view data, uint32_t seed = 0);

} // namespace refc::dynamo
