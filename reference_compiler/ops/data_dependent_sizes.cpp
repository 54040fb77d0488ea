// The data-dependent size provider slot and DynamicOutputShapeException.
#include "reference_compiler/ops/data_dependent_sizes.h"

#include "reference_compiler/lang/builtin_types.h"
#include "reference_compiler/lang/errors.h"
#include "reference_compiler/lang/module_builder.h"

#include <string>

namespace refc::ops {

namespace {

DataDependentSizes* g_provider = nullptr;

lang::TypeObject* dynamic_output_shape_error_type() {
  static lang::TypeObject* t = lang::make_module_type("DynamicOutputShapeException", "torch._subclasses.fake_tensor",
                                                      lang::Layout::Exception, lang::exc::RuntimeError, true);
  return t;
}

} // namespace

DataDependentSizesScope::DataDependentSizesScope(DataDependentSizes* provider) : previous_(g_provider) {
  g_provider = provider;
}
DataDependentSizesScope::~DataDependentSizesScope() { g_provider = previous_; }

tensor::SymInt data_dependent_size(std::string_view op, const tensor::Tensor& input) {
  if (!g_provider)
    lang::raise(lang::exc::NotImplementedError,
                std::string(op) + ": the output size depends on the input's data, which a fake tensor does not have");
  return g_provider->size_for(op, input);
}

void raise_dynamic_output_shape(std::string_view op) { lang::raise(dynamic_output_shape_error_type(), std::string(op)); }

bool is_dynamic_output_shape_error(const lang::Value& exc) {
  return exc.is_obj() && exc.as_obj()->type->is_subtype(dynamic_output_shape_error_type());
}

} // namespace refc::ops
