// ObjectUnpickler: torch.load's unpickling of an archive's data.pkl, as
// PyTorch's _load runs it: persistent ids ('storage', type, key, location,
// numel) read data/<key> once per key into a storage placed by the caller's
// restore_location(storage, location); globals resolve to refc's objects,
// and with weights_only only to those 2.14's weights-only unpickler allows
// (tensors, parameters, OrderedDicts, torch.Size, dtypes, devices, sets),
// and those the program allowlisted; any other raising its "Unsupported
// global" UnpicklingError.
#pragma once

#include "reference_compiler/lang/value.h"
#include "reference_compiler/torch/serialization/pickle_reader.h"
#include "reference_compiler/torch/serialization/zip_archive_reader.h"

#include <map>
#include <string>

namespace refc::torch::serialization {

class ObjectUnpickler : public PickleReader::Hooks {
public:
  // `safe_globals` maps "module.name" to the objects a weights_only load may
  // use besides the default ones (torch.serialization.add_safe_globals).
  ObjectUnpickler(const ZipArchiveReader& archive, lang::Value restore_location, bool weights_only,
                  lang::Value safe_globals)
      : archive_(archive), restore_location_(std::move(restore_location)), weights_only_(weights_only),
        safe_globals_(std::move(safe_globals)) {}

  // The object data.pkl holds.
  lang::Value load();

  lang::Value find_class(const std::string& module, const std::string& name) override;
  lang::Value persistent_load(const lang::Value& pid) override;
  lang::Value reduce(const lang::Value& func, const lang::Value& args) override;
  lang::Value new_object(const lang::Value& cls, const lang::Value& args) override;
  void build(const lang::Value& inst, const lang::Value& state) override;

private:
  const ZipArchiveReader& archive_;
  lang::Value restore_location_;
  bool weights_only_;
  lang::Value safe_globals_;
  std::map<std::string, lang::Value> loaded_storages_; // key -> (storage, dtype)
};

} // namespace refc::torch::serialization
