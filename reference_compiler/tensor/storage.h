// Storage: the reference-counted buffer tensors view. Several tensors (a base
// and its views) share one Storage; the storage also carries the version
// counter that in-place operations bump, so autograd can tell when a saved
// tensor was modified, and it may have no data at all (a meta tensor, or a
// fake tensor during tracing) while still giving views a common identity.
#pragma once

#include <memory>

#include "reference_compiler/lang/object.h"
#include "reference_compiler/tensor/device.h"

#include <cstddef>
#include <cstdint>

namespace refc::tensor {

struct Storage : lang::Object {
  // nbytes of uninitialised memory on `device` (CPU: 64-byte aligned), or no
  // memory at all when `with_data` is false (fake tensors) or the device is meta.
  Storage(size_t nbytes, Device device, bool with_data = true);
  ~Storage() override;

  void* data = nullptr;
  size_t nbytes = 0;
  Device device;
  // The version counter tensors made on this storage start with: views
  // share their base's, `.data` gets a fresh one (TensorImpl::version).
  std::shared_ptr<uint64_t> version = std::make_shared<uint64_t>(0);
  bool has_data;         // false: sizes and dtype only (meta and fake tensors)
};

lang::Ref<Storage> new_storage(size_t nbytes, Device device, bool with_data = true);

} // namespace refc::tensor
