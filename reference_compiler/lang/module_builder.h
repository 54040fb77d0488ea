// ModuleBuilder: what the native standard-library modules (math, random, time,
// os, sys, ...) share to build themselves: a module with native functions and
// values in its dict, native helper types, and argument binding that reports
// errors in CPython's words — both the C-function wording ("math.sqrt() takes
// exactly one argument (0 given)") and the Python-function wording
// ("Random.randint() missing 1 required positional argument: 'b'") that
// programs see from CPython's own modules.
#pragma once

#include "reference_compiler/lang/module_object.h"
#include "reference_compiler/lang/native_function.h"
#include "reference_compiler/lang/type_object.h"
#include "reference_compiler/lang/value.h"

#include <cstdint>
#include <initializer_list>
#include <string>
#include <string_view>

namespace refc::lang {

class ModuleBuilder {
public:
  explicit ModuleBuilder(std::string name);

  // A module-level built-in function (repr "<built-in function name>").
  ModuleBuilder& function(std::string_view name, NativeFn fn);
  // A native function bound to `self` (module-level aliases of an instance's
  // methods, as random.randint is of a hidden Random instance).
  ModuleBuilder& bound(std::string_view name, NativeFn fn, Value self);
  ModuleBuilder& value(std::string_view name, Value v);
  Module* get() const { return module_.get(); }
  Ref<Module> finish() { return std::move(module_); }

private:
  Ref<Module> module_;
};

// A type for objects a native module defines (Random, deque, ...), with
// `module` as its __module__. `heap` types behave as classes defined in Python
// (their attributes may be set); others as built-in types.
TypeObject* make_module_type(std::string name, std::string module, Layout layout = Layout::Other,
                             TypeObject* base = nullptr, bool heap = false);

// ---- argument binding -------------------------------------------------------

// Binds `a` as CPython binds a call of a Python function
//   def fname(names[0], ..., names[npositional-1], *, names[npositional], ...)
// whose first `nrequired` parameters have no default: out[i] receives the
// argument for names[i], or Null when it was not given. `nself` is the count
// of an already-bound receiver, which CPython includes in "takes N positional
// arguments" messages of methods. Raises TypeError with CPython's wording.
void bind_args(const Args& a, std::string_view fname, std::initializer_list<const char*> names,
               size_t npositional, size_t nrequired, Value* out, size_t nself = 0);

// Binds `a` as CPython's argument clinic binds a C function's
// positional-or-keyword parameters `names` (the first `nrequired` required;
// those from `npositional` on keyword-only), with its wording:
// "combinations() missing required argument 'r' (pos 2)",
// "'x' is an invalid keyword argument for count()", "count() takes at most 2
// arguments (3 given)". out[i] is Null for an omitted optional parameter.
void bind_clinic_args(const Args& a, std::string_view fname,
                      std::initializer_list<const char*> names, size_t nrequired, Value* out,
                      size_t npositional = SIZE_MAX);

// C-function arity checks with CPython's wording:
// "fname() takes exactly one argument (2 given)" / "fname() takes no arguments (1 given)".
void check_no_keywords(const Args& a, std::string_view fname);
const Value& one_arg(const Args& a, std::string_view fname);
void no_args(const Args& a, std::string_view fname);
// "fname expected 2 arguments, got 1" / "... at least ..." / "... at most ..."
// (CPython's _PyArg_CheckPositional); no keywords allowed (qualified name in
// that message: "math.comb() takes no keyword arguments").
void check_positional(const Args& a, std::string_view fname, std::string_view qualified,
                      size_t min, size_t max);

// ---- conversions ------------------------------------------------------------

// PyFloat_AsDouble: float, int, bool, or an object with __float__ / __index__;
// otherwise TypeError "must be real number, not str".
double to_double(const Value& v);

} // namespace refc::lang
