// ShapeEnv: the symbols of one trace and every decision made about them.
// It creates a symbol for each size or int the trace treats as dynamic (or a
// constant, for 0/1 sizes and where duck sizing reuses one), and it is where
// a symbolic value becomes concrete: evaluating a SymBool or SymInt records
// the guard that keeps the answer true, refines the symbol's value range or
// replaces the symbol by a constant — each with the user line that caused
// it, logged as PyTorch's ShapeEnv logs (TORCH_LOGS=dynamic). At the end of
// the trace produce_guards() gives the shape guards of the cache entry, in
// terms of the sources the symbols were read from.
#pragma once

#include "reference_compiler/symbolic/expr.h"
#include "reference_compiler/symbolic/value_range.h"
#include "reference_compiler/tensor/sym_int.h"

#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

namespace refc::symbolic {

// How a size or int is made symbolic (PyTorch's DimDynamic).
enum class DimDynamic : uint8_t {
  Duck,    // dynamic=True: equal sizes share a symbol
  Dynamic, // marked, automatic or listed as dynamic: a symbol of its own
};

// Where the trace is: "if x.size(0) == 8:  # prog.py:17 in f", for logs and guard comments.
struct UserLocation {
  std::string code;     // the source line, stripped ("" when unknown)
  std::string file;     // as logs show it
  int line = 0;
  std::string function;
  bool known() const { return line > 0; }
  // "<code>  # <file>:<line> in <function>"
  std::string sloc() const;
};

struct SymbolInfo {
  Expr symbol;
  std::string source;           // "L['x'].size()[0]"; the first source of a duck-shared symbol
  std::vector<std::string> duck_sources; // later sources that share it (equality guards)
  std::optional<int64_t> hint;  // none for unbacked symbols
  double float_hint = 0;        // float symbols (zf0)
  ValueRange range;
  bool is_float = false;
  bool size_like = false;       // a tensor size (0/1 specialized, >= 0)
  // mark_dynamic: specializing this symbol violates the user's constraint.
  bool strict = false;
  std::optional<ValueRange> user_range; // mark_dynamic(min=, max=)
  ValueRange default_range;             // the range it would have without user_range
  UserLocation created_at;
  std::string creator; // the framework code that made it, as logs name it
  // What last narrowed each bound (unset: the bound it was created with).
  std::optional<UserLocation> lower_set_at, upper_set_at;
};

// A fact about unbacked values the user asserted (torch._check): checked when
// the graph runs, by an _assert_scalar node (PyTorch's deferred runtime asserts).
struct RuntimeAssert {
  Expr expr; // canonical: `0 < u0` for u0 > 0 (canonicalize_bool_expr)
  UserLocation where;
};

// One guard the trace made: `expr` is True on the example inputs.
struct ShapeGuard {
  Expr expr;
  UserLocation where;
  // The 0/1-specialization lower bound of a size symbol rather than a user branch.
  bool from_framework = false;
};

// A guard as the cache entry checks it: `expr` over symbols, each read from
// the source `reads` gives (a duck-sized source gets a symbol of its own here).
struct ProducedGuard {
  Expr expr;
  std::vector<std::pair<Expr, std::string>> reads;
  std::string text;           // with sources: "2 <= L['x'].size()[0]", "L['y'].size()[0] == L['x'].size()[0]"
  std::string comment;        // the user line, or why the guard exists (duck sizing, 0/1 specialization)
};

// mark_dynamic's violated constraints (PyTorch's ConstraintViolationError text).
struct ConstraintViolation {
  std::string message;
};

// torch.fx.experimental.symbolic_shapes.GuardOnDataDependentSymNode: what
// guarding on a value only the running graph knows raises (a Python
// exception, so it unwinds through interpreted code like any other). The
// tracer turns it into a graph break, or an error under fullgraph.
lang::TypeObject* data_dependent_error_type();
bool is_data_dependent_error(const lang::Value& exc);

struct ShapeEnvConfig {
  bool specialize_zero_one = true;
  bool duck_shape = true;            // torch.fx.experimental._config.use_duck_shape
  bool backed_size_oblivious = false;
  bool translation_validation = false; // check every refinement with Z3
  // The Z3 effort of each check (z3_bridge.h; 25 is about a second), from
  // torch.fx.experimental._config.translation_validation_timeout.
  unsigned translation_validation_effort = 5000;
  bool guard_duck_sizing = true;       // false only under a planted bug (dynamo/planted_bugs.def)
};

class ShapeEnv : public std::enable_shared_from_this<ShapeEnv> {
public:
  // `where` says where the trace is when a guard is made.
  ShapeEnv(ShapeEnvConfig config, std::function<UserLocation()> where);

