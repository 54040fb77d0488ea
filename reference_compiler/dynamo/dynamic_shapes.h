// Which sizes and ints of a trace become symbolic, and how (PyTorch's
// variables/builder.py: _automatic_dynamic, wrap_symint): one decision per
// tensor dimension and per int input, from, in order of precedence,
// TORCH_COMPILE_DYNAMIC_SOURCES, the static-shape flags for parameters and
// module properties, mark_unbacked / mark_dynamic / maybe_mark_dynamic /
// mark_static, automatic dynamic (the frame state: what changed between
// calls), and torch.compile(dynamic=...). Every input wrapped also updates
// the frame state, which is how a recompile learns what changed.
#pragma once

#include "reference_compiler/dynamo/frame_state.h"
#include "reference_compiler/symbolic/value_range.h"
#include "reference_compiler/tensor/tensor.h"

#include <functional>
#include <optional>
#include <set>
#include <string>
#include <vector>

namespace refc::dynamo {

enum class DimKind : uint8_t {
  Static,   // a constant, guarded by TENSOR_MATCH
  Duck,     // dynamic=True: a symbol, shared with equal sizes
  Dynamic,  // marked, listed or automatic: a symbol of its own
  Unbacked, // mark_unbacked: a symbol with no value to specialize on
};

struct DimDecision {
  DimKind kind = DimKind::Static;
  bool strict = false; // mark_dynamic: specializing it is an error
  std::optional<symbolic::ValueRange> range; // mark_dynamic(min=, max=)
  // Automatic dynamic saw this dim's stride change (sizes unchanged): the
  // stride is a symbol of its own unless it follows from a smaller one.
  bool dynamic_stride = false;
};

class DynamicPolicy {
public:
  // `dynamic`: torch.compile(dynamic=); `state`: the code object's automatic-dynamic state.
  DynamicPolicy(std::optional<bool> dynamic, CodeState* state);

  // The decision for each dimension of tensor `t` read from `source`.
  // `static_shapes`: an nn.Parameter or module property kept static by config.
  std::vector<DimDecision> tensor_dims(const std::string& source, const tensor::Tensor& t, bool static_shapes);
  // Whether int input `value` read from `source` is symbolic. `specialized_source`:
  // a global, a module attribute or a default, which PyTorch always specializes.
  bool int_is_dynamic(const std::string& source, int64_t value, bool specialized_source);
  // Whether float input `value` becomes a graph input (a SymFloat): only
  // under specialize_float = False, and then as ints do, but never NaN or inf.
  bool float_is_dynamic(const std::string& source, double value, bool specialized_source);

  bool assume_static() const { return assume_static_; }

private:
  // The entry the join of this observation gives (recorded in the state).
  FrameStateEntry& record(const std::string& source, const FrameStateEntry& observation);
  bool automatic() const;

  std::optional<bool> dynamic_;
  bool assume_static_;
  CodeState* state_;
};

// The strides of tensor input `t` whose sizes are now `sizes` (PyTorch's
// _create_symbolic_sizes_strides_storage_offset): 0 and 1 are constants; in
// increasing order, a stride equal to stride[j] * size[j] of a dim j already
// decided follows it (contiguous dims follow symbolic sizes); the smallest
// stride still undecided becomes symbol(dim, value, own) — own: a symbol of
// its own, as automatic dynamic made it dynamic, else duck-sized — when it is
// dynamic or the sizes are symbolic, and otherwise stays the constant it is;
// repeat.
using StrideSymbol = std::function<tensor::SymInt(size_t dim, int64_t value, bool own)>;
tensor::SymIntVector input_strides(const tensor::Tensor& t, const tensor::SymIntVector& sizes,
                                   const std::vector<DimDecision>& dims, const StrideSymbol& symbol);

// The dims torch._dynamo.mark_dynamic marked on `t`, if it was ever marked.
std::optional<std::set<int64_t>> mark_dynamic_dims(const tensor::Tensor& t);

// TORCH_COMPILE_DYNAMIC_SOURCES / torch.compiler.config.dynamic_sources:
// whether `source` (dim `dim`, or any dim) is listed (exact name or a regex
// matching at its start, with an optional ":N" dim suffix).
bool is_dynamic_source(const std::string& source, std::optional<size_t> dim = std::nullopt);

} // namespace refc::dynamo
