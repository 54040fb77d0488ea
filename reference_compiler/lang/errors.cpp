// Raising Python exceptions from C++: new_exception builds an instance of a
// built-in exception class directly (no Python-level __init__ runs, so natives
// can raise cheaply), raise() throws it wrapped in PyError, and internal_error
// turns a broken invariant into SystemError rather than a crash.
#include "reference_compiler/lang/errors.h"

#include "reference_compiler/lang/abstract.h"
#include "reference_compiler/lang/builtin_types.h"
#include "reference_compiler/lang/instance_object.h"

namespace refc::lang {

Value new_exception(TypeObject* type, std::string message) {
  Ref<ExceptionObject> e = make<ExceptionObject>(type);
  if (!message.empty()) e->args = make_tuple({str_value(std::move(message))});
  return Value(std::move(e));
}

void raise(TypeObject* type, std::string message) {
  throw PyError{new_exception(type, std::move(message))};
}

void raise(Value exception_or_class) {
  if (exception_or_class.is_obj()) {
    TypeObject* t = exception_or_class.type();
    if (t->layout == Layout::Exception) throw PyError{std::move(exception_or_class)};
    if (t->layout == Layout::Type) {
      auto* cls = exception_or_class.as<TypeObject>();
      if (cls->is_subtype(exc::BaseException)) {
        Value inst = call(exception_or_class, {});
        if (inst.type()->layout != Layout::Exception)
          raise(exc::TypeError, "calling " + std::string(repr(exception_or_class)->view()) +
                                    " should have returned an instance of BaseException, not " +
                                    type_name(inst));
        throw PyError{std::move(inst)};
      }
    }
  }
  raise(exc::TypeError, "exceptions must derive from BaseException");
}

void raise_int_overflow() { raise(exc::OverflowError, "integer overflow (refc ints are 64-bit)"); }

void internal_error(const char* file, int line, const std::string& what) {
  // Report the path from the source root so messages do not depend on where
  // the tree was built.
  std::string_view path(file);
  size_t at = path.rfind("reference_compiler/");
  if (at != std::string_view::npos) path.remove_prefix(at);
  raise(exc::SystemError,
        "internal error at " + std::string(path) + ":" + std::to_string(line) + ": " + what);
}

} // namespace refc::lang
