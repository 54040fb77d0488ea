// ZipArchiveReader (see zip_archive_reader.h).
#include "reference_compiler/torch/serialization/zip_archive_reader.h"

#include "reference_compiler/lang/builtin_types.h"
#include "reference_compiler/lang/errors.h"

#include <zip.h>

namespace refc::torch::serialization {

bool is_zip_file(const std::string& bytes) {
  // PyTorch's _is_zipfile: the local file header signature "PK\x03\x04".
  return bytes.size() >= 4 && bytes.compare(0, 4, "PK\x03\x04") == 0;
}

std::unique_ptr<ZipArchiveReader> ZipArchiveReader::open(std::string bytes) {
  std::unique_ptr<ZipArchiveReader> reader(new ZipArchiveReader());
  reader->bytes_ = std::move(bytes);
  zip_error_t error;
  zip_error_init(&error);
  zip_source_t* source = zip_source_buffer_create(reader->bytes_.data(), reader->bytes_.size(), 0, &error);
  if (!source) return nullptr;
  reader->archive_ = zip_open_from_source(source, ZIP_RDONLY, &error);
  if (!reader->archive_) {
    zip_source_free(source);
    return nullptr;
  }
  // PyTorch's reader takes the folder of the first entry as the archive's name.
  if (zip_get_num_entries(reader->archive_, 0) > 0) {
    const std::string first = zip_get_name(reader->archive_, 0, ZIP_FL_ENC_RAW);
    const size_t slash = first.find('/');
    if (slash == std::string::npos)
      lang::raise(lang::exc::RuntimeError, "file in archive is not in a subdirectory: " + first);
    reader->archive_name_ = first.substr(0, slash);
  }
  return reader;
}

ZipArchiveReader::~ZipArchiveReader() {
  if (archive_) zip_discard(archive_);
}

bool ZipArchiveReader::has_record(const std::string& name) const {
  return zip_name_locate(archive_, (archive_name_ + "/" + name).c_str(), ZIP_FL_ENC_RAW) >= 0;
}

std::string ZipArchiveReader::get_record(const std::string& name) const {
  const std::string full = archive_name_ + "/" + name;
  const zip_int64_t index = zip_name_locate(archive_, full.c_str(), ZIP_FL_ENC_RAW);
  if (index < 0)
    lang::raise(lang::exc::RuntimeError, "PytorchStreamReader failed locating file " + name + ": file not found");
  zip_stat_t st;
  zip_file_t* file = nullptr;
  if (zip_stat_index(archive_, static_cast<zip_uint64_t>(index), 0, &st) != 0 ||
      !(file = zip_fopen_index(archive_, static_cast<zip_uint64_t>(index), 0)))
    lang::raise(lang::exc::RuntimeError, "PytorchStreamReader failed reading file " + name + ": " +
                                             zip_strerror(archive_));
  std::string data(static_cast<size_t>(st.size), '\0');
  const zip_int64_t got = zip_fread(file, data.data(), data.size());
  zip_fclose(file);
  if (got != static_cast<zip_int64_t>(data.size()))
    lang::raise(lang::exc::RuntimeError, "PytorchStreamReader failed reading file " + name + ": " +
                                             zip_strerror(archive_));
  return data;
}

} // namespace refc::torch::serialization
