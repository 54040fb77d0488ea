// Storage allocation. CPU buffers are 64-byte aligned (a cache line, and the
// widest vector loads), so kernels may use aligned loads on fresh tensors.
#include "reference_compiler/tensor/storage.h"

#include "reference_compiler/lang/errors.h"
#include "reference_compiler/lang/builtin_types.h"
#include "reference_compiler/tensor/tensor_types.h"

#include <cstdlib>
#include <string>

namespace refc::tensor {

Storage::Storage(size_t nbytes, Device device, bool with_data)
    : lang::Object(storage_type()), nbytes(nbytes), device(device),
      has_data(with_data && device.type != DeviceType::Meta) {
  if (!has_data || nbytes == 0) return;
  REFC_CHECK(device.is_cpu(), "storage on device " + device.str() + " is not supported here");
  size_t rounded = (nbytes + 63) & ~size_t{63};
  data = std::aligned_alloc(64, rounded);
  if (!data)
    lang::raise(lang::exc::RuntimeError,
                "[enforce fail at alloc_cpu.cpp:117] data. DefaultCPUAllocator: not enough "
                "memory: you tried to allocate " +
                    std::to_string(nbytes) + " bytes.");
}

Storage::~Storage() { std::free(data); }

lang::Ref<Storage> new_storage(size_t nbytes, Device device, bool with_data) {
  return lang::make<Storage>(nbytes, device, with_data);
}

} // namespace refc::tensor
