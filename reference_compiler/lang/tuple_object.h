// Tuple: an immutable sequence of Values.
#pragma once

#include "reference_compiler/lang/cycle_collector.h"
#include "reference_compiler/lang/object.h"
#include "reference_compiler/lang/value.h"

#include <initializer_list>
#include <vector>

namespace refc::lang {

struct Tuple : TrackedObject {
  Tuple();
  explicit Tuple(std::vector<Value> items);
  void traverse(ReferenceVisitor& visit) override;
  void clear_references() override;
  std::vector<Value> items;
  int64_t size() const { return static_cast<int64_t>(items.size()); }
};

Ref<Tuple> make_tuple(std::vector<Value> items);
Ref<Tuple> make_tuple(std::initializer_list<Value> items);
// A fresh instance of a tuple subclass (never the shared empty tuple).
Ref<Tuple> make_tuple_of(TypeObject* cls, std::vector<Value> items);
// The shared empty tuple.
Tuple* empty_tuple();
// hash(t): CPython 3.11's xxHash-based tuple hash (raises for unhashable items).
int64_t tuple_hash(const Tuple* t);

} // namespace refc::lang
