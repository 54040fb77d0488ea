// Decompositions: the table of ops AOT Autograd may replace by calls to
// simpler ops while it traces (decompositions.def, one line each), its two
// named subsets (2.14's core_aten_decompositions() and Inductor's
// select_decomp_table()), and the table one compilation traces with, which
// also holds the Python functions a custom backend passes
// (aot_autograd(decompositions={aten.x.y: fn})). Every application asks the
// counted-application registry first (subsystem "decomposition"), so the
// bisector can switch them off one at a time.
#pragma once

#include "reference_compiler/lang/value.h"
#include "reference_compiler/ops/op_registry.h"

#include <cstdint>
#include <unordered_map>
#include <vector>

namespace refc::aot {

// A decomposition: the op's result computed through other ops, or a null
// Value when it declines for these inputs (2.14's `return NotImplemented`).
using DecompositionFn = lang::Value (*)(const ops::OpArgs& args);

enum DecompositionTables : uint8_t { kCore = 1, kInductor = 2 };

struct Decomposition {
  const ops::OpDef* op;
  DecompositionFn fn;
  uint8_t tables; // DecompositionTables bits
};

// Every entry of decompositions.def, in its order.
const std::vector<Decomposition>& builtin_decompositions();

// The decompositions one trace applies: each op to a built-in function or a
// Python callable (called with the op's arguments, positionally).
class DecompositionTable {
public:
  // The entries of the built-in table in `tables` (a DecompositionTables mask).
  static DecompositionTable builtin(uint8_t tables);

  void add(const ops::OpDef& op, DecompositionFn fn) { entries_[&op] = Entry{fn, {}}; }
  void add(const ops::OpDef& op, lang::Value python_fn) { entries_[&op] = Entry{nullptr, std::move(python_fn)}; }
  // TESTING_ONLY: `op`'s decomposition adds 1 to its (first) result.
  void inject_wrong_value_TESTING_ONLY(const ops::OpDef* op) { wrong_value_ = op; }
  bool empty() const { return entries_.empty(); }
  size_t size() const { return entries_.size(); }

  // Runs `op`'s decomposition if the table has one and the counted
  // application is enabled; a null Value when the op is to be traced as it is.
  lang::Value apply(const ops::OpDef& op, const ops::OpArgs& args) const;
  // Whether the table holds `op` and the counted application is enabled,
  // for a caller that makes the op's node itself and applies the
  // decomposition by making its replacement instead (the recorder's detach).
  bool applies(const ops::OpDef& op) const;

private:
  struct Entry {
    DecompositionFn fn = nullptr;
    lang::Value python_fn;
  };
  std::unordered_map<const ops::OpDef*, Entry> entries_;
  const ops::OpDef* wrong_value_ = nullptr;
};

} // namespace refc::aot
