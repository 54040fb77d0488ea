// ContentStore: the data of a repro's inputs, next to the repro file. One
// file per distinct content, named by the XXH3-128 of its bytes (32 hex
// digits), so a store copied to another machine still matches its repro and
// equal storages are written once. Each file is a small header (magic,
// format version, size, digest) and the raw bytes; reading checks all of it,
// so a truncated, edited or foreign file is refused with a message saying
// which and why. Files are written atomically (a temporary, then rename).
#pragma once

#include <cstddef>
#include <filesystem>
#include <span>
#include <stdexcept>
#include <string>
#include <vector>

namespace refc::repro {

// A store file that is missing, unreadable, of another format, or whose
// bytes do not match its name.
struct StoreError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

// The key of `bytes`: their XXH3-128 digest in hex.
std::string content_key(std::span<const std::byte> bytes);

class ContentStore {
public:
  static constexpr uint32_t kFormatVersion = 1;

  explicit ContentStore(std::filesystem::path dir) : dir_(std::move(dir)) {}

  const std::filesystem::path& dir() const { return dir_; }
  std::filesystem::path path_of(const std::string& key) const { return dir_ / key; }
  bool contains(const std::string& key) const;

  // Stores `bytes` (unless the store has them) and returns their key.
  std::string write(std::span<const std::byte> bytes) const;
  // The bytes stored under `key`, which must be `nbytes` long. Throws StoreError.
  std::vector<std::byte> read(const std::string& key, size_t nbytes) const;

private:
  std::filesystem::path dir_;
};

} // namespace refc::repro
