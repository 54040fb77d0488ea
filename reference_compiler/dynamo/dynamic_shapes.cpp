// Dynamic-shape decisions for the inputs of a trace, as PyTorch's
// variables/builder.py makes them.
#include "reference_compiler/dynamo/dynamic_shapes.h"

#include "reference_compiler/dynamo/automatic_dynamic.h"
#include "reference_compiler/dynamo/python_side.h"
#include "reference_compiler/lang/abstract.h"
#include "reference_compiler/lang/interpreter.h"
#include "reference_compiler/lang/str_object.h"
#include "reference_compiler/logging/logs.h"
#include "reference_compiler/tensor/tensor_impl.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <regex>

namespace refc::dynamo {

namespace {

using lang::Value;

constexpr const char* kShapesLogger = "torch.fx.experimental.symbolic_shapes";

Value compiler_config(const char* name) {
  static Value config = Value(lang::import_module("torch.compiler.config"));
  return lang::getattr(config, lang::intern(name));
}

// The tensor's mark set `attr` (a set of dims made by torch._dynamo.mark_*), or Null.
Value mark_set(const tensor::Tensor& t, const char* attr) {
  lang::Dict* attrs = t.impl()->attrs.get();
  return attrs ? attrs->get(lang::intern(attr)) : Value();
}

bool marked(const tensor::Tensor& t, const char* attr, size_t dim) {
  const Value set = mark_set(t, attr);
  return !set.is_null() && lang::contains(set, Value::integer(static_cast<int64_t>(dim)));
}

// mark_dynamic(min=, max=) of `dim`, if any bound was given.
std::optional<symbolic::ValueRange> marked_range(const tensor::Tensor& t, size_t dim) {
  const Value ranges = mark_set(t, "_dynamo_dynamic_range");
  if (ranges.is_null()) return std::nullopt;
  Value it = lang::get_iter(ranges);
  for (Value r = lang::iter_next(it); !r.is_null(); r = lang::iter_next(it)) {
    if (lang::getattr(r, lang::intern("dim")).as_int() != static_cast<int64_t>(dim)) continue;
    const Value lo = lang::getattr(r, lang::intern("min")), hi = lang::getattr(r, lang::intern("max"));
    if (lo.is_none() && hi.is_none()) return std::nullopt;
    return symbolic::ValueRange{lo.is_none() ? symbolic::ValueRange::kNegInf : lo.as_int(),
                                hi.is_none() ? symbolic::ValueRange::kPosInf : hi.as_int()};
  }
  return std::nullopt;
}

void log_marking(const std::string& source, const char* why, int level = logging::kInfo) {
  if (logging::enabled(kShapesLogger, level))
    logging::log(kShapesLogger, level, "marking " + source + " as dynamic (from " + std::string(why) + ")");
}

} // namespace

bool is_dynamic_source(const std::string& source, std::optional<size_t> dim) {
  const std::string list = std::string(lang::to_str(compiler_config("dynamic_sources"))->view());
  if (list.empty()) return false;
  static const std::regex dim_suffix("^(.+):(\\d+)$");
  size_t start = 0;
  while (start <= list.size()) {
    size_t end = list.find(',', start);
    if (end == std::string::npos) end = list.size();
    std::string entry;
    for (char c : list.substr(start, end - start))
      if (c != ' ') entry += c;
    start = end + 1;
    if (entry.empty()) continue;
    std::optional<size_t> entry_dim;
    std::smatch m;
    if (std::regex_match(entry, m, dim_suffix)) {
      entry_dim = std::stoul(m[2].str());
      entry = m[1].str();
    }
    bool matches = entry == source;
    if (!matches) {
      try {
        matches = std::regex_search(source, std::regex(entry), std::regex_constants::match_continuous);
      } catch (const std::regex_error&) {
        matches = false; // a name that is not a valid regex only matches itself
      }
    }
    if (!matches || (dim && entry_dim && *entry_dim != *dim)) continue;
    if (logging::enabled(kShapesLogger, logging::kInfo))
      logging::log(kShapesLogger, logging::kInfo,
                   source + " was marked dynamic due to dynamic-sources entry: " + entry +
                       (entry_dim ? ":" + std::to_string(*entry_dim) : ""));
    return true;
  }
  return false;
}

DynamicPolicy::DynamicPolicy(std::optional<bool> dynamic, CodeState* state)
    : dynamic_(dynamic), state_(state) {
  // dynamic=True assumes nothing static; dynamic=False and None keep the config's default.
  assume_static_ = dynamic == true ? false : lang::truthy(dynamo_config("assume_static_by_default"));
}

bool DynamicPolicy::automatic() const {
  return dynamic_ != false && lang::truthy(dynamo_config("automatic_dynamic_shapes"));
}

FrameStateEntry& DynamicPolicy::record(const std::string& source, const FrameStateEntry& observation) {
  AutomaticDynamicOptions options;
  options.automatic_dynamic_shapes = automatic();
  return update_automatic_dynamic(*state_, source, observation, options);
}

std::vector<DimDecision> DynamicPolicy::tensor_dims(const std::string& source, const tensor::Tensor& t,
                                                    bool static_shapes) {
  const size_t rank = static_cast<size_t>(t.dim());
  std::vector<DimDecision> out(rank);
  if (static_shapes && !is_dynamic_source(source)) return out;
  const FrameStateEntry observation = FrameStateEntry::tensor(t.sizes(), t.strides());
  FrameStateEntry unrecorded = observation;
  FrameStateEntry& entry = state_ ? record(source, observation) : unrecorded;
  for (size_t i = 0; i < rank; ++i) {
    DimDecision& d = out[i];
    const bool marked_dynamic = marked(t, "_dynamo_dynamic_indices", i);
    if (marked_dynamic) {
      log_marking(source, "mark_dynamic");
      // The frame state holds a marked dim as dynamic (silently), so a later
      // call with another size is no automatic-dynamic news.
      std::vector<SizeElement> mark(t.sizes().begin(), t.sizes().end());
      mark[i] = auto_dynamic;
      entry |= FrameStateEntry(auto_unset, std::move(mark), auto_unset);
    }
    const bool automatic_size = automatic() && state_ && entry.is_size_dynamic(i);
    const bool listed = is_dynamic_source(source, i);
    // As PyTorch: a stride is dynamic only through automatic dynamic, and
    // not on a dim a mark (static, strict dynamic or strict unbacked) governs.
    d.dynamic_stride = automatic() && state_ && entry.is_stride_dynamic(i) &&
                       !marked(t, "_dynamo_static_indices", i) &&
                       !marked(t, "_dynamo_strict_unbacked_indices", i) &&
                       !(marked_dynamic && !lang::truthy(dynamo_config("allow_ignore_mark_dynamic")));
    if (marked(t, "_dynamo_unbacked_indices", i) || marked(t, "_dynamo_strict_unbacked_indices", i)) {
      d.kind = DimKind::Unbacked;
      d.strict = marked(t, "_dynamo_strict_unbacked_indices", i);
    } else if (marked_dynamic) {
      d.kind = DimKind::Dynamic;
      d.strict = !lang::truthy(dynamo_config("allow_ignore_mark_dynamic"));
      d.range = marked_range(t, i);
    } else if (marked(t, "_dynamo_weak_dynamic_indices", i) || listed) {
      d.kind = DimKind::Dynamic;
    } else if (marked(t, "_dynamo_static_indices", i)) {
      d.kind = DimKind::Static;
    } else if (automatic_size) {
      d.kind = DimKind::Dynamic;
    } else if (!assume_static_) {
      // DEBUG, not 2.14's INFO: the seeds' TORCH_LOGS=dynamic output for dynamic=True has no such line.
      log_marking(source, "assume_static_by_default = False", logging::kDebug);
      d.kind = DimKind::Duck;
    }
  }
  return out;
}

tensor::SymIntVector input_strides(const tensor::Tensor& t, const tensor::SymIntVector& sizes,
                                   const std::vector<DimDecision>& dims, const StrideSymbol& symbol) {
  const tensor::IntArrayRef real_sizes = t.sizes(), real_strides = t.strides();
  const size_t rank = real_sizes.size();
  std::vector<std::optional<tensor::SymInt>> strides(rank);
  for (size_t i = 0; i < rank; ++i)
    if (real_strides[i] == 0 || real_strides[i] == 1) strides[i] = tensor::SymInt(real_strides[i]);
  const bool sizes_static = !tensor::any_symbolic(sizes);
  auto undecided = [&] {
    std::vector<size_t> out; // by stride, then dim
    for (size_t i = 0; i < rank; ++i)
      if (!strides[i]) out.push_back(i);
    std::stable_sort(out.begin(), out.end(), [&](size_t a, size_t b) { return real_strides[a] < real_strides[b]; });
    return out;
  };
  for (std::vector<size_t> open = undecided(); !open.empty(); open = undecided()) {
    std::map<int64_t, tensor::SymInt> candidates; // real stride -> what it is
    for (size_t i = 0; i < rank; ++i)
      if (strides[i] && real_strides[i] >= 0) candidates.insert_or_assign(real_sizes[i] * real_strides[i], sizes[i] * *strides[i]);
    for (size_t i : open) {
      auto it = candidates.find(real_strides[i]);
      if (dims[i].dynamic_stride || it == candidates.end()) continue;
      strides[i] = it->second;
      candidates.insert_or_assign(real_sizes[i] * real_strides[i], sizes[i] * *strides[i]);
    }
    open = undecided();
    if (open.empty()) break;
    const size_t i = open.front();
    const int64_t value = real_strides[i];
    if (!dims[i].dynamic_stride && sizes_static) {
      strides[i] = tensor::SymInt(value);
      continue;
    }
    strides[i] = symbol(i, value, dims[i].dynamic_stride);
  }
  tensor::SymIntVector out;
  for (std::optional<tensor::SymInt>& s : strides) out.push_back(std::move(*s));
  return out;
}

std::optional<std::set<int64_t>> mark_dynamic_dims(const tensor::Tensor& t) {
  const Value marks = mark_set(t, "_dynamo_dynamic_indices");
  if (marks.is_null()) return std::nullopt;
  std::set<int64_t> dims;
  Value it = lang::get_iter(marks);
  for (Value d = lang::iter_next(it); !d.is_null(); d = lang::iter_next(it))
    if (d.is_int()) dims.insert(d.as_int());
  return dims;
}

bool DynamicPolicy::int_is_dynamic(const std::string& source, int64_t value, bool specialized_source) {
  if (lang::truthy(dynamo_config("specialize_int"))) return false;
  // Globals and module attributes are recorded (and logged) like any int,
  // but stay constants.
  const bool changed = state_ && record(source, FrameStateEntry::scalar(value)).is_scalar_dynamic();
  if (specialized_source) return false;
  if (is_dynamic_source(source)) return true;
  if (automatic() && changed) return true;
  return !assume_static_;
}

bool DynamicPolicy::float_is_dynamic(const std::string& source, double value, bool specialized_source) {
  if (lang::truthy(dynamo_config("specialize_float"))) return false;
  const bool changed = state_ && record(source, FrameStateEntry::float_scalar(value)).is_scalar_dynamic();
  if (specialized_source || std::isnan(value) || std::isinf(value)) return false;
  return changed || !assume_static_;
}

} // namespace refc::dynamo
