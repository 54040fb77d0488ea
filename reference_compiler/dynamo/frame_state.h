// The automatic-dynamic frame state: what Dynamo has seen of each input of
// each compiled code object, as a bounded semilattice whose join marks an
// input dimension dynamic once it has taken two values (PyTorch 2.14's
// torch/_dynamo/pgo.py: FrameStateSizeEntry, CodeId, CodeState,
// render_code_state). Pure values, no I/O beyond hashing a source file for
// its CodeId; the persistent profile built on it is pgo.h.
//
// One input's entry has three parts, each an element of a flat lattice:
//   scalar  the value of an int input
//   size    the sizes of a tensor input, a tuple of ints
//   stride  its strides, ints or InferStride(i) (= stride[i] * size[i])
// auto_unset is the bottom (nothing seen yet), auto_dynamic the top (seen
// two different values); a tuple joins element by element, and tuples of
// different lengths (a rank change) join to auto_dynamic as a whole.
#pragma once

#include "reference_compiler/dynamo/insertion_ordered_map.h"

#include <compare>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <variant>
#include <vector>

namespace refc::dynamo {

// The bottom: nothing recorded yet; joining it with x gives x.
struct AutoUnset {
  friend bool operator==(AutoUnset, AutoUnset) = default;
};
// The top: two different values were seen; it absorbs everything.
struct AutoDynamic {
  friend bool operator==(AutoDynamic, AutoDynamic) = default;
};
// A stride recorded as stride[dim] * size[dim] of the same tensor, so that
// contiguous strides keep following their sizes when those become dynamic:
// [2, 3][3, 1] ⊔ [2, 4][4, 1] is [2, ?][S(1), 1], not [2, ?][?, 1].
struct InferStride {
  size_t dim = 0;
  friend bool operator==(InferStride, InferStride) = default;
};

inline constexpr AutoUnset auto_unset{};
inline constexpr AutoDynamic auto_dynamic{};

using ScalarState = std::variant<AutoUnset, int64_t, double, AutoDynamic>; // double: a float input
using SizeElement = std::variant<int64_t, AutoDynamic>;
using StrideElement = std::variant<int64_t, AutoDynamic, InferStride>;
using SizeState = std::variant<AutoUnset, std::vector<SizeElement>, AutoDynamic>;
using StrideState = std::variant<AutoUnset, std::vector<StrideElement>, AutoDynamic>;

// Python's str() (or, with `repr`, repr()) of one scalar state or tuple
// element, as pgo.py's logs and render() print them: the enum members are
// "AutoDynamic.token" and "<AutoDynamic.token: 0>". A visitor of the
// variants above.
struct ValueText {
  bool repr = false;
  std::string operator()(int64_t v) const;
  std::string operator()(double v) const;
  std::string operator()(AutoUnset) const;
  std::string operator()(AutoDynamic) const;
  std::string operator()(InferStride s) const;
};

// One input's automatic-dynamic state (pgo.py's FrameStateSizeEntry).
class FrameStateEntry {
public:
  // Everything unset: the identity of the join.
  FrameStateEntry() = default;
  // Exactly these parts (reading a saved profile).
  FrameStateEntry(ScalarState scalar, SizeState size, StrideState stride);

  // An int input's observation: its value; size and stride auto_dynamic, so
  // that an input seen both as an int and as a tensor is fully dynamic.
  static FrameStateEntry scalar(int64_t value);
  static FrameStateEntry float_scalar(double value); // a float input (specialize_float = False)
  // A tensor input's observation: its sizes and its strides, each stride
  // replaced by InferStride(j) where it equals stride[j] * size[j] of a dim j
  // with a smaller stride (variables/builder.py: record_automatic_dynamic,
  // the inference _create_symbolic_sizes_strides_storage_offset makes); the
  // scalar is auto_dynamic. `strides` is empty for a tensor without strides
  // (sparse), else as long as `sizes`.
  static FrameStateEntry tensor(std::span<const int64_t> sizes, std::span<const int64_t> strides);

  // The join. Also records, as pgo.py does for the exclusion guard, the static
  // sizes (or scalar) this join made dynamic.
  FrameStateEntry& operator|=(const FrameStateEntry& other);

  bool is_scalar_dynamic() const;
  // Dim `dim` took two different values, or the rank changed. Throws
  // std::out_of_range for a dim past a recorded tuple.
  bool is_size_dynamic(size_t dim) const;
  // Only when every size is a static int: strides are made dynamic only on
  // tensors whose shape never changed (pgo.py keeps that historical rule).
  bool is_stride_dynamic(size_t dim) const;
  // Whether TORCH_COMPILE_DYNAMIC_SOURCES advice names this input: a dynamic
  // size, or a dynamic scalar when no size tuple is known.
  bool names_dynamic_source() const;