  // ---- symbols ------------------------------------------------------------------
  // A tensor size read from `source`: a constant for 0/1 (when specialized),
  // the symbol of an equal earlier size under duck sizing, else a new symbol
  // with range [2, int_oo].
  // A source whose value the trace used as an expression of other sources'
  // symbols, not a symbol of its own (a stride inferred as a size times a
  // stride): produce_guards pins it with an equality guard.
  void derive_source(const std::string& source, const Expr& value) { derived_sources_.emplace_back(source, value); }
  tensor::SymInt create_size_symbol(int64_t hint, const std::string& source, DimDynamic dynamic,
                                    bool strict = false, std::optional<ValueRange> user_range = std::nullopt);
  // A Python int argument made dynamic: range [-int_oo, int_oo], no 0/1 specialization.
  tensor::SymInt create_int_symbol(int64_t hint, const std::string& source);
  // A float argument made dynamic (zf0).
  tensor::SymNode create_float_symbol(double hint, const std::string& source);
  // A value only known when the graph runs (.item(), nonzero's size): u0, zuf0.
  tensor::SymInt create_unbacked_int();
  // An unbacked size-like symbol with range [0, max] (logged as
  // constrain_symbol_range): a dimension torch._dynamo.mark_unbacked marked
  // (made where the input is read, so no user line), or the size of a
  // data-dependent op's output (nonzero's, at the op's line).
  // `source`: where an input's unbacked size is read (mark_unbacked), for
  // the guards that mention it.
  tensor::SymInt create_unbacked_size(int64_t max = ValueRange::kPosInf, bool at_user_line = false,
                                      const std::string& source = {});
  tensor::SymNode create_unbacked_float();
  // A SymInt/SymBool node over `e` in this env.
  tensor::SymNode node(const Expr& e, tensor::SymKind kind);

  const std::vector<SymbolInfo>& symbols() const { return symbols_; }
  const SymbolInfo* info(const Expr& symbol) const;

  // ---- evaluation -----------------------------------------------------------------
  // `e` with replacements applied and simplified under the ranges.
  Expr simplify(const Expr& e) const;
  // `e` with replacements applied only (PyTorch's ShapeEnv.replace): what a
  // SymInt prints as, so Max(1, (s1//2)) stays even where ranges decide it.
  Expr apply_replacements(const Expr& e) const;
  // Known without a guard (constants, ranges, replacements, guards made so far).
  std::optional<bool> static_bool(const Expr& cond) const;
  std::optional<int64_t> static_int(const Expr& e) const;
  // The value on the example inputs (nullopt when it involves an unbacked symbol).
  std::optional<int64_t> int_hint(const Expr& e) const;
  std::optional<double> float_hint(const Expr& e) const;
  // Guarding: the value on the example inputs, with the guard recorded (and
  // ranges/replacements refined). An expression without a hint raises
  // GuardOnDataDependentSymNode.
  bool guard_bool(const Expr& cond, bool size_oblivious = false);
  // PyTorch's guard_or_false / guard_or_true: guard_bool where `cond` has a
  // value on the example inputs; where it is data-dependent, `fallback`,
  // with no guard and no error.
  bool guard_or(const Expr& cond, bool fallback);
  int64_t guard_int(const Expr& e);
  double guard_float(const Expr& e);
  // torch._check(cond) on an unbacked value: no guard; a runtime assert is
  // recorded (logged "runtime_assert ... [guard added]") and ranges are refined.
  void defer_runtime_assert(const Expr& cond);
  const std::vector<RuntimeAssert>& runtime_asserts() const { return runtime_asserts_; }
  // torch._check_is_size: the symbol is a size (size-oblivious reasoning treats it as >= 2).
  void mark_size_like(const Expr& symbol);
  ValueRange range_of(const Expr& symbol) const;

