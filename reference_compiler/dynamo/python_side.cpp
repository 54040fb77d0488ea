// torch._dynamo's Python modules as the C++ front end sees them (see python_side.h).
#include "reference_compiler/dynamo/python_side.h"

#include "reference_compiler/lang/abstract.h"
#include "reference_compiler/lang/errors.h"
#include "reference_compiler/lang/instance_object.h"
#include "reference_compiler/lang/interpreter.h"
#include "reference_compiler/lang/str_object.h"

namespace refc::dynamo {

using lang::Value;

Value dynamo_config(const char* name) {
  // The config module replaces itself in sys.modules by an object: reach it as an attribute.
  return lang::getattr(lang::getattr(Value(lang::import_module("torch._dynamo")), lang::intern("config")),
                       lang::intern(name));
}

void bump_counter(const char* category, const std::string& key, int64_t n) {
  Value counters = lang::getattr(Value(lang::import_module("torch._dynamo.utils")), lang::intern("counters"));
  Value counter = lang::getitem(counters, Value(lang::make_str(category)));
  Value k = Value(lang::make_str(key));
  lang::setitem(counter, k, lang::binary_op(lang::BinaryOp::Add, lang::getitem(counter, k), Value::integer(n)));
}

void raise_dynamo_exception(const char* type, const std::string& message, const Value& traceback_of) {
  Value cls = lang::getattr(Value(lang::import_module("torch._dynamo.exc")), lang::intern(type));
  Value exc = lang::call(cls, {Value(lang::make_str(message))});
  if (!traceback_of.is_null()) {
    auto* e = exc.as<lang::ExceptionObject>();
    e->traceback = traceback_of.as<lang::ExceptionObject>()->traceback;
    e->suppress_context = true;
  }
  lang::raise(exc);
}

} // namespace refc::dynamo
