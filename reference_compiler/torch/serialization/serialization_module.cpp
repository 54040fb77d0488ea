// torch._C._serialization (see serialization_module.h):
//   _save(obj, f)                         writes obj in PyTorch's zip format
//   _load(f, restore_location, weights_only, safe_globals=None) -> obj
// f is a path (str) or a binary stream (open(p, "wb"), io.BytesIO, any
// object with read / write).
//   _rebuild_tensor_v2(storage, storage_offset, size, stride, requires_grad,
//                      backward_hooks, metadata=None)   (torch._utils's)
//   _storage_to_meta(storage)             the storage's size on the meta device
// A storage on the unpickler's stack is a (torch.UntypedStorage, dtype)
// pair, the part of PyTorch's TypedStorage that rebuilding a tensor reads.
#include "reference_compiler/torch/serialization/serialization_module.h"

#include "reference_compiler/lang/abstract.h"
#include "reference_compiler/lang/builtin_types.h"
#include "reference_compiler/lang/errors.h"
#include "reference_compiler/lang/file_object.h"
#include "reference_compiler/lang/module_builder.h"
#include "reference_compiler/lang/str_object.h"
#include "reference_compiler/lang/tuple_object.h"
#include "reference_compiler/tensor/autograd_meta.h"
#include "reference_compiler/tensor/tensor.h"
#include "reference_compiler/tensor/tensor_types.h"
#include "reference_compiler/torch/serialization/object_pickler.h"
#include "reference_compiler/torch/serialization/object_unpickler.h"
#include "reference_compiler/torch/serialization/pickle_reader.h"
#include "reference_compiler/torch/serialization/zip_archive_reader.h"
#include "reference_compiler/torch/serialization/zip_archive_writer.h"

#include <cerrno>
#include <cstdio>
#include <cstring>

