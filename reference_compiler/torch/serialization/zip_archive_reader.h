// ZipArchiveReader: reads the records of a torch.save zip archive (PyTorch's
// PyTorchStreamReader): it finds the archive's folder from its first entry,
// as PyTorch does, and returns records by their name inside that folder.
// The archive is read from memory with libzip.
#pragma once

#include <memory>
#include <optional>
#include <string>

struct zip;
struct zip_source;

namespace refc::torch::serialization {

class ZipArchiveReader {
public:
  // Opens the archive held in `bytes`; returns null when `bytes` is not a zip file.
  static std::unique_ptr<ZipArchiveReader> open(std::string bytes);
  ~ZipArchiveReader();

  // Whether the archive has record `name` (relative to its folder).
  bool has_record(const std::string& name) const;
  // The bytes of record `name`; raises RuntimeError as PyTorch words it
  // ("PytorchStreamReader failed locating file data.pkl: file not found") when absent.
  std::string get_record(const std::string& name) const;
  const std::string& archive_name() const { return archive_name_; }

private:
  ZipArchiveReader() = default;
  std::string bytes_;
  struct zip* archive_ = nullptr;
  std::string archive_name_;
};

// Whether `bytes` start as a zip file does (PyTorch's _is_zipfile).
bool is_zip_file(const std::string& bytes);

} // namespace refc::torch::serialization
