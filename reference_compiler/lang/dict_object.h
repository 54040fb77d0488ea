// Dict: an insertion-ordered hash map from hashable Values to Values, laid out
// as CPython's compact dict (a dense entry array in insertion order plus a
// sparse index table). Every mutation assigns the dict a fresh, globally unique
// version number, so guards and inline caches can tell "unchanged" with one
// integer compare. Also used for instance, class, module and globals dicts.
#pragma once

#include "reference_compiler/lang/cycle_collector.h"
#include "reference_compiler/lang/object.h"
#include "reference_compiler/lang/value.h"

#include <cstdint>
#include <vector>

namespace refc::lang {

struct Str;

struct Dict : TrackedObject {
  void traverse(ReferenceVisitor& visit) override;
  void clear_references() override;
  struct Entry {
    int64_t hash;
    Value key; // Null marks a deleted entry
    Value value;
  };

  Dict();

  int64_t size() const { return used_; }
  uint64_t version() const { return version_; }

  // Lookup; Null when absent. May run __hash__/__eq__ of user keys, which may raise.
  Value get(const Value& key) const;
  // Fast path for str keys (no user code runs).
  Value get(const Str* key) const;
  // Insert or replace.
  void set(const Value& key, Value value);
  void set(Str* key, Value value);
  // Removes `key`; returns the old value or Null when absent.
  Value pop(const Value& key);
  bool contains(const Value& key) const { return !get(key).is_null(); }
  void clear();
  // get/set/pop with hash(key) already known (copies, set algebra and views reuse
  // the hashes stored in entries instead of calling __hash__ again).
  Value get_with_hash(const Value& key, int64_t hash) const;
  void set_with_hash(const Value& key, int64_t hash, Value value);
  Value pop_with_hash(const Value& key, int64_t hash);
  // Removes and returns the last entry (LIFO, as dict.popitem); false when empty.
  bool pop_last(Value& key, Value& value);

  // Entries in insertion order; skip those whose key is Null.
  const std::vector<Entry>& entries() const { return entries_; }
  // Index of the entry for `key` in entries(), or -1 (for inline caches).
  int64_t find_index(const Str* key) const;

private:
  int64_t lookup_slot(const Value& key, int64_t hash) const; // index into entries_ or -1
  void insert_new(int64_t hash, Value key, Value value);
  void rebuild(size_t min_capacity);
  void touch();

  std::vector<Entry> entries_;
  std::vector<int32_t> index_; // -1 empty, -2 dummy, else entry index; size is a power of 2
  int64_t used_ = 0;
  uint64_t version_;
};

Ref<Dict> make_dict();
// The next globally unique dict version.
uint64_t next_dict_version();

} // namespace refc::lang
