// ContentStore: the file format and its checks.
#include "repro/content_store.h"

#include <xxhash.h>

#include <array>
#include <cstring>
#include <fstream>
#include <unistd.h>

namespace refc::repro {

namespace {

constexpr std::array<char, 8> kMagic = {'R', 'E', 'F', 'C', 'D', 'A', 'T', 'A'};

// The header: magic, version (u32 LE), reserved (u32), size (u64 LE), digest (16 bytes).
struct Header {
  uint32_t version = 0;
  uint64_t nbytes = 0;
  std::array<unsigned char, 16> digest{};
};
constexpr size_t kHeaderSize = 8 + 4 + 4 + 8 + 16;

void put_le(unsigned char* out, uint64_t v, int n) {
  for (int i = 0; i < n; ++i) out[i] = static_cast<unsigned char>(v >> (8 * i));
}
uint64_t get_le(const unsigned char* in, int n) {
  uint64_t v = 0;
  for (int i = 0; i < n; ++i) v |= static_cast<uint64_t>(in[i]) << (8 * i);
  return v;
}

std::array<unsigned char, 16> digest_of(std::span<const std::byte> bytes) {
  XXH128_canonical_t c;
  XXH128_canonicalFromHash(&c, XXH3_128bits(bytes.data(), bytes.size()));
  std::array<unsigned char, 16> out;
  std::memcpy(out.data(), c.digest, out.size());
  return out;
}

std::string hex(const std::array<unsigned char, 16>& d) {
  static const char* digits = "0123456789abcdef";
  std::string out;
  for (unsigned char b : d) {
    out += digits[b >> 4];
    out += digits[b & 15];
  }
  return out;
}

} // namespace

std::string content_key(std::span<const std::byte> bytes) { return hex(digest_of(bytes)); }

bool ContentStore::contains(const std::string& key) const { return std::filesystem::exists(path_of(key)); }

std::string ContentStore::write(std::span<const std::byte> bytes) const {
  const std::array<unsigned char, 16> digest = digest_of(bytes);
  const std::string key = hex(digest);
  const std::filesystem::path target = path_of(key);
  if (std::filesystem::exists(target)) return key;
  std::filesystem::create_directories(dir_);
  unsigned char header[kHeaderSize] = {};
  std::memcpy(header, kMagic.data(), kMagic.size());
  put_le(header + 8, kFormatVersion, 4);
  put_le(header + 16, bytes.size(), 8);
  std::memcpy(header + 24, digest.data(), digest.size());
  const std::filesystem::path temp = target.string() + ".tmp" + std::to_string(::getpid());
  {
    std::ofstream out(temp, std::ios::binary | std::ios::trunc);
    out.write(reinterpret_cast<const char*>(header), kHeaderSize);
    out.write(reinterpret_cast<const char*>(bytes.data()), static_cast<std::streamsize>(bytes.size()));
    if (!out.flush()) throw StoreError("cannot write repro data file " + temp.string());
  }
  std::filesystem::rename(temp, target);
  return key;
}

std::vector<std::byte> ContentStore::read(const std::string& key, size_t nbytes) const {
  const std::filesystem::path path = path_of(key);
  std::ifstream in(path, std::ios::binary);
  if (!in) throw StoreError("repro data file " + path.string() + " is missing");
  unsigned char header[kHeaderSize];
  if (!in.read(reinterpret_cast<char*>(header), kHeaderSize) || std::memcmp(header, kMagic.data(), kMagic.size()) != 0)
    throw StoreError("repro data file " + path.string() + " is not a refc data file");
  const uint64_t version = get_le(header + 8, 4);
  if (version != kFormatVersion)
    throw StoreError("repro data file " + path.string() + " has format version " + std::to_string(version) +
                     "; this refc reads version " + std::to_string(kFormatVersion));
  const uint64_t size = get_le(header + 16, 8);
  if (size != nbytes)
    throw StoreError("repro data file " + path.string() + " holds " + std::to_string(size) + " bytes; the repro expects " +
                     std::to_string(nbytes));
  std::vector<std::byte> bytes(nbytes);
  if (!in.read(reinterpret_cast<char*>(bytes.data()), static_cast<std::streamsize>(nbytes)) || in.peek() != EOF)
    throw StoreError("repro data file " + path.string() + " is truncated or has trailing bytes");
  std::array<unsigned char, 16> stated;
  std::memcpy(stated.data(), header + 24, stated.size());
  const std::string actual = content_key(bytes);
  if (hex(stated) != key || actual != key)
    throw StoreError("repro data file " + path.string() + " was changed: its bytes hash to " + actual +
                     ", not to the " + key + " its name says");
  return bytes;
}

} // namespace refc::repro
