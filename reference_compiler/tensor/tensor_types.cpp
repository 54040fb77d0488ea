// Creation of the tensor layer's interpreter types (on first use: Tensor,
// UntypedStorage, dtype, device, Generator, SymInt, SymFloat, SymBool) and
// the dtype and device objects.
#include "reference_compiler/tensor/tensor_types.h"

#include "reference_compiler/tensor/sym_node.h"

#include "reference_compiler/lang/builtin_types.h"
#include "reference_compiler/lang/module_builder.h"

#include <array>

namespace refc::tensor {

namespace {

// A class of the torch module; its instances are native objects.
lang::TypeObject* torch_class(const char* name) {
  return lang::make_module_type(name, "torch", lang::Layout::Other);
}

} // namespace

lang::TypeObject* tensor_type() { static auto* t = torch_class("Tensor"); return t; }
lang::TypeObject* storage_type() { static auto* t = torch_class("UntypedStorage"); return t; }
lang::TypeObject* dtype_type() { static auto* t = torch_class("dtype"); return t; }
lang::TypeObject* device_type() { static auto* t = torch_class("device"); return t; }
lang::TypeObject* generator_type() { static auto* t = torch_class("Generator"); return t; }
lang::TypeObject* sym_int_type() { static auto* t = torch_class("SymInt"); return t; }
lang::TypeObject* sym_float_type() { static auto* t = torch_class("SymFloat"); return t; }
lang::TypeObject* sym_bool_type() { static auto* t = torch_class("SymBool"); return t; }

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
