// The automatic-dynamic lattice: FrameStateEntry's constructors, join,
// queries and rendering, CodeId, and render_code_state, following pgo.py
// text for text.
#include "reference_compiler/dynamo/frame_state.h"

#include "reference_compiler/dynamo/crc32.h"
#include "reference_compiler/lang/number_ops.h"

#include <algorithm>
#include <cstdio>
#include <fstream>
#include <map>
#include <mutex>
#include <set>
#include <stdexcept>
#include <unordered_map>

namespace refc::dynamo {

namespace {

template <class T, class Variant> bool holds(const Variant& v) {
  return std::holds_alternative<T>(v);
}

// _merge_atom on tuple elements (never unset): equal stays, else auto_dynamic.
template <class Element> Element join_element(const Element& x, const Element& y) {
  if (holds<AutoDynamic>(x) || holds<AutoDynamic>(y) || !(x == y)) return auto_dynamic;
  return x;
}

// _merge_atom_tup: unset is the identity, auto_dynamic absorbs, a length
// mismatch is auto_dynamic, else element by element.
template <class Element>
std::variant<AutoUnset, std::vector<Element>, AutoDynamic>
join_tuple(const std::variant<AutoUnset, std::vector<Element>, AutoDynamic>& xs,
           const std::variant<AutoUnset, std::vector<Element>, AutoDynamic>& ys) {
  if (holds<AutoUnset>(xs)) return ys;
  if (holds<AutoUnset>(ys)) return xs;
  if (holds<AutoDynamic>(xs) || holds<AutoDynamic>(ys)) return auto_dynamic;
  const auto& a = std::get<std::vector<Element>>(xs);
  const auto& b = std::get<std::vector<Element>>(ys);
  if (a.size() != b.size()) return auto_dynamic;
  std::vector<Element> out;
  out.reserve(a.size());
  for (size_t i = 0; i < a.size(); ++i)
    out.push_back(join_element(a[i], b[i]));
  return out;
}

ScalarState join_scalar(const ScalarState& x, const ScalarState& y) {
  if (holds<AutoUnset>(x)) return y;
  if (holds<AutoUnset>(y)) return x;
  if (holds<AutoDynamic>(x) || holds<AutoDynamic>(y) || !(x == y)) return auto_dynamic;
  return x;
}

// render_single: "?" for auto_dynamic, "S(i)" for InferStride(i).
struct RenderElement {
  std::string operator()(int64_t v) const { return std::to_string(v); }
  std::string operator()(AutoDynamic) const { return "?"; }
  std::string operator()(InferStride s) const { return "S(" + std::to_string(s.dim) + ")"; }
};

template <class Element> std::string render_tuple(const std::vector<Element>& elements) {
  std::string out = "[";
  for (size_t i = 0; i < elements.size(); ++i)
    out += (i ? ", " : "") + std::visit(RenderElement{}, elements[i]);
  return out + "]";
}

// Python's repr of the dataclass fields, for render()'s "unusual" fallback.
constexpr ValueText kRepr{.repr = true};

// A Python tuple's repr: "()", "(2,)", "(2, 3)".
std::string repr_tuple(const std::vector<std::string>& items) {
  std::string out = "(";
  for (size_t i = 0; i < items.size(); ++i)
    out += (i ? ", " : "") + items[i];
  return out + (items.size() == 1 ? ",)" : ")");
}

template <class Element>
std::string
repr_tuple_state(const std::variant<AutoUnset, std::vector<Element>, AutoDynamic>& state) {
  if (const auto* elements = std::get_if<std::vector<Element>>(&state)) {
    std::vector<std::string> items;
    for (const Element& e : *elements)
      items.push_back(std::visit(kRepr, e));
    return repr_tuple(items);
  }
  return holds<AutoUnset>(state) ? kRepr(auto_unset) : kRepr(auto_dynamic);
}

std::string repr_optional(const std::optional<int64_t>& v) {
  return v ? std::to_string(*v) : "None";
}

} // namespace

std::string ValueText::operator()(int64_t v) const { return std::to_string(v); }
std::string ValueText::operator()(double v) const { return lang::float_repr(v); }
std::string ValueText::operator()(AutoUnset) const { return repr ? "<AutoUnset.token: 0>" : "AutoUnset.token"; }
std::string ValueText::operator()(AutoDynamic) const {
  return repr ? "<AutoDynamic.token: 0>" : "AutoDynamic.token";
}
std::string ValueText::operator()(InferStride s) const { return "InferStride(dim=" + std::to_string(s.dim) + ")"; }

FrameStateEntry::FrameStateEntry(ScalarState scalar, SizeState size, StrideState stride)
    : scalar_(std::move(scalar)), size_(std::move(size)), stride_(std::move(stride)) {}

FrameStateEntry FrameStateEntry::scalar(int64_t value) {
  return FrameStateEntry(value, auto_dynamic, auto_dynamic);
}

FrameStateEntry FrameStateEntry::float_scalar(double value) {
  return FrameStateEntry(value, auto_dynamic, auto_dynamic);
}

FrameStateEntry FrameStateEntry::tensor(std::span<const int64_t> sizes,
                                        std::span<const int64_t> strides) {
  if (!strides.empty() && strides.size() != sizes.size())
    throw std::invalid_argument("FrameStateEntry::tensor: " + std::to_string(sizes.size()) +
                                " sizes but " + std::to_string(strides.size()) + " strides");
  std::vector<SizeElement> size(sizes.begin(), sizes.end());
  std::vector<StrideElement> stride(strides.size());
  // Visit dims from the smallest stride up (ties: the later dim first, as the
  // sort key (stride, -i) orders them); a stride equal to stride*size of a
  // dim already visited is recorded as that dim's InferStride (the first such
  // dim wins, as dict.setdefault keeps it).
  std::vector<std::pair<int64_t, int64_t>> pending; // (stride, -dim)
  for (size_t i = 0; i < strides.size(); ++i)
    pending.emplace_back(strides[i], -static_cast<int64_t>(i));
  std::sort(pending.begin(), pending.end());
  std::map<int64_t, InferStride> candidates;
  for (const auto& [value, neg_dim] : pending) {
    const size_t dim = static_cast<size_t>(-neg_dim);
    auto it = candidates.find(value);
    stride[dim] = it == candidates.end() ? StrideElement(value) : StrideElement(it->second);
    int64_t next;
    // A product past int64 equals no stride, so it is no candidate.
    if (!__builtin_mul_overflow(value, sizes[dim], &next))
      candidates.emplace(next, InferStride{dim});
  }
  return FrameStateEntry(auto_dynamic, std::move(size), std::move(stride));
}

FrameStateEntry& FrameStateEntry::operator|=(const FrameStateEntry& other) {
  SizeState new_size = join_tuple(size_, other.size_);
  if (const auto* old_sizes = std::get_if<std::vector<SizeElement>>(&size_)) {
    if (!(new_size == size_)) {
      std::vector<std::optional<int64_t>> excluded;
      for (const SizeElement& s : *old_sizes)
        excluded.push_back(holds<int64_t>(s) ? std::optional<int64_t>(std::get<int64_t>(s))
                                             : std::nullopt);
      excluded_sizes_ = std::move(excluded);
    } else if (excluded_sizes_) {
      excluded_sizes_.reset();
    }
  }
  size_ = std::move(new_size);
  if (holds<int64_t>(scalar_) && holds<int64_t>(other.scalar_) && !(scalar_ == other.scalar_))
    excluded_scalar_ = std::get<int64_t>(scalar_);
  else if (holds<AutoDynamic>(scalar_) && excluded_scalar_)
    excluded_scalar_.reset();
  scalar_ = join_scalar(scalar_, other.scalar_);
  stride_ = join_tuple(stride_, other.stride_);
  return *this;
}

bool FrameStateEntry::is_scalar_dynamic() const { return holds<AutoDynamic>(scalar_); }

bool FrameStateEntry::is_size_dynamic(size_t dim) const {
  if (holds<AutoDynamic>(size_)) return true;
  if (holds<AutoUnset>(size_)) return false;
  return holds<AutoDynamic>(std::get<std::vector<SizeElement>>(size_).at(dim));
}

bool FrameStateEntry::is_stride_dynamic(size_t dim) const {
  const auto* sizes = std::get_if<std::vector<SizeElement>>(&size_);
  if (!sizes || !std::all_of(sizes->begin(), sizes->end(),
                             [](const SizeElement& s) { return holds<int64_t>(s); }))
    return false;
  if (holds<AutoDynamic>(stride_)) return true;
  if (holds<AutoUnset>(stride_)) return false;
  return holds<AutoDynamic>(std::get<std::vector<StrideElement>>(stride_).at(dim));
}

bool FrameStateEntry::names_dynamic_source() const {
  if (const auto* sizes = std::get_if<std::vector<SizeElement>>(&size_))
    return std::any_of(sizes->begin(), sizes->end(),
                       [](const SizeElement& s) { return holds<AutoDynamic>(s); });
  return holds<AutoDynamic>(scalar_);
}

std::string FrameStateEntry::render() const {
  if (holds<AutoDynamic>(size_) && holds<AutoDynamic>(stride_)) {
    if (holds<AutoDynamic>(scalar_)) return "fully dynamic scalar or tensor";
    // f"scalar {self.scalar}": str() of an unset scalar is the enum's name.
    return "scalar " + std::visit(ValueText{}, scalar_);
  }
  if (holds<AutoDynamic>(scalar_)) {
    const auto* sizes = std::get_if<std::vector<SizeElement>>(&size_);
    const auto* strides = std::get_if<std::vector<StrideElement>>(&stride_);
    if (sizes && strides)
      return "tensor size=" + render_tuple(*sizes) + " stride=" + render_tuple(*strides);
  }
  std::string excluded_sizes = "None";
  if (excluded_sizes_) {
    std::vector<std::string> items;
    for (const std::optional<int64_t>& s : *excluded_sizes_)
      items.push_back(repr_optional(s));
    excluded_sizes = repr_tuple(items);
  }
  return "unusual FrameStateSizeEntry(scalar=" + std::visit(kRepr, scalar_) +
         ", size=" + repr_tuple_state(size_) + ", stride=" + repr_tuple_state(stride_) +
         ", excluded_sizes=" + excluded_sizes +
         ", excluded_scalar=" + repr_optional(excluded_scalar_) + ")";
}

std::string file_content_hash(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return path;
  uint32_t crc = 0;
  char buffer[1 << 16];
  while (in.read(buffer, sizeof buffer) || in.gcount() > 0)
    crc = crc32({buffer, static_cast<size_t>(in.gcount())}, crc);
  if (in.bad()) return path; // a directory, an I/O error: as if it did not exist
  char hex[9];
  std::snprintf(hex, sizeof hex, "%08x", crc);
  return hex;
}

CodeId CodeId::make(const std::string& filename, int firstlineno, const std::string& name,
                    std::optional<int64_t> closure_hash) {
  static std::mutex mutex;
  static std::unordered_map<std::string, std::string> hashes;
  std::string hash;
  {
    std::lock_guard lock(mutex);
    auto it = hashes.find(filename);
    if (it == hashes.end()) it = hashes.emplace(filename, file_content_hash(filename)).first;
    hash = it->second;
  }
  return CodeId{filename, firstlineno, name, std::move(hash), closure_hash};
}

std::string CodeId::str() const {
  return "hash(" + file_hash + ")" + filename + ":" + std::to_string(firstlineno) + ":" + name;
}

void join_code_states(CodeStates& into, const CodeStates& other) {
  for (const auto& [code_id, state] : other) {
    CodeState& target = into[code_id];
    for (const auto& [source, entry] : state)
      target[source] |= entry;
  }
}

std::vector<std::string> dynamic_sources(const CodeState& state) {
  std::vector<std::string> out;
  for (const auto& [source, entry] : state)
    if (entry.names_dynamic_source()) out.push_back(source);
  return out;
}

std::string render_code_state(const CodeStates& states) {
  std::string out;
  bool first_code = true;
  std::vector<std::string> sources; // every code object's, first occurrence kept
  std::set<std::string> seen;
  for (const auto& [code_id, state] : states) {
    if (!first_code) out += "\n";
    first_code = false;
    out += code_id.str() + ":\n";
    bool first_entry = true;
    for (const auto& [source, entry] : state) {
      if (!first_entry) out += "\n";
      first_entry = false;
      out += "  " + source + ": " + entry.render();
    }
    for (const std::string& source : dynamic_sources(state))
      if (seen.insert(source).second) sources.push_back(source);
  }
  if (!sources.empty()) {
    std::string joined;
    for (size_t i = 0; i < sources.size(); ++i)
      joined += (i ? "," : "") + sources[i];
    out += "\n\nPGO detected a recompilation due to dynamic shapes. To reduce shape recompilations "
           "by compiling "
           "dynamically to start, set environment variable TORCH_COMPILE_DYNAMIC_SOURCES=\"" +
           joined + "\"";
  }
  return out;
}

} // namespace refc::dynamo
