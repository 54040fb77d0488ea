// Value::type(): the Python type of a tagged value. Immediates map to their
// fixed built-in types; objects carry their type in the header.
#include "reference_compiler/lang/value.h"

#include "reference_compiler/lang/builtin_types.h"

namespace refc::lang {

TypeObject* Value::type() const {
  switch (tag_) {
  case Tag::Obj:
    return bits_.o->type;
  case Tag::Int:
    return types::int_;
  case Tag::Float:
    return types::float_;
  case Tag::Bool:
    return types::bool_;
  case Tag::None:
  case Tag::Null: // never visible to programs; NoneType keeps callers safe
    return types::none_type;
  }
  return types::none_type;
}

} // namespace refc::lang
