// ModuleBuilder and the argument-binding and conversion helpers the native
// standard-library modules share (see module_builder.h). Messages follow
// CPython 3.11's ceval.c (Python functions) and getargs.c (C functions).
#include "reference_compiler/lang/module_builder.h"

#include "reference_compiler/lang/abstract.h"
#include "reference_compiler/lang/big_int.h"
#include "reference_compiler/lang/builtin_types.h"
#include "reference_compiler/lang/dict_object.h"
#include "reference_compiler/lang/errors.h"
#include "reference_compiler/lang/str_object.h"

#include <cmath>
#include <vector>

namespace refc::lang {

ModuleBuilder::ModuleBuilder(std::string name) : module_(make_module(std::move(name))) {}

ModuleBuilder& ModuleBuilder::function(std::string_view name, NativeFn fn) {
  module_->dict->set(intern(name), Value(make_native(std::string(name), fn, std::string(name))));
  return *this;
}

ModuleBuilder& ModuleBuilder::bound(std::string_view name, NativeFn fn, Value self) {
  Ref<NativeFunction> f = make_native(std::string(name), fn, std::string(name));
  f->self = std::move(self);
  module_->dict->set(intern(name), Value(std::move(f)));
  return *this;
}

ModuleBuilder& ModuleBuilder::value(std::string_view name, Value v) {
  module_->dict->set(intern(name), std::move(v));
  return *this;
}

TypeObject* make_module_type(std::string name, std::string module, Layout layout,
                             TypeObject* base, bool heap) {
  auto* t = new TypeObject(std::move(name), base ? base : types::object, layout, heap);
  // A heap class keeps __module__ in its dict, as classes made by class statements do.
  if (heap) t->dict->set(names::__module__, str_value(module));
  t->module = std::move(module);
  return t; // immortal, like every type object
}

// ---- argument binding -------------------------------------------------------

namespace {

std::string quoted_names(const std::vector<const char*>& names) {
  std::string s;
  for (size_t i = 0; i < names.size(); ++i) {
    if (i) s += names.size() == 2 ? " and " : (i + 1 == names.size() ? ", and " : ", ");
    s += '\'';
    s += names[i];
    s += '\'';
  }
  return s;
}

} // namespace

void bind_args(const Args& a, std::string_view fname, std::initializer_list<const char*> names,
               size_t npositional, size_t nrequired, Value* out, size_t nself) {
  const char* const* nm = names.begin();
  size_t nparams = names.size();
  for (size_t i = 0; i < nparams; ++i) out[i] = Value();
  size_t ncopy = a.npos < npositional ? a.npos : npositional;
  for (size_t i = 0; i < ncopy; ++i) out[i] = a[i];
  // Keywords first, as ceval does: an unknown keyword wins over a count error.
  for (size_t k = 0; k < a.nkw(); ++k) {
    std::string_view kw = a.kwname(k)->view();
    size_t j = 0;
    while (j < nparams && kw != nm[j]) ++j;
    if (j == nparams)
      raise(exc::TypeError,
            std::string(fname) + "() got an unexpected keyword argument '" + std::string(kw) + "'");
    if (!out[j].is_null())
      raise(exc::TypeError,
            std::string(fname) + "() got multiple values for argument '" + std::string(kw) + "'");
    out[j] = a.kwvalue(k);
  }
  if (a.npos > npositional) {
    size_t total = npositional + nself, given = a.npos + nself;
    size_t defaults = npositional > nrequired ? npositional - nrequired : 0;
    std::string sig = defaults ? "from " + std::to_string(total - defaults) + " to " +
                                     std::to_string(total)
                               : std::to_string(total);
    bool plural = defaults || total != 1;
    raise(exc::TypeError, std::string(fname) + "() takes " + sig + " positional argument" +
                              (plural ? "s" : "") + " but " + std::to_string(given) +
                              (given == 1 ? " was" : " were") + " given");
  }
  std::vector<const char*> missing;
  for (size_t i = 0; i < nrequired && i < npositional; ++i)
    if (out[i].is_null()) missing.push_back(nm[i]);
  if (!missing.empty())
    raise(exc::TypeError, std::string(fname) + "() missing " + std::to_string(missing.size()) +
                              " required positional argument" + (missing.size() == 1 ? "" : "s") +
                              ": " + quoted_names(missing));
  for (size_t i = npositional; i < nrequired; ++i)
    if (out[i].is_null()) missing.push_back(nm[i]);
  if (!missing.empty())
    raise(exc::TypeError, std::string(fname) + "() missing " + std::to_string(missing.size()) +
                              " required keyword-only argument" +
                              (missing.size() == 1 ? "" : "s") + ": " + quoted_names(missing));
}

void bind_clinic_args(const Args& a, std::string_view fname,
                      std::initializer_list<const char*> names, size_t nrequired, Value* out,
                      size_t npositional) {
  const char* const* nm = names.begin();
  size_t total = names.size();
  if (npositional > total) npositional = total;
  std::string f(fname);
  if (a.npos > npositional) {
    if (npositional < total)
      raise(exc::TypeError, f + "() takes at most " + std::to_string(npositional) +
                                " positional arguments (" + std::to_string(a.npos) + " given)");
    raise(exc::TypeError, f + "() takes at most " + std::to_string(total) + " argument" +
                              (total == 1 ? "" : "s") + " (" + std::to_string(a.npos) +
                              " given)");
  }
  if (a.npos + a.nkw() > total)
    raise(exc::TypeError, f + "() takes at most " + std::to_string(total) + " arguments (" +
                              std::to_string(a.npos + a.nkw()) + " given)");
  for (size_t i = 0; i < total; ++i) out[i] = i < a.npos ? a[i] : Value();
  for (size_t k = 0; k < a.nkw(); ++k) {
    std::string_view kw = a.kwname(k)->view();
    size_t j = 0;
    while (j < total && kw != nm[j]) ++j;
    if (j == total)
      raise(exc::TypeError, "'" + std::string(kw) + "' is an invalid keyword argument for " + f +
                                "()");
    if (j < a.npos)
      raise(exc::TypeError, "argument for " + f + "() given by name ('" + std::string(kw) +
                                "') and position (" + std::to_string(j + 1) + ")");
    out[j] = a.kwvalue(k);
  }
  for (size_t i = 0; i < nrequired; ++i)
    if (out[i].is_null())
      raise(exc::TypeError, f + "() missing required argument '" + nm[i] + "' (pos " +
                                std::to_string(i + 1) + ")");
}

void check_no_keywords(const Args& a, std::string_view fname) {
  if (a.nkw()) raise(exc::TypeError, std::string(fname) + "() takes no keyword arguments");
}

const Value& one_arg(const Args& a, std::string_view fname) {
  check_no_keywords(a, fname);
  if (a.npos != 1)
    raise(exc::TypeError, std::string(fname) + "() takes exactly one argument (" +
                              std::to_string(a.npos) + " given)");
  return a[0];
}

void no_args(const Args& a, std::string_view fname) {
  check_no_keywords(a, fname);
  if (a.npos != 0)
    raise(exc::TypeError,
          std::string(fname) + "() takes no arguments (" + std::to_string(a.npos) + " given)");
}

void check_positional(const Args& a, std::string_view fname, std::string_view qualified,
                      size_t min, size_t max) {
  check_no_keywords(a, qualified);
  check_arity(a, fname, min, max);
}

// ---- conversions ------------------------------------------------------------

double to_double(const Value& v) {
  switch (v.tag()) {
  case Tag::Float: return v.as_float();
  case Tag::Int:
  case Tag::Bool: return static_cast<double>(v.as_int());
  default: break;
  }
  if (!lookup_special(v, names::__float__).is_null()) {
    Value r = call_method(v, names::__float__, {});
    if (r.is_float()) return r.as_float();
    raise(exc::TypeError, type_name(v) + ".__float__ returned non-float (type " + type_name(r) +
                              ")");
  }
  if (!lookup_special(v, names::__index__).is_null()) return int_value_to_float(int_value_index(v));
  raise(exc::TypeError, "must be real number, not " + type_name(v));
}

} // namespace refc::lang
