// Traceback recording and CPython 3.11-style printing (pythonrun.c's
// print_exception_recursive and traceback.c's tb_print_internal): the chain of
// causes and contexts, one entry per frame with its stripped source line,
// collapsing of runs of identical entries after three ("[Previous line
// repeated N more times]"), the 1000-entry limit, SyntaxError's own layout,
// and the "Did you mean" suggestions for NameError and AttributeError.
#include "reference_compiler/lang/traceback.h"

#include "reference_compiler/lang/abstract.h"
#include "reference_compiler/lang/builtin_types.h"
#include "reference_compiler/lang/dict_object.h"
#include "reference_compiler/lang/errors.h"
#include "reference_compiler/lang/instance_object.h"
#include "reference_compiler/lang/module_object.h"
#include "reference_compiler/lang/output.h"
#include "reference_compiler/lang/suggestions.h"
#include "reference_compiler/lang/syntax_error.h"
#include "reference_compiler/lang/tuple_object.h"

#include <algorithm>
#include <set>
#include <unistd.h>
#include <unordered_map>

namespace refc::lang {

namespace {

// CPython's default traceback print limit (sys.tracebacklimit).
constexpr size_t kTracebackLimit = 1000;

std::unordered_map<std::string, std::vector<std::string>>& sources() {
  static std::unordered_map<std::string, std::vector<std::string>> s;
  return s;
}

// The names visible where the last NameError was raised (CPython reads them
// from the traceback's innermost frame when printing).
struct NameErrorContext {
  Value exc;
  std::vector<std::string> locals, globals, builtins;
};
NameErrorContext& name_error_context() {
  static NameErrorContext c;
  return c;
}

std::vector<std::string> dict_keys(Dict* d) {
  std::vector<std::string> out;
  if (!d) return out;
  for (const Dict::Entry& e : d->entries())
    if (e.key.is_obj() && e.key.as_obj()->type == types::str)
      out.emplace_back(e.key.as<Str>()->view());
  return out;
}

std::string strip(const std::string& s) {
  size_t b = s.find_first_not_of(" \t\f\r\n\v");
  if (b == std::string::npos) return {};
  size_t e = s.find_last_not_of(" \t\f\r\n\v");
  return s.substr(b, e - b + 1);
}

Value dict_attr(const Value& exc, const char* key) {
  if (!exc.is_obj()) return Value();
  Dict* d = exc.as<Instance>()->dict.get();
  if (!d) return Value();
  return d->get(intern(key));
}

// dir(obj) as CPython's suggestion code sees it: sorted attribute names.
std::vector<std::string> dir_of(const Value& obj) {
  std::set<std::string> names;
  auto add_dict = [&](Dict* d) {
    for (std::string& k : dict_keys(d)) names.insert(std::move(k));
  };
  if (obj.is_obj()) {
    Object* o = obj.as_obj();
    switch (o->type->layout) {
    case Layout::Module: add_dict(static_cast<Module*>(o)->dict.get()); break;
    case Layout::Type:
      for (TypeObject* t : static_cast<TypeObject*>(o)->mro) add_dict(t->dict.get());
      break;
    case Layout::Instance:
    case Layout::Exception: add_dict(static_cast<Instance*>(o)->dict.get()); break;
    default: break;
    }
    if (o->type->layout != Layout::Module && o->type->layout != Layout::Type)
      for (TypeObject* t : o->type->mro) add_dict(t->dict.get());
  } else {
    for (TypeObject* t : obj.type()->mro) add_dict(t->dict.get());
  }
  return {names.begin(), names.end()};
}

std::string suggestion_for(const Value& exc) {
  if (isinstance(exc, exc::NameError) && !isinstance(exc, exc::UnboundLocalError)) {
    Value name = dict_attr(exc, "name");
    if (!name.is_obj() || name.as_obj()->type != types::str) return {};
    NameErrorContext& c = name_error_context();
    if (!c.exc.is(exc)) return {};
    std::string_view n = name.as<Str>()->view();
    for (auto* list : {&c.locals, &c.globals, &c.builtins}) {
      std::string s = suggest_name(n, *list);
      if (!s.empty()) return s;
    }
    return {};
  }
  if (isinstance(exc, exc::AttributeError)) {
    Value name = dict_attr(exc, "name");
    Value obj = dict_attr(exc, "obj");
    if (!name.is_obj() || name.as_obj()->type != types::str || obj.is_null()) return {};
    return suggest_name(name.as<Str>()->view(), dir_of(obj));
  }
  return {};
}

std::string type_label(const Value& exc) {
  TypeObject* t = exc.is_obj() ? exc.as_obj()->type : exc.type();
  if (t->module.empty() || t->module == "builtins" || t->module == "__main__") return t->qualname;
  return t->module + "." + t->qualname;
}

// The last line: "Type: message" (or just "Type"), with any suggestion.
std::string exception_only(const Value& exc) {
  std::string label = type_label(exc);
  std::string msg;
  try {
    msg = std::string(to_str(exc)->view());
  } catch (PyError&) {
    msg = "<exception str() failed>";
  }
  std::string line = msg.empty() ? label : label + ": " + msg;
  try {
    std::string s = suggestion_for(exc);
    if (!s.empty()) line += ". Did you mean: '" + s + "'?";
  } catch (PyError&) {
  }
  return line + "\n";
}

// SyntaxError's own layout: its location block instead of "Type: message".
bool format_syntax_error_exc(const Value& exc, std::string& out) {
  if (!isinstance(exc, exc::SyntaxError)) return false;
  auto* eo = exc.as<ExceptionObject>();
  if (!eo->args || eo->args->items.size() != 2) return false;
  const Value& msg = eo->args->items[0];
  const Value& loc = eo->args->items[1];
  if (!isinstance(msg, types::str) || !(loc.is_obj() && loc.as_obj()->type == types::tuple))
    return false;
  const auto& l = loc.as<Tuple>()->items;
  if (l.size() < 4) return false;
  SyntaxErrorInfo info;
  TypeObject* t = exc.as_obj()->type;
  info.kind = t->name;
  info.msg = std::string(msg.as<Str>()->view());
  if (isinstance(l[0], types::str)) info.filename = std::string(l[0].as<Str>()->view());
  if (l[1].is_intlike()) info.lineno = static_cast<int>(l[1].as_int());
  if (l[2].is_intlike()) info.offset = static_cast<int>(l[2].as_int());
  if (isinstance(l[3], types::str)) info.text = std::string(l[3].as<Str>()->view());
  if (l.size() >= 6) {
    if (l[4].is_intlike()) info.end_lineno = static_cast<int>(l[4].as_int());
    if (l[5].is_intlike()) info.end_offset = static_cast<int>(l[5].as_int());
  }
  out += format_syntax_error(info);
  return true;
}

void format_traceback(const std::vector<TracebackEntry>& tb, std::string& out) {
  constexpr int kRecursiveCutoff = 3;
  size_t start = tb.size() > kTracebackLimit ? tb.size() - kTracebackLimit : 0;
  out += "Traceback (most recent call last):\n";
  const TracebackEntry* last = nullptr;
  int count = 0;
  auto repeated = [&](int n) {
    n -= kRecursiveCutoff;
    out += "  [Previous line repeated " + std::to_string(n) + " more time" + (n > 1 ? "s" : "") +
           "]\n";
  };
  for (size_t i = start; i < tb.size(); ++i) {
    const TracebackEntry& e = tb[i];
    if (!last || e.filename != last->filename || e.lineno != last->lineno ||
        e.function != last->function) {
      if (count > kRecursiveCutoff) repeated(count);
      last = &e;
      count = 0;
    }
    ++count;
    if (count > kRecursiveCutoff) continue;
    out += "  File \"" + e.filename + "\", line " + std::to_string(e.lineno) + ", in " +
           e.function + "\n";
    std::string src = source_line(e.filename, e.lineno);
    if (!src.empty()) out += "    " + src + "\n";
  }
  if (count > kRecursiveCutoff) repeated(count);
}

bool present(const Value& v) { return !v.is_null() && !v.is_none(); }

void format_chain(const Value& exc, std::string& out, std::set<const Object*>& seen) {
  if (!exc.is_obj()) {
    out += exception_only(exc);
    return;
  }
  seen.insert(exc.as_obj());
  auto* eo = exc.as<ExceptionObject>();
  if (present(eo->cause) && eo->cause.is_obj() && !seen.count(eo->cause.as_obj())) {
    format_chain(eo->cause, out, seen);
    out += "\nThe above exception was the direct cause of the following exception:\n\n";
  } else if (present(eo->context) && !eo->suppress_context && eo->context.is_obj() &&
             !seen.count(eo->context.as_obj())) {
    format_chain(eo->context, out, seen);
    out += "\nDuring handling of the above exception, another exception occurred:\n\n";
  }
  if (!eo->traceback.empty()) format_traceback(eo->traceback, out);
  if (!format_syntax_error_exc(exc, out)) out += exception_only(exc);
}

} // namespace

void register_source(const std::string& filename, std::string source) {
  std::vector<std::string> lines;
  size_t pos = 0;
  while (pos <= source.size()) {
    size_t nl = source.find('\n', pos);
    if (nl == std::string::npos) {
      if (pos < source.size()) lines.push_back(source.substr(pos));
      break;
    }
    lines.push_back(source.substr(pos, nl - pos));
    pos = nl + 1;
  }
  sources()[filename] = std::move(lines);
}

std::optional<std::string> raw_source_line(const std::string& filename, int64_t lineno) {
  auto it = sources().find(filename);
  if (it == sources().end() || lineno < 1 || static_cast<size_t>(lineno) > it->second.size())
    return std::nullopt;
  return it->second[static_cast<size_t>(lineno) - 1];
}

std::string source_line(const std::string& filename, int lineno) {
  std::optional<std::string> line = raw_source_line(filename, lineno);
  return line ? strip(*line) : std::string();
}

void add_traceback_entry(const Value& exc, const CodeObject* code, int line) {
  if (!exc.is_obj() || !isinstance(exc, exc::BaseException)) return;
  auto& tb = exc.as<ExceptionObject>()->traceback;
  // Entries are prepended as the exception moves outward. Only the innermost
  // kTracebackLimit are ever printed (CPython's limit too), so stop there:
  // that keeps unwinding a very deep recursion linear.
  if (tb.size() >= kTracebackLimit) return;
  tb.insert(tb.begin(), TracebackEntry{code->filename, code->name, line});
}

void note_name_error(const Value& exc, Frame* f) {
  NameErrorContext& c = name_error_context();
  c.exc = exc;
  c.locals.clear();
  for (Str* s : f->code()->varnames) c.locals.emplace_back(s->view());
  c.globals = dict_keys(f->globals());
  c.builtins = dict_keys(f->builtins());
}

std::string format_exception(const Value& exc) {
  std::string out;
  std::set<const Object*> seen;
  format_chain(exc, out, seen);
  return out;
}

void write_all_to_stderr(const std::string& text) {
  const char* p = text.data();
  size_t left = text.size();
  while (left > 0) {
    ssize_t n = ::write(2, p, left);
    if (n <= 0) break;
    p += n;
    left -= static_cast<size_t>(n);
  }
}

void print_exception(const Value& exc) {
  flush_stdout();
  write_all_to_stderr(format_exception(exc));
}

} // namespace refc::lang