  // ---- the cache entry's guards ---------------------------------------------------
  const std::vector<ShapeGuard>& guards() const { return guards_; }
  // The shape guards in PyTorch's produce_guards order (logs "produce_guards").
  // Throws ConstraintViolation when a mark_dynamic dimension was specialized
  // or narrowed outside the user's range.
  std::vector<ProducedGuard> produce_guards() const;
  std::string source_text(const Expr& e) const; // e printed with sources for symbols

  const ShapeEnvConfig& config() const { return config_; }
  // Replaces what says where the trace is (null: nowhere, once it has ended).
  void set_where(std::function<UserLocation()> where) { where_ = std::move(where); }

private:
  // A mark_dynamic dimension that was 0 or 1 on the first call (specialized at creation).
  struct StrictSpecialization {
    std::string source;
    int64_t value;
    UserLocation where;
  };

  UserLocation here() const;
  // Sizes are positive; an int argument may be anything (PyTorch's positive=None).
  Expr new_symbol(char prefix, int& counter, bool positive);
  tensor::SymInt new_unbacked_int(bool located); // logged with the user line when `located`
  void log_create(const SymbolInfo& info, const std::string& value);
  static std::string format_float(double v);
  std::vector<std::pair<Expr, Expr>> hint_substitution(const Expr& e, bool& complete) const;
  std::optional<bool> bool_hint(const Expr& cond) const;
  std::optional<bool> size_oblivious_value(const Expr& cond) const;
  std::optional<bool> implied_by_guards(const Expr& cond) const;
  [[noreturn]] void raise_data_dependent(const Expr& e, bool integer) const;
  void record_guard(const Expr& cond, bool from_framework);
  void log_guard(const char* prefix, const Expr& cond, const UserLocation& where) const;
  void refine(const Expr& cond); // ranges and replacements implied by a true `cond`
  void set_range(size_t index, ValueRange r, const UserLocation& where);
  ProducedGuard range_guard(const SymbolInfo& info) const;
  void set_replacement(size_t index, const Expr& value, const char* reason);
  size_t index_of(const Expr& symbol) const;
  ProducedGuard expr_guard(const Expr& e, std::string comment) const;
  std::string range_violation(const SymbolInfo& info) const;
  UserLocation specialized_at(const Expr& symbol) const;
  std::string specialization_violation(const std::string& source, int64_t value, const UserLocation& where) const;
  void validate(const std::vector<ProducedGuard>& produced) const;
  std::vector<Expr> facts() const;
  ValueRange initial_range(const Expr& symbol) const;
  void validate_simplification(const Expr& original, const Expr& simplified) const;

  ShapeEnvConfig config_;
  std::function<UserLocation()> where_;
  std::vector<SymbolInfo> symbols_;
  std::map<std::string, size_t> by_name_;
  std::map<std::string, Expr> replacements_; // symbol name -> what it is now (a constant, another symbol)
  std::vector<ShapeGuard> guards_;
  std::vector<RuntimeAssert> runtime_asserts_;
  std::map<int64_t, size_t> duck_; // hint -> the duck-sized symbol with that value
  // simplify() memo: tracing asks about the same few expressions (sizes,
  // their products, comparisons) for every op. Cleared whenever a range or
  // replacement changes.
  mutable std::unordered_map<Expr, Expr> simplified_;
  std::vector<StrictSpecialization> strict_specialized_;
  std::vector<std::pair<std::string, Expr>> derived_sources_; // source -> the expression it was traced as
  int next_size_ = 0, next_unbacked_ = 0, next_float_ = 0, next_unbacked_float_ = 0;
};

} // namespace refc::symbolic
