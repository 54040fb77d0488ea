// Instance and ExceptionObject construction. Instances of user classes (and of
// the built-in exception classes) get their attribute dict eagerly: nearly all
// of them store attributes in __init__, and a non-null dict keeps the VM's
// attribute fast paths free of checks. Instances of plain `object` have none,
// as in CPython (object().x = 1 fails).
#include "reference_compiler/lang/instance_object.h"

#include "reference_compiler/lang/builtin_types.h"

namespace refc::lang {

Instance::Instance(TypeObject* type) : TrackedObject(type) {
  if (type != types::object) dict = make_dict();
}

ExceptionObject::ExceptionObject(TypeObject* type)
    : Instance(type), args(Ref<Tuple>::borrow(empty_tuple())) {}

void Instance::traverse(ReferenceVisitor& visit) { visit(dict); }
void Instance::clear_references() { Ref<Dict> dropped = std::move(dict); }

void ExceptionObject::traverse(ReferenceVisitor& visit) {
  Instance::traverse(visit);
  visit(args);
  visit(cause);
  visit(context);
}
void ExceptionObject::clear_references() {
  Instance::clear_references();
  Ref<Tuple> dropped_args = std::move(args);
  args = Ref<Tuple>::borrow(empty_tuple());
  Value dropped_cause = std::move(cause), dropped_context = std::move(context);
}

} // namespace refc::lang
