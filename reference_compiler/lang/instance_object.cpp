// Instance and ExceptionObject construction. Instances of user classes (and of
// the built-in exception classes) get their attribute dict eagerly: nearly all
// of them store attributes in __init__, and a non-null dict keeps the VM's
// attribute fast paths free of checks. Instances of plain `object` have none,
// as in CPython (object().x = 1 fails).
#include "reference_compiler/lang/instance_object.h"

#include "reference_compiler/lang/builtin_types.h"

namespace refc::lang {

Instance::Instance(TypeObject* type) : Object(type) {
  if (type != types::object) dict = make_dict();
}

ExceptionObject::ExceptionObject(TypeObject* type)
    : Instance(type), args(Ref<Tuple>::borrow(empty_tuple())) {}

} // namespace refc::lang
