// The values of a node's call as fake-tensor errors print them (see fake_call_repr.h).
#include "reference_compiler/dynamo/fake_call_repr.h"

#include "reference_compiler/lang/abstract.h"
#include "reference_compiler/lang/builtin_types.h"
#include "reference_compiler/lang/iterators.h"
#include "reference_compiler/tensor/tensor_types.h"

namespace refc::dynamo {

std::string fake_value_repr(const lang::Value& v) {
  if (tensor::is_tensor(v)) {
    const tensor::Tensor t = tensor::Tensor::from_value(v);
    std::string sizes = "(";
    for (int64_t d = 0; d < t.dim(); ++d) sizes += (d ? ", " : "") + t.sym_sizes()[static_cast<size_t>(d)].str();
    sizes += t.dim() == 1 ? ",)" : ")";
    std::string out = "FakeTensor(..., size=" + sizes;
    if (t.dtype() != tensor::DType::Float32) out += ", dtype=torch." + std::string(tensor::dtype_name(t.dtype()));
    if (t.requires_grad()) out += ", requires_grad=True";
    return out + ")";
  }
  if (v.is_obj() && (v.as_obj()->type->layout == lang::Layout::List || v.as_obj()->type->layout == lang::Layout::Tuple)) {
    const bool list = v.as_obj()->type->layout == lang::Layout::List;
    const std::vector<lang::Value> items = lang::collect_items(v);
    std::string out = list ? "[" : "(";
    for (size_t i = 0; i < items.size(); ++i) out += (i ? ", " : "") + fake_value_repr(items[i]);
    if (!list && items.size() == 1) out += ",";
    return out + (list ? "]" : ")");
  }
  return std::string(lang::repr(v)->view());
}

std::string fake_call_repr(const std::string& name, const std::vector<lang::Value>& values, size_t npos,
                           const std::vector<std::string>& names) {
  std::string args;
  for (size_t i = 0; i < npos; ++i) args += (i ? ", " : "") + fake_value_repr(values[i]);
  if (npos == 1) args += ",";
  std::string kwargs;
  for (size_t i = 0; i < names.size(); ++i)
    kwargs += (i ? ", '" : "'") + names[i] + "': " + fake_value_repr(values[npos + i]);
  return "call_function " + name + "(*(" + args + "), **{" + kwargs + "})";
}

} // namespace refc::dynamo
