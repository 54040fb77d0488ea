// DictView: the dict_keys, dict_values and dict_items views returned by
// dict.keys()/values()/items(). Live views of their dict: len, iteration
// (forwards and reversed), `in`, repr "dict_keys(['a'])", and for keys and
// items views the set operations (& | - ^, comparisons, isdisjoint) that
// produce sets as CPython's do.
#pragma once

#include "reference_compiler/lang/dict_object.h"
#include "reference_compiler/lang/object.h"
#include "reference_compiler/lang/value.h"

namespace refc::lang {

enum class DictViewKind : uint8_t { Keys, Values, Items };

struct DictView : Object {
  DictView(Ref<Dict> dict, DictViewKind kind);
  Ref<Dict> dict;
  DictViewKind kind;
};

Value make_dict_view(Ref<Dict> dict, DictViewKind kind);

namespace view_types {
inline TypeObject* dict_keys = nullptr;
inline TypeObject* dict_values = nullptr;
inline TypeObject* dict_items = nullptr;
} // namespace view_types

// Creates the three view types and registers their methods (init_dict_type
// calls it).
void init_dict_view_types();

} // namespace refc::lang
