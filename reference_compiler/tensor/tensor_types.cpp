// Creation of the tensor layer's interpreter types (on first use) and the
// dtype and device objects.
#include "reference_compiler/tensor/tensor_types.h"

#include "reference_compiler/lang/builtin_types.h"
#include "reference_compiler/lang/module_builder.h"

#include <array>

namespace refc::tensor {

lang::TypeObject* tensor_type() {
  static lang::TypeObject* t = lang::make_module_type("Tensor", "torch", lang::Layout::Other);
  return t;
}

lang::TypeObject* storage_type() {
  static lang::TypeObject* t =
      lang::make_module_type("UntypedStorage", "torch", lang::Layout::Other);
  return t;
}

lang::TypeObject* dtype_type() {
  static lang::TypeObject* t = lang::make_module_type("dtype", "torch", lang::Layout::Other);
  return t;
}

lang::TypeObject* device_type() {
  static lang::TypeObject* t = lang::make_module_type("device", "torch", lang::Layout::Other);
  return t;
}

lang::TypeObject* generator_type() {
  static lang::TypeObject* t = lang::make_module_type("Generator", "torch", lang::Layout::Other);
  return t;
}

Generator& generator_of_value(const lang::Value& v) {
  if (v.is_obj() && v.as_obj()->type == generator_type()) return *v.as<GeneratorObject>()->generator;
  return default_generator();
}

bool is_tensor(const lang::Value& v) {
  return v.is_obj() && v.as_obj()->type->is_subtype(tensor_type());
}

lang::Value dtype_value(DType t) {
  static std::array<DTypeObject*, kNumDTypes> objects = [] {
    std::array<DTypeObject*, kNumDTypes> a{};
    for (int i = 0; i < kNumDTypes; ++i) {
      a[i] = new DTypeObject(static_cast<DType>(i));
      a[i]->make_immortal();
    }
    return a;
  }();
  return lang::Value::borrow(objects[static_cast<size_t>(t)]);
}

std::optional<DType> dtype_of_value(const lang::Value& v) {
  if (v.is_obj() && v.as_obj()->type == dtype_type()) return v.as<DTypeObject>()->dtype;
  return std::nullopt;
}

lang::Value device_value(Device d) { return lang::Value(lang::make<DeviceObject>(d)); }

std::optional<Device> device_of_value(const lang::Value& v) {
  if (v.is_obj() && v.as_obj()->type == device_type()) return v.as<DeviceObject>()->device;
  return std::nullopt;
}

} // namespace refc::tensor
