// SetObject: set and frozenset. The table follows CPython's setobject.c exactly
// (linear probing then perturbation, the same resize rule), so iteration order,
// and with it printed output, matches CPython's.
#pragma once

#include "reference_compiler/lang/cycle_collector.h"
#include "reference_compiler/lang/object.h"
#include "reference_compiler/lang/value.h"

#include <vector>

namespace refc::lang {

struct SetObject : TrackedObject {
  void traverse(ReferenceVisitor& visit) override;
  void clear_references() override;
  struct Entry {
    int64_t hash;
    Value key; // Null: empty; the dummy marker for deleted slots is `dummy_key()`
  };

  explicit SetObject(TypeObject* type); // types::set or types::frozenset

  int64_t size() const { return used_; }
  bool contains(const Value& key) const;
  // Returns true when the key was not present.
  bool add(const Value& key);
  // Returns true when the key was present.
  bool discard(const Value& key);
  void clear();
  // Calls f(key) for each element in table order (the iteration order).
  template <class F> void for_each(F&& f) const {
    for (const Entry& e : table_)
      if (e.key.is_obj() ? e.key.as_obj() != dummy_key() : !e.key.is_null()) f(e.key);
  }
  const std::vector<Entry>& table() const { return table_; }
  static Object* dummy_key();

private:
  std::vector<Entry> table_; // size is a power of two, at least 8
  int64_t used_ = 0, fill_ = 0;
  int64_t finger_ = 0; // for pop()
  mutable int64_t hash_ = -1; // frozenset hash cache
  friend struct SetAccess;
};

Ref<SetObject> make_set();
Ref<SetObject> make_frozenset();

// The set algebra of setobject.c, shared with dict views and builtins. Each
// follows CPython's insertion order (and with it the resulting iteration order).
// set(iterable) / frozenset(iterable) (a frozenset of a frozenset is itself).
Ref<SetObject> make_set_from(const Value& iterable, bool frozen = false);
// s |= iterable (set_update_internal: sets and dicts use their stored hashes).
void set_update(SetObject* s, const Value& iterable);
// s -= iterable, s ^= iterable (difference_update / symmetric_difference_update).
void set_difference_update(SetObject* s, const Value& iterable);
void set_symmetric_difference_update(SetObject* s, const Value& iterable);
// s.intersection(iterable) as a new set of s's kind.
Ref<SetObject> set_intersection(SetObject* s, const Value& iterable);
// hash(frozenset): CPython's order-independent algorithm, cached.
int64_t frozenset_hash(const SetObject* s);

} // namespace refc::lang
