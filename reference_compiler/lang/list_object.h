// List: a mutable sequence of Values.
#pragma once

#include "reference_compiler/lang/cycle_collector.h"
#include "reference_compiler/lang/object.h"
#include "reference_compiler/lang/value.h"

#include <vector>

namespace refc::lang {

struct List : TrackedObject {
  List();
  explicit List(std::vector<Value> items);
  void traverse(ReferenceVisitor& visit) override;
  void clear_references() override;
  std::vector<Value> items;
  int64_t size() const { return static_cast<int64_t>(items.size()); }
};

Ref<List> make_list(std::vector<Value> items = {});
// list.sort(key=key, reverse=reverse) (key: callable, or Null/None). Raises
// ValueError "list modified during sort" when the key or a comparison changed it.
void sort_list(List* l, const Value& key, bool reverse);

} // namespace refc::lang
