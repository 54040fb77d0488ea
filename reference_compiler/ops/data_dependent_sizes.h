// Output sizes that depend on the data (nonzero's count of nonzero
// elements). With data an op counts them; on tensors without data (fake
// tensors while tracing) the size is a new unbacked symbol, and only the
// tracer can make one: it installs a DataDependentSizes provider around the
// ops it runs (PyTorch's FakeTensorMode with a ShapeEnv). Without a
// provider, such an op cannot run without data.
#pragma once

#include "reference_compiler/lang/value.h"
#include "reference_compiler/tensor/tensor.h"

#include <string_view>

namespace refc::ops {

class DataDependentSizes {
public:
  virtual ~DataDependentSizes() = default;
  // The size of `op`'s output for `input` (at most its numel): a new
  // unbacked symbol, the same one for the same input tensor. Raises
  // DynamicOutputShapeException when the tracer does not capture such ops.
  virtual tensor::SymInt size_for(std::string_view op, const tensor::Tensor& input) = 0;
};

// Installs `provider` for the ops run while it lives.
class DataDependentSizesScope {
public:
  explicit DataDependentSizesScope(DataDependentSizes* provider);
  ~DataDependentSizesScope();
  DataDependentSizesScope(const DataDependentSizesScope&) = delete;
  DataDependentSizesScope& operator=(const DataDependentSizesScope&) = delete;

private:
  DataDependentSizes* previous_;
};

// The provider's size for `op` (named as PyTorch names it, "aten.nonzero.default");
// NotImplementedError when no tracer provides one.
tensor::SymInt data_dependent_size(std::string_view op, const tensor::Tensor& input);

// torch._subclasses.fake_tensor.DynamicOutputShapeException (a RuntimeError):
// the op's output shape depends on data the tracer does not capture.
[[noreturn]] void raise_dynamic_output_shape(std::string_view op);
bool is_dynamic_output_shape_error(const lang::Value& exc);

} // namespace refc::ops