  // pgo.py's FrameStateSizeEntry.render(): "scalar 3", "fully dynamic scalar
  // or tensor", "tensor size=[?, 3] stride=[S(1), 1]", else "unusual " and
  // the dataclass's repr.
  std::string render() const;

  const ScalarState& scalar_state() const { return scalar_; }
  const SizeState& size_state() const { return size_; }
  const StrideState& stride_state() const { return stride_; }
  // The sizes as they were before the last join that made one of them
  // dynamic (nullopt for dims already dynamic), for
  // automatic_dynamic_exclusion_guard; empty when the last join changed no size.
  const std::optional<std::vector<std::optional<int64_t>>>& excluded_sizes() const {
    return excluded_sizes_;
  }
  // The value an int had before the join that made it dynamic.
  const std::optional<int64_t>& excluded_scalar() const { return excluded_scalar_; }

  // The lattice value only; the exclusion records are not compared (as in pgo.py).
  friend bool operator==(const FrameStateEntry& a, const FrameStateEntry& b) {
    return a.scalar_ == b.scalar_ && a.size_ == b.size_ && a.stride_ == b.stride_;
  }

private:
  ScalarState scalar_ = auto_unset;
  SizeState size_ = auto_unset;
  StrideState stride_ = auto_unset;
  std::optional<std::vector<std::optional<int64_t>>> excluded_sizes_;
  std::optional<int64_t> excluded_scalar_;
};

// pgo.py's _hash_containing_file: the CRC-32 of the file's bytes as 8 hex
// digits, or the path itself when the file cannot be read (code compiled
// from a string, "<stdin>").
std::string file_content_hash(const std::string& path);

// A code object, identified across processes and file moves: equality and
// ordering use the file's content hash, the first line, the name and the
// closure hash, never the filename, so a copy of the same file at another
// path still matches and an edited file does not.
struct CodeId {
  std::string filename; // the first path seen, for people to read
  int firstlineno = 0;
  std::string name;
  std::string file_hash; // file_content_hash(filename)
  // pgo.py's hash of the code objects held in the closure's cells, for
  // functions that close over other functions; absent for plain functions.
  std::optional<int64_t> closure_hash;

  // The CodeId of a code object in `filename`; the file is hashed once per
  // process (pgo.py caches it the same way).
  static CodeId make(const std::string& filename, int firstlineno, const std::string& name,
                     std::optional<int64_t> closure_hash = std::nullopt);

  // "hash(dcd28177)/path/e7.py:2:fn", pgo.py's str(CodeId).
  std::string str() const;

  friend bool operator==(const CodeId& a, const CodeId& b) {
    return a.file_hash == b.file_hash && a.firstlineno == b.firstlineno && a.name == b.name &&
           a.closure_hash == b.closure_hash;
  }
  friend std::strong_ordering operator<=>(const CodeId& a, const CodeId& b) {
    if (auto c = a.file_hash <=> b.file_hash; c != 0) return c;
    if (auto c = a.firstlineno <=> b.firstlineno; c != 0) return c;
    if (auto c = a.name <=> b.name; c != 0) return c;
    return a.closure_hash <=> b.closure_hash;
  }
};

// One code object's inputs: source name (L['x'], L['self']._modules['lin'].
// _parameters['weight']) -> entry, in the order the inputs were first seen.
using CodeState = InsertionOrderedMap<std::string, FrameStateEntry>;
// Every code object's state (pgo.py's _CODE_STATE), in first-seen order.
using CodeStates = InsertionOrderedMap<CodeId, CodeState>;

// Joins `other` into `into`, entry by entry; code objects and inputs new to
// `into` are appended in `other`'s order.
void join_code_states(CodeStates& into, const CodeStates& other);

// The sources of one code object the advice line names, in order.
std::vector<std::string> dynamic_sources(const CodeState& state);

// pgo.py's render_code_state: each code object and its inputs, then, when
// any input is dynamic, the advice to set TORCH_COMPILE_DYNAMIC_SOURCES:
//   hash(dcd28177)/path/e7.py:2:fn:
//     L['x']: tensor size=[?, 3] stride=[S(1), 1]
//     L['n']: fully dynamic scalar or tensor
//
//   PGO detected a recompilation due to dynamic shapes. To reduce shape ...
// No trailing newline.
std::string render_code_state(const CodeStates& states);

} // namespace refc::dynamo
