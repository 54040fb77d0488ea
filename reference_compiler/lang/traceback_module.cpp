// The `traceback` module's everyday part: format_exc / print_exc for the
// exception being handled, and format_exception / print_exception /
// format_exception_only for a given one — all producing the text the
// interpreter prints for an uncaught exception (traceback.h), which is
// CPython 3.11's format. logging formats exc_info with it.
#include "reference_compiler/lang/abstract.h"
#include "reference_compiler/lang/builtin_types.h"
#include "reference_compiler/lang/errors.h"
#include "reference_compiler/lang/interpreter.h"
#include "reference_compiler/lang/list_object.h"
#include "reference_compiler/lang/module_builder.h"
#include "reference_compiler/lang/str_object.h"
#include "reference_compiler/lang/traceback.h"
#include "reference_compiler/lang/vm.h"

#include <string>
#include <vector>

namespace refc::lang {

namespace {

// The exception a format/print call is about: format_exception(exc) (3.10+),
// or the legacy (type, value, tb) triple's value.
Value exception_arg(const Args& a, const char* fname) {
  if (a.npos == 0)
    raise(exc::TypeError,
          std::string(fname) + "() missing 1 required positional argument: 'exc'");
  if (a.npos >= 2) return a[1];
  return a[0];
}

// CPython's text for "no exception": print_exception(None) prints this.
std::string text_of(const Value& e) {
  if (e.is_null() || e.is_none()) return "NoneType: None\n";
  if (!isinstance(e, exc::BaseException)) {
    // A class given as the exception (format_exception(ValueError)).
    if (e.is_obj() && e.as_obj()->type->layout == Layout::Type &&
        e.as<TypeObject>()->is_subtype(exc::BaseException))
      return e.as<TypeObject>()->name + "\n";
    raise(exc::TypeError, "Exception expected for value, " + type_name(e) + " found");
  }
  return format_exception(e);
}

// The text split after each newline, as a list of str (''.join() restores it).
Value lines_of(const std::string& text) {
  std::vector<Value> out;
  size_t start = 0;
  while (start < text.size()) {
    size_t nl = text.find('\n', start);
    size_t end = nl == std::string::npos ? text.size() : nl + 1;
    out.push_back(str_value(text.substr(start, end - start)));
    start = end;
  }
  return Value(make_list(std::move(out)));
}

// print_* write to sys.stderr (or file=), through its write method.
void write_to(const Value& file, const std::string& text) {
  Value target = file;
  if (target.is_null() || target.is_none()) {
    Ref<Module> sys = import_module("sys");
    target = sys->dict->get(intern("stderr"));
  }
  call_method(target, intern("write"), {str_value(text)});
}

Value handled() {
  const Value& e = handled_exception();
  return e.is_null() ? Value::none() : e;
}

Value tb_format_exc(Args a) {
  Value p[2];
  bind_args(a, "format_exc", {"limit", "chain"}, 2, 0, p);
  return str_value(text_of(handled()));
}

Value tb_print_exc(Args a) {
  Value p[3];
  bind_args(a, "print_exc", {"limit", "file", "chain"}, 3, 0, p);
  write_to(p[1], text_of(handled()));
  return Value::none();
}

Value tb_format_exception(Args a) {
  Value p[5];
  bind_args(a, "format_exception", {"exc", "value", "tb", "limit", "chain"}, 5, 1, p);
  Value e = p[1].is_null() ? p[0] : p[1];
  return lines_of(text_of(e));
}

Value tb_print_exception(Args a) {
  Value p[6];
  bind_args(a, "print_exception", {"exc", "value", "tb", "limit", "file", "chain"}, 6, 1, p);
  Value e = p[1].is_null() ? p[0] : p[1];
  write_to(p[4], text_of(e));
  return Value::none();
}

// The last line(s) only: "ValueError: x\n".
Value tb_format_exception_only(Args a) {
  Value e = exception_arg(a, "format_exception_only");
  std::string text = text_of(e);
  // The final line of the full text is the exception line.
  size_t end = text.size();
  if (end && text[end - 1] == '\n') --end;
  size_t start = text.rfind('\n', end ? end - 1 : 0);
  start = start == std::string::npos ? 0 : start + 1;
  return lines_of(text.substr(start));
}

} // namespace

Ref<Module> create_traceback_module() {
  ModuleBuilder m("traceback");
  m.function("format_exc", tb_format_exc)
      .function("print_exc", tb_print_exc)
      .function("format_exception", tb_format_exception)
      .function("print_exception", tb_print_exception)
      .function("format_exception_only", tb_format_exception_only);
  return m.finish();
}

} // namespace refc::lang