namespace refc::torch {

using lang::Args;
using lang::Value;
using namespace serialization;

namespace {

// OSError(errno, strerror, filename) as CPython's open() raises it.
[[noreturn]] void raise_os_error(int err, const std::string& path) {
  lang::TypeObject* type = err == ENOENT   ? lang::exc::FileNotFoundError
                           : err == EISDIR ? lang::exc::IsADirectoryError
                           : err == EACCES || err == EPERM ? lang::exc::PermissionError
                                                           : lang::exc::OSError;
  lang::raise(type, "[Errno " + std::to_string(err) + "] " + std::strerror(err) + ": " +
                        std::string(lang::repr(lang::str_value(path))->view()));
}

bool is_path(const Value& v) { return lang::isinstance(v, lang::types::str); }

std::string read_file(const std::string& path) {
  FILE* f = std::fopen(path.c_str(), "rb");
  if (!f) raise_os_error(errno, path);
  std::string bytes;
  char buf[1 << 16];
  size_t n;
  while ((n = std::fread(buf, 1, sizeof buf, f)) > 0) bytes.append(buf, n);
  const bool failed = std::ferror(f);
  const int err = errno;
  std::fclose(f);
  if (failed) raise_os_error(err, path);
  return bytes;
}

void write_file(const std::string& path, const std::string& bytes) {
  FILE* f = std::fopen(path.c_str(), "wb");
  if (!f) raise_os_error(errno, path);
  const bool ok = std::fwrite(bytes.data(), 1, bytes.size(), f) == bytes.size();
  const int err = errno;
  if (std::fclose(f) != 0 || !ok) raise_os_error(ok ? errno : err, path);
}

// What the legacy format's magic number pickle may hold: nothing that names
// a global or a storage (a file that does is read no further).
struct LegacyMagicHooks : PickleReader::Hooks {
  Value find_class(const std::string&, const std::string&) override { return Value::none(); }
  Value persistent_load(const Value&) override { return Value::none(); }
  Value reduce(const Value&, const Value&) override { return Value::none(); }
  Value new_object(const Value&, const Value&) override { return Value::none(); }
  void build(const Value&, const Value&) override {}
};

// PyTorch names the archive's folder after the file: its base name without
// the last extension.
std::string archive_name_of(const std::string& path) {
  std::string base = path.substr(path.find_last_of('/') + 1);
  const size_t dot = base.find_last_of('.');
  if (dot != std::string::npos && dot > 0) base.resize(dot);
  return base.empty() ? "archive" : base;
}

Value save(Args a) {
  Value p[2];
  lang::bind_args(a, "_save", {"obj", "f"}, 2, 2, p);
  ObjectPickler pickler;
  pickler.dump(p[0]);
  // PyTorch names a buffer's archive "archive".
  ZipArchiveWriter writer(is_path(p[1]) ? archive_name_of(p[1].as<lang::Str>()->data) : "archive");
  writer.write_record("data.pkl", pickler.finish());
  writer.write_record(".format_version", "1");
  writer.write_record(".storage_alignment", std::to_string(ZipArchiveWriter::kStorageAlignment));
  writer.write_record("byteorder", "little");
  for (const ObjectPickler::SavedStorage& s : pickler.storages())
    writer.write_record("data/" + s.key, std::string(static_cast<const char*>(s.storage->data), s.storage->nbytes));
  if (is_path(p[1])) write_file(p[1].as<lang::Str>()->data, writer.finish());
  else lang::stream_write_bytes(p[1], writer.finish());
  return Value::none();
}

Value load(Args a) {
  Value p[4];
  lang::bind_args(a, "_load", {"f", "restore_location", "weights_only", "safe_globals"}, 4, 3, p);
  std::string bytes = is_path(p[0]) ? read_file(p[0].as<lang::Str>()->data) : lang::stream_read_bytes(p[0]);
  if (!is_zip_file(bytes)) {
    // PyTorch reads a file that is not a zip archive in its legacy format,
    // which starts with a pickled magic number: what is not a pickle fails
    // there with the unpickler's error; a legacy file refc does not read.
    LegacyMagicHooks hooks;
    PickleReader(bytes, hooks, lang::truthy(p[2])).load();
    lang::raise(lang::exc::RuntimeError, "torch.load: " +
                                             (is_path(p[0]) ? std::string(lang::repr(p[0])->view()) : "the stream") +
                                             " is in the legacy format of PyTorch before 1.6, which refc does not "
                                             "read; save it again with torch.save");
  }
  std::unique_ptr<ZipArchiveReader> archive = ZipArchiveReader::open(std::move(bytes));
  if (!archive)
    lang::raise(lang::exc::RuntimeError,
                "PytorchStreamReader failed reading zip archive: failed finding central directory");
  if (archive->has_record("byteorder") && archive->get_record("byteorder") != "little")
    lang::raise(lang::exc::RuntimeError, "torch.load: refc reads little-endian files only");
  ObjectUnpickler unpickler(*archive, p[1], lang::truthy(p[2]), p[3]);
  return unpickler.load();
}

tensor::SymIntVector ints_of(const Value& v) {
  tensor::SymIntVector out;
  Value it = lang::get_iter(v);
  for (Value item = lang::iter_next(it); !item.is_null(); item = lang::iter_next(it))
    out.push_back(lang::index_value(item));
  return out;
}

Value rebuild_tensor_v2(Args a) {
  Value p[7];
  lang::bind_args(a, "_rebuild_tensor_v2",
                  {"storage", "storage_offset", "size", "stride", "requires_grad", "backward_hooks", "metadata"}, 7, 4,
                  p);
  const Value& storage = p[0];
  std::optional<tensor::DType> dtype;
  if (lang::isinstance(storage, lang::types::tuple) && storage.as<lang::Tuple>()->items.size() == 2) {
    const auto& items = storage.as<lang::Tuple>()->items;
    if (items[0].is_obj() && items[0].as_obj()->type == tensor::storage_type()) dtype = tensor::dtype_of_value(items[1]);
  }
  if (!dtype) lang::raise(lang::exc::TypeError, "_rebuild_tensor_v2(): storage must be a storage saved by torch.save");
  const auto& items = storage.as<lang::Tuple>()->items;
  lang::Ref<tensor::Storage> data = lang::Ref<tensor::Storage>::borrow(items[0].as<tensor::Storage>());
  tensor::SymIntVector sizes = ints_of(p[2]), strides = ints_of(p[3]);
  if (sizes.size() != strides.size())
    lang::raise(lang::exc::RuntimeError, "_rebuild_tensor_v2(): size and stride differ in length");
  const int64_t offset = lang::index_value(p[1]);
  // The furthest element must lie inside the storage (a corrupt file must not read past it).
  int64_t last = offset;
  bool empty = false;
  for (size_t i = 0; i < sizes.size(); ++i) {
    const int64_t n = sizes[i].expect_int(), s = strides[i].expect_int();
    if (n == 0) empty = true;
    else last += (n - 1) * s;
  }
  if (!empty && (offset < 0 || static_cast<size_t>(last + 1) * tensor::itemsize(*dtype) > data->nbytes))
    lang::raise(lang::exc::RuntimeError, "_rebuild_tensor_v2(): the tensor's geometry lies outside its storage");
  tensor::Tensor t = tensor::Tensor::alias(tensor::tensor_type(), std::move(data), std::move(sizes), std::move(strides),
                                           offset, *dtype);
  if (!p[4].is_null() && lang::truthy(p[4])) tensor::autograd_meta(t).requires_grad = true;
  return t.to_value();
}

// _storage_to_meta(storage): a storage of the same size on the meta device
// (map_location="meta": sizes and dtypes only).
Value storage_to_meta(Args a) {
  const Value& v = lang::one_arg(a, "_storage_to_meta");
  if (!v.is_obj() || v.as_obj()->type != tensor::storage_type())
    lang::raise(lang::exc::TypeError, "_storage_to_meta(): expected a torch.UntypedStorage, not " + lang::type_name(v));
  return Value(tensor::new_storage(v.as<tensor::Storage>()->nbytes, tensor::Device{tensor::DeviceType::Meta}, false));
}

} // namespace

lang::Ref<lang::Module> create_serialization_module() {
  lang::ModuleBuilder m("torch._C._serialization");
  m.function("_save", save)
      .function("_load", load)
      .function("_rebuild_tensor_v2", rebuild_tensor_v2)
      .function("_storage_to_meta", storage_to_meta);
  return m.finish();
}

} // namespace refc::torch
