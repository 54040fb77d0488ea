// The guard tree (PyTorch's RootGuardManager): one manager per guarded
// source, reached from its parent's value by the source's access step, each
// holding the leaf guards on that value; the root holds the guards on global
// state. check() runs on every call of a compiled frame, so it only reads
// values and compares; failure_reason() renders the first failing guard as
// the recompile reason, and str() the TORCH_LOGS=guards tree.
#pragma once

#include "reference_compiler/dynamo/guards/leaf_guards.h"
#include "reference_compiler/dynamo/guards/shape_guards.h"
#include "reference_compiler/dynamo/guards/source.h"

#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace refc::dynamo {

class GuardManager {
public:
  explicit GuardManager(SourcePtr source) : source_(std::move(source)) {}
  GuardManager(const GuardManager&) = delete;
  GuardManager& operator=(const GuardManager&) = delete;

  void add(std::unique_ptr<LeafGuard> guard);
  const Source* source() const { return source_.get(); }
  size_t leaf_count() const; // leaf guards here and below
  // Calls fn(source, leaf) for each leaf guard here and below (source null
  // at the root), each manager's leaves in the order they were added.
  void for_each_leaf(const std::function<void(const Source*, const LeafGuard&)>& fn) const;

protected:
  // The manager of `source`, a child of this one (its base is this
  // manager's source), created on first use.
  GuardManager& child(const SourcePtr& source);
  bool check_value(const lang::Value& v, const GuardInput& input) const;
  // With `with_origin`, leaf reasons as LeafGuard::failure_reason_with_origin gives them.
  std::optional<std::string> failure(const lang::Value& v, const GuardInput& input, bool with_origin) const;
  // With `captured`, each leaf's captured state follows its code part.
  void print(std::string& out, int depth, bool captured = false) const;

private:
  bool has_tensor_match() const;
  // PyTorch's orders: children print by Guard.sort_key (locals before
  // globals, shorter sources first, then by name) and are checked in that
  // order with tensors last — which is why the seeds report `L['c'] == 8.5`
  // before `L['x']`'s size — until a child fails: then the children that
  // failed most are checked first (so are recompile reasons computed).
  void order_checks();

  SourcePtr source_;
  std::vector<std::unique_ptr<LeafGuard>> leaves_;
  std::vector<const LeafGuard*> leaf_order_; // in checking order: relational leaves last
  size_t relational_begin_ = 0;             // where they start (they run after the children)
  std::vector<std::unique_ptr<GuardManager>> children_; // in creation order
  mutable std::vector<GuardManager*> order_;              // in checking order (failures move ahead)
  mutable uint64_t fail_count_ = 0;                       // checks of this manager that failed
  std::vector<GuardManager*> print_order_;                // in printing order
  friend class RootGuardManager;
};

class RootGuardManager : public GuardManager {
public:
  RootGuardManager() : GuardManager(nullptr) {}

  // The manager guarding `source`, with the managers of its bases.
  GuardManager& manager_for(const SourcePtr& source);
  // Settles the checking order once the tree is built (see order_checks).
  void finalize() { order_checks(); }
  // The symbolic shape guards, checked after the tree (PyTorch's epilogue).
  void set_shape_guards(std::unique_ptr<ShapeGuards> guards) { shape_guards_ = std::move(guards); }

  // Whether every guard passes for this call.
  bool check(const GuardInput& input) const {
    return check_value(lang::Value(), input) && (!shape_guards_ || shape_guards_->check(input));
  }
  // The first failing guard's reason ("L['c'] == 8.5"; with `with_origin`
  // 2.14's form, see LeafGuard::failure_reason_with_origin); nullopt when all pass.
  std::optional<std::string> failure_reason(const GuardInput& input, bool with_origin = false) const {
    if (std::optional<std::string> f = failure(lang::Value(), input, with_origin)) return f;
    return shape_guards_ ? shape_guards_->failure_reason(input) : std::nullopt;
  }
  // "TREE_GUARD_MANAGER:\n+- RootGuardManager\n| +- GLOBAL_STATE: ...".
  std::string str() const;
  // str() with every guard's captured state: equal identities, equal guards.
  std::string identity() const;

private:
  std::unique_ptr<ShapeGuards> shape_guards_;
};

} // namespace refc::dynamo
