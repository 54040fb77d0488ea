// ZipArchiveWriter: writes the zip container of torch.save's format, as
// PyTorch's PyTorchStreamWriter (caffe2/serialize/inline_container.cc) lays
// it out: every record stored uncompressed under one folder named after the
// file's stem, each record's data starting at a multiple of the storage
// alignment (64 bytes), reached by padding the local header with a "FB"
// extra field. The archive is built in memory with libzip; bytes() gives
// the finished file.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace refc::torch::serialization {

class ZipArchiveWriter {
public:
  static constexpr size_t kStorageAlignment = 64;

  // `archive_name` is the folder every record sits in ("archive", or the stem
  // of the file name).
  explicit ZipArchiveWriter(std::string archive_name);

  // Adds record `name` (relative to the archive folder) holding `data`.
  void write_record(const std::string& name, std::string data);
  // Ends the archive as PyTorch does (the `version` and
  // `.data/serialization_id` records) and returns the whole file.
  std::string finish();

private:
  struct Record {
    std::string name; // full name, with the archive folder
    std::string data;
  };
  std::string archive_name_;
  std::vector<Record> records_;
};

} // namespace refc::torch::serialization
