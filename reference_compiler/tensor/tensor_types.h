// The interpreter objects of the tensor layer: torch.Tensor, torch.dtype,
// torch.device, torch.Generator and torch.UntypedStorage. The types exist before the torch
// module fills in their methods, so the runtime can create tensors from C++
// alone (unit tests, kernels) without importing torch.
#pragma once

#include "reference_compiler/lang/type_object.h"
#include "reference_compiler/lang/value.h"
#include "reference_compiler/tensor/device.h"
#include "reference_compiler/tensor/dtype.h"
#include "reference_compiler/tensor/generator.h"

#include <optional>

namespace refc::tensor {

lang::TypeObject* tensor_type();
lang::TypeObject* storage_type();
lang::TypeObject* dtype_type();
lang::TypeObject* device_type();
lang::TypeObject* generator_type();

// True for a torch.Tensor or an instance of a subclass (nn.Parameter).
bool is_tensor(const lang::Value& v);

// torch.dtype objects: one immortal object per dtype, so `x.dtype is torch.float32`.
struct DTypeObject : lang::Object {
  DTypeObject(DType dtype) : lang::Object(dtype_type()), dtype(dtype) {}
  DType dtype;
};
lang::Value dtype_value(DType t);
std::optional<DType> dtype_of_value(const lang::Value& v);

// torch.device objects (compared by value, not identity).
struct DeviceObject : lang::Object {
  DeviceObject(Device device) : lang::Object(device_type()), device(device) {}
  Device device;
};
lang::Value device_value(Device d);
std::optional<Device> device_of_value(const lang::Value& v);

// torch.Generator objects: their own generator, or (torch.default_generator)
// the default one.
struct GeneratorObject : lang::Object {
  explicit GeneratorObject(uint64_t seed) : lang::Object(generator_type()), owned(seed), generator(&owned) {}
  explicit GeneratorObject(Generator* shared) : lang::Object(generator_type()), generator(shared) {}
  Generator owned;
  Generator* generator;
};
// The generator a `Generator? generator` argument names: the default one for None.
Generator& generator_of_value(const lang::Value& v);

} // namespace refc::tensor
