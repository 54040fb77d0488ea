// SetAccess: the table algorithms of setobject.c, with access to SetObject's
// private state. set_object.cpp defines them; set_type.cpp's set and frozenset
// methods call them directly, as CPython's methods call setobject.c's static functions.
#pragma once

#include "reference_compiler/lang/builtin_types.h"
#include "reference_compiler/lang/set_object.h"
#include "reference_compiler/lang/type_object.h"

#include <vector>

namespace refc::lang {

struct SetAccess {
  using Entry = SetObject::Entry;

  static bool is_dummy(const Value& k) {
    return k.is_obj() && k.as_obj() == SetObject::dummy_key();
  }
  static bool is_active(const Entry& e) { return !e.key.is_null() && !is_dummy(e.key); }
  static size_t mask(const SetObject* so) { return so->table_.size() - 1; }

  // Equality of a stored key with `key` (same hash already checked); sets
  // `restart` when user code changed the table under the probe.
  static bool entry_matches(SetObject* so, size_t j, const Value& key, bool& restart);

  // set_lookkey: the index of the entry holding `key`, or of the empty slot
  // that ends its probe sequence.
  static size_t lookkey(SetObject* so, const Value& key, int64_t hash);
  static void insert_clean(std::vector<Entry>& table, const Value& key, int64_t hash);
  static void table_resize(SetObject* so, int64_t minused);

  // set_add_entry: true when the key was added.
  static bool add_entry(SetObject* so, const Value& key, int64_t hash);

  static bool contains_entry(SetObject* so, const Value& key, int64_t hash) {
    return !so->table_[lookkey(so, key, hash)].key.is_null();
  }

  // Calls visit(key, hash) for each key of the smaller set that the larger
  // also holds, until visit returns false; false when it stopped early.
  template <typename Visit> static bool for_each_common(SetObject* x, SetObject* y, Visit visit);

  // set_discard_entry: true when the key was present.
  static bool discard_entry(SetObject* so, const Value& key, int64_t hash);
  static void clear(SetObject* so);
  static void merge(SetObject* so, SetObject* other);
  static void update_internal(SetObject* so, const Value& other);
  static bool is_anyset(const Value& v);

  // make_new_set_basetype: an empty set or frozenset like `so`.
  static Ref<SetObject> new_like(const SetObject* so) {
    return make<SetObject>(so->type->layout == Layout::FrozenSet ? types::frozenset : types::set);
  }

  static Ref<SetObject> copy(SetObject* so);
  static Ref<SetObject> intersection(SetObject* so, const Value& other);
  static void difference_update(SetObject* so, const Value& other_value);
  static Ref<SetObject> copy_and_difference(SetObject* so, const Value& other);
  static Ref<SetObject> difference(SetObject* so, const Value& other);
  static void symmetric_difference_update(SetObject* so, const Value& other);
  static Ref<SetObject> symmetric_difference(SetObject* so, const Value& other);
  static bool issubset(SetObject* so, const Value& other);
  static bool issuperset(SetObject* so, const Value& other);
  static bool isdisjoint(SetObject* so, const Value& other);
  static Value pop(SetObject* so);

  // set_swap_bodies (the finger stays with its set, as in CPython).
  static void swap_bodies(SetObject* a, SetObject* b);

  static int64_t cached_hash(const SetObject* so) { return so->hash_; }

  static int64_t hash(const SetObject* so);
};

} // namespace refc::lang
