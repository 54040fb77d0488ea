// The tracer's exception handling, as 2.14 traces its exception tables: a
// built-in exception raised while tracing (made at trace time from constant
// arguments) unwinds to the innermost try of the traced frames, inlined ones
// included, and its except clauses are traced like any code; nothing is
// raised when the compiled code runs, the trace having followed the handler.
// An exception no traced frame catches is still unsupported, as before.
#include "reference_compiler/dynamo/instruction_translator.h"

#include "reference_compiler/lang/abstract.h"
#include "reference_compiler/lang/builtin_types.h"
#include "reference_compiler/lang/interpreter.h"
#include "reference_compiler/lang/tuple_object.h"

namespace refc::dynamo {

using lang::Layout;
using lang::Op;
using lang::Value;
using Kind = Variable::Kind;

namespace {

// The object a tracker stands for, when the trace knows it (null otherwise):
// an exception, a class, a tuple of classes.
Value known_value(const VarPtr& v) {
  if (v->is(Kind::Object)) return v->value;
  if (v->is_python_constant()) return v->as_python_constant();
  if (!v->is(Kind::Tuple)) return Value();
  std::vector<Value> items;
  for (const VarPtr& item : v->items) {
    items.push_back(known_value(item));
    if (items.back().is_null()) return Value();
  }
  return Value(lang::make_tuple(std::move(items)));
}

bool is_exception(const Value& v) { return v.is_obj() && v.as_obj()->type->layout == Layout::Exception; }

// Whether `exc` (an exception instance) matches an except clause's `type`
// (a class or a tuple of classes).
bool matches(const Value& exc, const Value& type) {
  if (type.is_obj() && type.as_obj()->type == lang::types::tuple) {
    for (const Value& t : type.as<lang::Tuple>()->items)
      if (matches(exc, t)) return true;
    return false;
  }
  return type.is_obj() && type.as_obj()->type->layout == Layout::Type &&
         lang::isinstance(exc, type.as<lang::TypeObject>());
}

} // namespace

bool is_builtin_exception_class(const Value& v) {
  if (!v.is_obj() || v.as_obj()->type->layout != Layout::Type) return false;
  const auto* t = v.as<lang::TypeObject>();
  return !t->heap && t->is_subtype(lang::exc::BaseException);
}

VarPtr exception_text(const std::string& fname, const std::vector<VarPtr>& args) {
  if (args.size() != 1 || !args[0]->is(Kind::Object) || !is_exception(args[0]->value)) return nullptr;
  if (fname == "str") return Variable::constant(Value(lang::to_str(args[0]->value)));
  if (fname == "repr") return Variable::constant(Value(lang::repr(args[0]->value)));
  return nullptr;
}

bool InstructionTranslator::in_try() const {
  for (const InstructionTranslator* t = this; t; t = t->parent_)
    if (!t->blocks_.empty()) return true;
  return false;
}

void InstructionTranslator::raise_observed(const VarPtr& exc) {
  if (blocks_.empty()) throw ObservedException{exc}; // the caller's translator handles it (in_try said one does)
  const Block b = blocks_.back();
  if (b.context) unsupported("Unsupported: an exception raised inside a with block");
  blocks_.pop_back();
  stack_.resize(b.depth);
  push(exc);
  jump(static_cast<uint32_t>(b.handler));
}

bool InstructionTranslator::step_exception(const lang::Instruction& in) {
  switch (in.op) {
  case Op::RAISE_VARARGS: {
    if (!in_try()) return false;
    if (in.arg == 0) {
      if (!handled_) return false;
      raise_observed(handled_);
      return true;
    }
    if (in.arg != 1) return false;
    const VarPtr v = pop();
    const Value value = known_value(v);
    if (is_builtin_exception_class(value)) { // `raise KeyError`: the class is called
      raise_observed(Variable::object(lang::call(value, {})));
      return true;
    }
    if (!is_exception(value)) return false;
    raise_observed(v);
    return true;
  }
  case Op::RERAISE: {
    if (!in_try()) return false;
    raise_observed(pop());
    return true;
  }
  case Op::PUSH_EXC_INFO: {
    VarPtr e = pop();
    push(handled_ ? handled_ : Variable::none());
    handled_ = e;
    push(std::move(e));
    return true;
  }
  case Op::POP_EXCEPT: {
    const VarPtr previous = pop();
    handled_ = previous->is_python_constant() && previous->as_python_constant().is_none() ? nullptr : previous;
    return true;
  }
  case Op::CHECK_EXC_MATCH: {
    const Value type = known_value(pop());
    const Value exc = known_value(stack_.back());
    if (type.is_null() || exc.is_null()) return false;
    push(Variable::constant(Value::boolean(matches(exc, type))));
    return true;
  }
  default: return false;
  }
}

} // namespace refc::dynamo
