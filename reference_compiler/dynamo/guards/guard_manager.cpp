// The guard tree: building, checking, explaining and printing.
#include "reference_compiler/dynamo/guards/guard_manager.h"

#include "reference_compiler/dynamo/planted_bugs.h"

#include <algorithm>
#include <tuple>

namespace refc::dynamo {

using lang::Value;

void GuardManager::add(std::unique_ptr<LeafGuard> guard) {
  if (source_ && dropped_by_planted_bug(*source_, *guard)) return; // TESTING_ONLY
  // Checking order: the plain leaves as added, then the relational ones by kind.
  const LeafGuard* leaf = guard.get();
  leaf_order_.insert(std::upper_bound(leaf_order_.begin(), leaf_order_.end(), leaf,
                                      [](const LeafGuard* a, const LeafGuard* b) { return a->relation() < b->relation(); }),
                     leaf);
  if (leaf->relation() == LeafGuard::Relation::None) ++relational_begin_;
  leaves_.push_back(std::move(guard));
}

namespace {

// Why a source's value could not be read on this call.
std::string unreadable(const Source& s) {
  switch (s.kind) {
  case Source::Kind::Attr: return "hasattr(" + s.base->str() + ", '" + s.name + "')";
  case Source::Kind::DictItem: return "___dict_contains('" + s.name + "', " + s.base->str() + ")";
  case Source::Kind::Index:
  case Source::Kind::DictValue: return "len(" + s.base->str() + ") > " + std::to_string(s.index);
  default: return s.str() + " is defined";
  }
}

} // namespace

size_t GuardManager::leaf_count() const {
  size_t n = leaves_.size();
  for (const auto& c : children_) n += c->leaf_count();
  return n;
}

void GuardManager::for_each_leaf(const std::function<void(const Source*, const LeafGuard&)>& fn) const {
  for (const auto& leaf : leaves_) fn(source_.get(), *leaf);
  for (const auto& c : children_) c->for_each_leaf(fn);
}

GuardManager& GuardManager::child(const SourcePtr& source) {
  for (const auto& c : children_)
    if (c->source_->same_as(*source)) return *c;
  children_.push_back(std::make_unique<GuardManager>(source));
  order_.push_back(children_.back().get());
  print_order_.push_back(children_.back().get());
  return *children_.back();
}

GuardManager& RootGuardManager::manager_for(const SourcePtr& source) {
  if (!source->base) return child(source);
  return manager_for(source->base).child(source);
}

bool GuardManager::has_tensor_match() const {
  for (const auto& leaf : leaves_)
    if (leaf->kind() == "TENSOR_MATCH") return true;
  for (const auto& c : children_)
    if (c->has_tensor_match()) return true;
  return false;
}

void GuardManager::order_checks() {
  for (const auto& leaf : leaves_) leaf->finalize();
  // PyTorch prints guards by Guard.sort_key (frame locals before globals,
  // shorter sources first, then by name) and checks tensors last.
  print_order_.clear();
  for (const auto& c : children_) print_order_.push_back(c.get());
  std::stable_sort(print_order_.begin(), print_order_.end(), [](const GuardManager* a, const GuardManager* b) {
    return a->source_->sort_key() < b->source_->sort_key();
  });
  order_ = print_order_;
  std::stable_sort(order_.begin(), order_.end(), [](const GuardManager* a, const GuardManager* b) {
    return !a->has_tensor_match() && b->has_tensor_match();
  });
  for (const auto& c : children_) c->order_checks();
}

bool GuardManager::check_value(const Value& v, const GuardInput& input) const {
  auto passes = [&](const LeafGuard* leaf) { return source_ ? leaf->check(v) : leaf->check_root(input); };
  for (size_t i = 0; i < relational_begin_; ++i)
    if (!passes(leaf_order_[i])) return false;
  for (size_t i = 0; i < order_.size(); ++i) {
    GuardManager* c = order_[i];
    Value cv = c->source_->read(v, input);
    if (cv.is_null() || !c->check_value(cv, input)) {
      // As PyTorch's guard managers do: a child that fails is counted, and
      // children that fail most are checked first from then on.
      ++c->fail_count_;
      std::stable_sort(order_.begin(), order_.end(),
                       [](const GuardManager* a, const GuardManager* b) { return a->fail_count_ > b->fail_count_; });
      return false;
    }
  }
  for (size_t i = relational_begin_; i < leaf_order_.size(); ++i)
    if (!passes(leaf_order_[i])) return false;
  return true;
}

std::optional<std::string> GuardManager::failure(const Value& v, const GuardInput& input, bool with_origin) const {
  auto leaf_failure = [&](const LeafGuard* leaf) -> std::optional<std::string> {
    if (!source_ && !leaf->check_root(input)) return leaf->root_failure_reason(input);
    if (source_ && !leaf->check(v)) return with_origin ? leaf->failure_reason_with_origin(v) : leaf->failure_reason(v);
    return std::nullopt;
  };
  for (size_t i = 0; i < relational_begin_; ++i)
    if (std::optional<std::string> f = leaf_failure(leaf_order_[i])) return f;
  for (const GuardManager* c : order_) {
    Value cv = c->source_->read(v, input);
    if (cv.is_null()) return unreadable(*c->source_);
    if (std::optional<std::string> f = c->failure(cv, input, with_origin)) return f;
  }
  for (size_t i = relational_begin_; i < leaf_order_.size(); ++i)
    if (std::optional<std::string> f = leaf_failure(leaf_order_[i])) return f;
  return std::nullopt;
}

void GuardManager::print(std::string& out, int depth, bool captured) const {
  std::string indent;
  for (int i = 0; i < depth; ++i) indent += "| ";
  for (const auto& leaf : leaves_)
    out += indent + "+- " + leaf->kind() + ": " + leaf->verbose_code_part() + (captured ? " " + leaf->captured_state() : "") + "\n";
  for (const GuardManager* c : print_order_) {
    out += indent + "+- GuardManager: source=" + c->source_->str() + ", accessed_by=" + c->source_->accessor_str() + "\n";
    c->print(out, depth + 1, captured);
  }
}

std::string RootGuardManager::str() const {
  std::string out = "TREE_GUARD_MANAGER:\n+- RootGuardManager\n";
  print(out, 1);
  if (shape_guards_) shape_guards_->print(out);
  return out;
}

std::string RootGuardManager::identity() const {
  std::string out;
  print(out, 1, /*captured=*/true);
  if (shape_guards_) shape_guards_->print(out);
  return out;
}

} // namespace refc::dynamo
