// ShapeGuards: the symbolic shape guards of a cache entry (PyTorch's
// epilogue LAMBDA_GUARDs, `2 <= L['x'].size()[0]`), checked after the guard
// tree has passed. Each guard is compiled once into a flat int program over
// slots, and a call reads each source the guards mention into its slot once,
// so a cache hit costs a few loads and compares per guard — no expression is
// walked on the hot path. Guards on float inputs (specialize_float = False:
// `L['scale'] > 1.0`) have no int program; they substitute the floats into
// the expression, which is slower but rare.
#pragma once

#include "reference_compiler/dynamo/guards/source.h"
#include "reference_compiler/symbolic/int_program.h"
#include "reference_compiler/symbolic/shape_env.h"

#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace refc::dynamo {

class ShapeGuards {
public:
  // `source_of` gives the Source a symbol's source text names.
  ShapeGuards(const std::vector<symbolic::ProducedGuard>& guards,
              const std::function<SourcePtr(const std::string&)>& source_of);

  bool empty() const { return guards_.empty(); }
  size_t size() const { return guards_.size(); }
  bool check(const GuardInput& input) const;
  // The first failing guard's text, as the recompile reason.
  std::optional<std::string> failure_reason(const GuardInput& input) const;
  // One "+- LAMBDA_GUARD: <text>  # <user line>" line per guard.
  void print(std::string& out) const;

private:
  struct Guard {
    std::optional<symbolic::IntProgram> program;
    symbolic::Expr expr;                               // for a guard without a program
    std::vector<std::pair<symbolic::Expr, int>> reads; // its symbols' slots
    std::string text;
    std::string comment;
    bool holds(const int64_t* slots) const;
  };
  // Reads every slot (a float as its bits); false when a source cannot be
  // read (a different structure).
  bool read_slots(const GuardInput& input, int64_t* slots) const;

  // Where a slot's value comes from. Nearly every slot is a size, stride or
  // storage offset of a frame local's tensor: read straight from the local
  // (`local` >= 0), the rest through the source chain.
  struct Slot {
    SourcePtr source;
    int64_t local = -1;
  };
  std::vector<Slot> slots_;
  std::vector<Guard> guards_;
  // check()'s view of guards_, in order and compact: a guard that is a
  // range of one slot is its bounds (slot >= 0); any other (slot -1) runs
  // its Guard.
  struct Check {
    int slot = -1;
    int64_t lo = 0, hi = 0;
  };
  std::vector<Check> checks_;
};

} // namespace refc::dynamo
