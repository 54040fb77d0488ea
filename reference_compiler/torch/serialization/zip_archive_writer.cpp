// ZipArchiveWriter (see zip_archive_writer.h).
#include "reference_compiler/torch/serialization/zip_archive_writer.h"

#include "reference_compiler/lang/builtin_types.h"
#include "reference_compiler/lang/errors.h"

#include <zip.h>

#include <array>
#include <cstdio>
#include <memory>

namespace refc::torch::serialization {

namespace {

// The fixed part of a zip local file header (APPNOTE 4.3.7).
constexpr size_t kLocalHeaderSize = 30;
// PyTorch's padding extra field: id "FB", then its length.
constexpr uint16_t kPaddingFieldId = 'F' | ('B' << 8);
constexpr size_t kExtraFieldHeaderSize = 4;
// Every record is stamped with the earliest DOS date, 1980-01-01 00:00, so
// that saving the same object twice gives the same bytes (PyTorch writes a
// zero date field, which libzip cannot express).
constexpr uint16_t kDosDate = (0 << 9) | (1 << 5) | 1;
constexpr uint16_t kDosTime = 0;

[[noreturn]] void fail(const std::string& what, zip_error_t* error) {
  lang::raise(lang::exc::RuntimeError, "torch.save: " + what + ": " + zip_error_strerror(error));
}

// A libzip archive backed by a growing memory buffer.
struct MemoryArchive {
  zip_source_t* source = nullptr;
  zip_t* archive = nullptr;
  ~MemoryArchive() {
    if (archive) zip_discard(archive);
    if (source) zip_source_free(source);
  }
};

// The padding PyTorch's getPadding adds so that a record written at `cursor`
// has its data at a multiple of the alignment (no ZIP64 fields: refc writes
// archives under 4 GiB).
size_t padding_for(size_t cursor, size_t name_size) {
  const size_t start = cursor + kLocalHeaderSize + name_size + kExtraFieldHeaderSize;
  const size_t mod = start % ZipArchiveWriter::kStorageAlignment;
  return mod == 0 ? 0 : ZipArchiveWriter::kStorageAlignment - mod;
}

uint32_t crc32_of(const std::string& data, uint32_t crc = 0) {
  // CRC-32 with zip's polynomial (0xEDB88320 reflected): the checksums the
  // serialization id combines, as PyTorch combines its records' CRCs.
  static const auto table = [] {
    std::array<uint32_t, 256> t{};
    for (uint32_t i = 0; i < 256; ++i) {
      uint32_t c = i;
      for (int k = 0; k < 8; ++k) c = (c & 1) ? 0xEDB88320u ^ (c >> 1) : c >> 1;
      t[i] = c;
    }
    return t;
  }();
  crc = ~crc;
  for (unsigned char ch : data) crc = table[(crc ^ ch) & 0xFF] ^ (crc >> 8);
  return ~crc;
}

} // namespace

ZipArchiveWriter::ZipArchiveWriter(std::string archive_name) : archive_name_(std::move(archive_name)) {}

void ZipArchiveWriter::write_record(const std::string& name, std::string data) {
  records_.push_back({archive_name_ + "/" + name, std::move(data)});
}

std::string ZipArchiveWriter::finish() {
  // PyTorch's writeEndOfFile: the format version, then an id of the file
  // (refc derives it from the records' checksums, so that saving the same
  // object twice gives the same file).
  write_record("version", "3\n");
  uint32_t combined = 0;
  uint64_t digest = 1469598103934665603ull;
  for (const Record& r : records_) {
    combined = crc32_of(r.data, combined);
    for (unsigned char ch : r.name) digest = (digest ^ ch) * 1099511628211ull;
    digest = (digest ^ r.data.size()) * 1099511628211ull;
  }
  char id[41];
  std::snprintf(id, sizeof id, "%020llu%020llu", static_cast<unsigned long long>(digest % 10000000000000000000ull),
                static_cast<unsigned long long>(combined));
  write_record(".data/serialization_id", id);

  zip_error_t error;
  zip_error_init(&error);
  MemoryArchive m;
  m.source = zip_source_buffer_create(nullptr, 0, 0, &error);
  if (!m.source) fail("cannot create the archive", &error);
  m.archive = zip_open_from_source(m.source, ZIP_CREATE | ZIP_TRUNCATE, &error);
  if (!m.archive) fail("cannot create the archive", &error);
  zip_source_keep(m.source); // the archive's close releases it; the bytes are read after

  std::vector<std::string> paddings;
  paddings.reserve(records_.size());
  size_t cursor = 0;
  for (const Record& r : records_) {
    const size_t pad = padding_for(cursor, r.name.size());
    zip_source_t* data = zip_source_buffer(m.archive, r.data.data(), r.data.size(), 0);
    if (!data) fail("cannot add " + r.name, zip_get_error(m.archive));
    const zip_int64_t index = zip_file_add(m.archive, r.name.c_str(), data, ZIP_FL_ENC_UTF_8);
    if (index < 0) {
      zip_source_free(data);
      fail("cannot add " + r.name, zip_get_error(m.archive));
    }
    const auto i = static_cast<zip_uint64_t>(index);
    paddings.emplace_back(pad, 'Z');
    if (zip_set_file_compression(m.archive, i, ZIP_CM_STORE, 0) != 0 ||
        zip_file_extra_field_set(m.archive, i, kPaddingFieldId, ZIP_EXTRA_FIELD_NEW,
                                 reinterpret_cast<const zip_uint8_t*>(paddings.back().data()),
                                 static_cast<zip_uint16_t>(pad), ZIP_FL_LOCAL) != 0 ||
        zip_file_set_dostime(m.archive, i, kDosTime, kDosDate, 0) != 0)
      fail("cannot add " + r.name, zip_get_error(m.archive));
    cursor += kLocalHeaderSize + r.name.size() + kExtraFieldHeaderSize + pad + r.data.size();
  }
  if (zip_close(m.archive) != 0) fail("cannot write the archive", zip_get_error(m.archive));
  m.archive = nullptr;

  zip_stat_t st;
  if (zip_source_stat(m.source, &st) != 0 || zip_source_open(m.source) != 0)
    fail("cannot read the archive back", zip_source_error(m.source));
  std::string bytes(static_cast<size_t>(st.size), '\0');
  const zip_int64_t got = zip_source_read(m.source, bytes.data(), bytes.size());
  zip_source_close(m.source);
  if (got != static_cast<zip_int64_t>(bytes.size())) fail("cannot read the archive back", zip_source_error(m.source));
  return bytes;
}

} // namespace refc::torch::serialization
