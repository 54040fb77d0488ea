// UTF-8 helpers for Str, whose text is UTF-8 indexed by code point. Lone
// surrogates (legal in Python strings) are stored in the generalized 3-byte
// form, so decoding is structural and never fails on text refc produced.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

namespace refc::lang {

// Decodes the code point starting at p and advances p past it.
inline uint32_t utf8_decode(const char*& p) {
  auto b = static_cast<uint8_t>(*p++);
  if (b < 0x80) return b;
  if (b < 0xE0) return ((b & 0x1Fu) << 6) | (static_cast<uint8_t>(*p++) & 0x3Fu);
  if (b < 0xF0) {
    uint32_t c = ((b & 0x0Fu) << 12) | ((static_cast<uint8_t>(p[0]) & 0x3Fu) << 6) |
                 (static_cast<uint8_t>(p[1]) & 0x3Fu);
    p += 2;
    return c;
  }
  uint32_t c = ((b & 0x07u) << 18) | ((static_cast<uint8_t>(p[0]) & 0x3Fu) << 12) |
               ((static_cast<uint8_t>(p[1]) & 0x3Fu) << 6) | (static_cast<uint8_t>(p[2]) & 0x3Fu);
  p += 3;
  return c;
}

// Number of bytes of the UTF-8 sequence starting with byte b.
inline int utf8_seq_len(uint8_t b) { return b < 0x80 ? 1 : b < 0xE0 ? 2 : b < 0xF0 ? 3 : 4; }

// Number of bytes code point c takes in UTF-8.
inline int utf8_width(uint32_t c) { return c < 0x80 ? 1 : c < 0x800 ? 2 : c < 0x10000 ? 3 : 4; }

inline void utf8_append(std::string& out, uint32_t c) {
  if (c < 0x80) {
    out.push_back(static_cast<char>(c));
  } else if (c < 0x800) {
    out.push_back(static_cast<char>(0xC0 | (c >> 6)));
    out.push_back(static_cast<char>(0x80 | (c & 0x3F)));
  } else if (c < 0x10000) {
    out.push_back(static_cast<char>(0xE0 | (c >> 12)));
    out.push_back(static_cast<char>(0x80 | ((c >> 6) & 0x3F)));
    out.push_back(static_cast<char>(0x80 | (c & 0x3F)));
  } else {
    out.push_back(static_cast<char>(0xF0 | (c >> 18)));
    out.push_back(static_cast<char>(0x80 | ((c >> 12) & 0x3F)));
    out.push_back(static_cast<char>(0x80 | ((c >> 6) & 0x3F)));
    out.push_back(static_cast<char>(0x80 | (c & 0x3F)));
  }
}

inline std::string utf8_encode(uint32_t c) {
  std::string s;
  utf8_append(s, c);
  return s;
}

// Number of code points in s.
inline int64_t utf8_length(std::string_view s) {
  int64_t n = 0;
  for (char ch : s) n += (static_cast<uint8_t>(ch) & 0xC0) != 0x80;
  return n;
}

// Byte offset of code point `index` in s (s.size() when index is the length).
inline size_t utf8_offset(std::string_view s, int64_t index) {
  size_t i = 0;
  while (index > 0 && i < s.size()) {
    i += utf8_seq_len(static_cast<uint8_t>(s[i]));
    --index;
  }
  return i;
}

} // namespace refc::lang
