// InsertionOrderedMap: a map that iterates in the order keys were first
// inserted, as a Python dict does. The automatic-dynamic state is rendered
// and saved in the order Dynamo first saw each code object and each input,
// which is the order pgo.py's defaultdicts print.
//
// Elements live in a deque, so references to values stay valid while other
// keys are added (the tracer keeps a CodeState& across a whole trace).
// Nothing is ever erased: the state only grows, as in pgo.py.
#pragma once

#include <cstddef>
#include <deque>
#include <functional>
#include <map>
#include <utility>

namespace refc::dynamo {

template <class Key, class Value, class Less = std::less<Key>> class InsertionOrderedMap {
public:
  using value_type = std::pair<const Key, Value>;
  using iterator = typename std::deque<value_type>::iterator;
  using const_iterator = typename std::deque<value_type>::const_iterator;

  InsertionOrderedMap() = default;
  InsertionOrderedMap(const InsertionOrderedMap&) = default;
  InsertionOrderedMap(InsertionOrderedMap&&) noexcept = default;
  // Copy-and-swap: the elements' keys are const, so they cannot be assigned
  // one by one.
  InsertionOrderedMap& operator=(InsertionOrderedMap other) noexcept {
    items_.swap(other.items_);
    index_.swap(other.index_);
    return *this;
  }

  // The value for `key`, default-constructed and appended when new.
  Value& operator[](const Key& key) {
    auto [it, inserted] = index_.try_emplace(key, items_.size());
    if (inserted) items_.emplace_back(key, Value{});
    return items_[it->second].second;
  }

  Value* find(const Key& key) {
    auto it = index_.find(key);
    return it == index_.end() ? nullptr : &items_[it->second].second;
  }
  const Value* find(const Key& key) const {
    auto it = index_.find(key);
    return it == index_.end() ? nullptr : &items_[it->second].second;
  }
  bool contains(const Key& key) const { return index_.count(key) != 0; }

  size_t size() const { return items_.size(); }
  bool empty() const { return items_.empty(); }

  // Iteration in first-insertion order; keys are const.
  iterator begin() { return items_.begin(); }
  iterator end() { return items_.end(); }
  const_iterator begin() const { return items_.begin(); }
  const_iterator end() const { return items_.end(); }

  // Dict equality: the same keys with equal values, whatever the order.
  friend bool operator==(const InsertionOrderedMap& a, const InsertionOrderedMap& b) {
    if (a.size() != b.size()) return false;
    for (const value_type& item : a.items_) {
      const Value* other = b.find(item.first);
      if (!other || !(*other == item.second)) return false;
    }
    return true;
  }

private:
  std::deque<value_type> items_;
  std::map<Key, size_t, Less> index_; // key -> position in items_
};

} // namespace refc::dynamo
