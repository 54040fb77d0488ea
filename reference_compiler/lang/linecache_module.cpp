// The `linecache` module: the lines of the files this process compiled (the
// program, the modules it imported, the embedded standard library), as
// `warnings` and user code quote them. A file the interpreter did not compile
// has no lines here (CPython would read it from disk); sources never change
// during a run, so checkcache() and clearcache() have nothing to do.
#include "reference_compiler/lang/abstract.h"
#include "reference_compiler/lang/container_support.h"
#include "reference_compiler/lang/errors.h"
#include "reference_compiler/lang/list_object.h"
#include "reference_compiler/lang/module_builder.h"
#include "reference_compiler/lang/str_object.h"
#include "reference_compiler/lang/traceback.h"

#include <string>
#include <vector>

namespace refc::lang {

namespace {

// A filename that is not a str has no lines, as in CPython.
std::string filename_of(const Value& v) { return is_str(v) ? std::string(v.as<Str>()->view()) : std::string(); }

// getline(filename, lineno, module_globals=None): the line with its newline, or ''.
Value linecache_getline(Args a) {
  Value p[3];
  bind_args(a, "getline", {"filename", "lineno", "module_globals"}, 3, 2, p);
  std::optional<std::string> line = raw_source_line(filename_of(p[0]), index_value(p[1]));
  return str_value(line ? *line + "\n" : std::string());
}

// getlines(filename, module_globals=None): every line, each with its newline.
Value linecache_getlines(Args a) {
  Value p[2];
  bind_args(a, "getlines", {"filename", "module_globals"}, 2, 1, p);
  const std::string filename = filename_of(p[0]);
  std::vector<Value> lines;
  for (int64_t n = 1;; ++n) {
    std::optional<std::string> line = raw_source_line(filename, n);
    if (!line) break;
    lines.push_back(str_value(*line + "\n"));
  }
  return Value(make_list(std::move(lines)));
}

Value linecache_checkcache(Args a) {
  Value p[1];
  bind_args(a, "checkcache", {"filename"}, 1, 0, p);
  return Value::none();
}

Value linecache_clearcache(Args a) {
  no_args(a, "clearcache");
  return Value::none();
}

} // namespace

Ref<Module> create_linecache_module() {
  ModuleBuilder m("linecache");
  m.function("getline", linecache_getline)
      .function("getlines", linecache_getlines)
      .function("checkcache", linecache_checkcache)
      .function("clearcache", linecache_clearcache);
  return m.finish();
}

} // namespace refc::lang
