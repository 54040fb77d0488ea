// Argument binding for Python functions, following CPython 3.11's
// initialize_locals(): positionals, *args, keywords (with **kwargs), then the
// checks and defaults, in CPython's order so the same error wins.
#include "reference_compiler/lang/argument_binding.h"

#include "reference_compiler/lang/abstract.h"
#include "reference_compiler/lang/builtin_types.h"
#include "reference_compiler/lang/dict_object.h"
#include "reference_compiler/lang/errors.h"
#include "reference_compiler/lang/tuple_object.h"

#include <string>
#include <vector>

namespace refc::lang {

namespace {

std::string qualname_of(Function* f) {
  if (f->qualname.is_obj() && f->qualname.type() == types::str)
    return std::string(f->qualname.as<Str>()->view());
  return f->code->qualname;
}

// 'a' / 'a' and 'b' / 'a', 'b', and 'c'
std::string format_names(const std::vector<std::string>& names) {
  auto q = [](const std::string& s) { return std::string(repr(str_value(s))->view()); };
  if (names.size() == 1) return q(names[0]);
  if (names.size() == 2) return q(names[0]) + " and " + q(names[1]);
  std::string out;
  for (size_t i = 0; i + 1 < names.size(); ++i) out += q(names[i]) + ", ";
  return out + "and " + q(names.back());
}

[[noreturn]] void missing_arguments(Function* f, const CodeObject* co, Value* slots,
                                    bool positional, int defcount) {
  int start = positional ? 0 : co->argcount;
  int end = positional ? co->argcount - defcount : co->argcount + co->kwonlyargcount;
  std::vector<std::string> missing;
  for (int i = start; i < end; ++i)
    if (slots[i].is_null()) missing.emplace_back(co->varnames[i]->view());
  raise(exc::TypeError, qualname_of(f) + "() missing " + std::to_string(missing.size()) +
                            " required " + (positional ? "positional" : "keyword-only") +
                            " argument" + (missing.size() == 1 ? "" : "s") + ": " +
                            format_names(missing));
}

[[noreturn]] void too_many_positional(Function* f, const CodeObject* co, size_t given,
                                      int defcount, Value* slots) {
  int kwonly_given = 0;
  for (int i = co->argcount; i < co->argcount + co->kwonlyargcount; ++i)
    if (!slots[i].is_null()) ++kwonly_given;
  std::string sig;
  bool plural;
  if (defcount) {
    plural = true;
    sig = "from " + std::to_string(co->argcount - defcount) + " to " +
          std::to_string(co->argcount);
  } else {
    plural = co->argcount != 1;
    sig = std::to_string(co->argcount);
  }
  std::string kwonly_sig;
  if (kwonly_given)
    kwonly_sig = std::string(" positional argument") + (given != 1 ? "s" : "") + " (and " +
                 std::to_string(kwonly_given) + " keyword-only argument" +
                 (kwonly_given != 1 ? "s" : "") + ")";
  raise(exc::TypeError, qualname_of(f) + "() takes " + sig + " positional argument" +
                            (plural ? "s" : "") + " but " + std::to_string(given) + kwonly_sig +
                            " " + (given == 1 && !kwonly_given ? "was" : "were") + " given");
}

} // namespace

std::string function_str(const Value& callable) {
  static Str* qualname_key = intern("__qualname__");
  Value qn = getattr_or_null(callable, qualname_key);
  if (qn.is_null() || !isinstance(qn, types::str))
    return std::string(to_str(callable)->view());
  Value mod = getattr_or_null(callable, names::__module__);
  std::string q(qn.as<Str>()->view());
  if (mod.is_obj() && isinstance(mod, types::str) && mod.as<Str>()->view() != "builtins")
    return std::string(mod.as<Str>()->view()) + "." + q + "()";
  return q + "()";
}

void bind_arguments(Function* f, const CodeObject* co, const Args& args, Value* slots) {
  const size_t argcount = static_cast<size_t>(co->argcount);
  const int total_args = co->argcount + co->kwonlyargcount;
  const bool has_varargs = (co->flags & CO_VARARGS) != 0;
  const bool has_varkw = (co->flags & CO_VARKEYWORDS) != 0;
  const int varargs_slot = total_args;
  const int varkw_slot = total_args + (has_varargs ? 1 : 0);

  Dict* kwdict = nullptr;
  if (has_varkw) {
    Ref<Dict> d = make_dict();
    kwdict = d.get();
    slots[varkw_slot] = Value(std::move(d));
  }

  // Positional arguments.
  size_t n = args.npos < argcount ? args.npos : argcount;
  for (size_t i = 0; i < n; ++i) slots[i] = args.values[i];
  if (has_varargs) {
    std::vector<Value> extra;
    for (size_t i = n; i < args.npos; ++i) extra.push_back(args.values[i]);
    slots[varargs_slot] = extra.empty() ? Value::borrow(empty_tuple())
                                        : Value(make_tuple(std::move(extra)));
  }

  // Keyword arguments.
  for (size_t k = 0; k < args.nkw(); ++k) {
    Str* name = args.kwname(k);
    const Value& value = args.kwvalue(k);
    int found = -1;
    for (int j = co->posonlyargcount; j < total_args; ++j)
      if (co->varnames[j] == name) {
        found = j;
        break;
      }
    if (found < 0)
      for (int j = co->posonlyargcount; j < total_args; ++j)
        if (str_equal(co->varnames[j], name)) {
          found = j;
          break;
        }
    if (found < 0) {
      if (kwdict) {
        kwdict->set(name, value);
        continue;
      }
      // Positional-only parameters passed by keyword get their own message.
      std::vector<std::string> posonly;
      for (int j = 0; j < co->posonlyargcount; ++j)
        for (size_t k2 = 0; k2 < args.nkw(); ++k2)
          if (str_equal(co->varnames[j], args.kwname(k2))) {
            posonly.emplace_back(co->varnames[j]->view());
            break;
          }
      if (!posonly.empty()) {
        std::string joined;
        for (size_t i = 0; i < posonly.size(); ++i) joined += (i ? ", " : "") + posonly[i];
        raise(exc::TypeError, qualname_of(f) +
                                  "() got some positional-only arguments passed as keyword "
                                  "arguments: '" +
                                  joined + "'");
      }
      raise(exc::TypeError, qualname_of(f) + "() got an unexpected keyword argument '" +
                                std::string(name->view()) + "'");
    }
    if (!slots[found].is_null())
      raise(exc::TypeError, qualname_of(f) + "() got multiple values for argument '" +
                                std::string(name->view()) + "'");
    slots[found] = value;
  }

  const int defcount = f->defaults ? static_cast<int>(f->defaults->items.size()) : 0;
  if (args.npos > argcount && !has_varargs)
    too_many_positional(f, co, args.npos, defcount, slots);

  // Missing positionals: defaults, else the error.
  if (args.npos < argcount) {
    int m = co->argcount - defcount;
    for (int i = static_cast<int>(args.npos); i < m; ++i)
      if (slots[i].is_null()) missing_arguments(f, co, slots, true, defcount);
    int i = static_cast<int>(n) > m ? static_cast<int>(n) - m : 0;
    for (; i < defcount; ++i)
      if (slots[m + i].is_null()) slots[m + i] = f->defaults->items[i];
  }

  // Keyword-only parameters: keyword defaults, else the error.
  if (co->kwonlyargcount > 0) {
    bool missing = false;
    for (int i = co->argcount; i < total_args; ++i) {
      if (!slots[i].is_null()) continue;
      if (f->kwdefaults) {
        Value d = f->kwdefaults->get(co->varnames[i]);
        if (!d.is_null()) {
          slots[i] = std::move(d);
          continue;
        }
      }
      missing = true;
    }
    if (missing) missing_arguments(f, co, slots, false, defcount);
  }
}

} // namespace refc::lang
