// The `sys` module: argv, exit, the interpreter limits and identity
// (maxsize, version, version_info, platform, byteorder, float_info), the
// exception being handled (exc_info), the loaded-module table (sys.modules is
// the interpreter's own dict) and the standard streams. sys.stdout writes into
// the same buffer as print(), so the two interleave exactly; sys.stderr
// flushes that buffer before each write; their .buffer writes bytes the same
// way. sys.stdin is a text file object over descriptor 0 (file_object.h).
#include "reference_compiler/lang/abstract.h"
#include "reference_compiler/lang/builtin_types.h"
#include "reference_compiler/lang/bytes_object.h"
#include "reference_compiler/lang/errors.h"
#include "reference_compiler/lang/file_object.h"
#include "reference_compiler/lang/int_digit_limit.h"
#include "reference_compiler/lang/interpreter.h"
#include "reference_compiler/lang/list_object.h"
#include "reference_compiler/lang/module_builder.h"
#include "reference_compiler/lang/named_tuple.h"
#include "reference_compiler/lang/output.h"
#include "reference_compiler/lang/str_object.h"
#include "reference_compiler/lang/tuple_object.h"
#include "reference_compiler/lang/frame.h"
#include "reference_compiler/lang/vm.h"

#include <unistd.h>

#include <cfloat>
#include <climits>
#include <cstdio>
#include <string>

namespace refc::lang {

namespace {

// ---- the standard streams ---------------------------------------------------------

TypeObject* stream_type = nullptr;

struct StreamObject : Object {
  StreamObject(int fd, std::string name, std::string mode)
      : Object(stream_type), fd(fd), name(std::move(name)), mode(std::move(mode)) {}
  int fd;
  std::string name; // "<stdout>"
  std::string mode;
};

StreamObject* stream_self(const Args& a, std::string_view method) {
  check_self(a, stream_type, method);
  return a[0].as<StreamObject>();
}

void write_text(StreamObject* s, std::string_view text) {
  if (s->fd == 1) {
    write_stdout(text);
    return;
  }
  flush_stdout(); // keep stdout and stderr in program order
  std::fwrite(text.data(), 1, text.size(), s->fd == 2 ? stderr : stdout);
  std::fflush(stderr);
}

Value stream_write(Args a) {
  StreamObject* s = stream_self(a, "write");
  const Value& text = one_arg(a.drop_first(), "TextIOWrapper.write");
  if (!isinstance(text, types::str))
    raise(exc::TypeError, "write() argument must be str, not " + type_name(text));
  write_text(s, text.as<Str>()->view());
  return Value::integer(text.as<Str>()->length);
}

Value stream_writelines(Args a) {
  StreamObject* s = stream_self(a, "writelines");
  Value it = get_iter(one_arg(a.drop_first(), "TextIOWrapper.writelines"));
  for (Value line = iter_next(it); !line.is_null(); line = iter_next(it)) {
    if (!isinstance(line, types::str))
      raise(exc::TypeError, "write() argument must be str, not " + type_name(line));
    write_text(s, line.as<Str>()->view());
  }
  return Value::none();
}

Value stream_flush(Args a) {
  StreamObject* s = stream_self(a, "flush");
  no_args(a.drop_first(), "TextIOWrapper.flush");
  if (s->fd == 1) flush_stdout();
  if (s->fd == 2) std::fflush(stderr);
  return Value::none();
}

Value stream_isatty(Args a) {
  StreamObject* s = stream_self(a, "isatty");
  no_args(a.drop_first(), "TextIOWrapper.isatty");
  return Value::boolean(isatty(s->fd) == 1);
}

Value stream_fileno(Args a) {
  StreamObject* s = stream_self(a, "fileno");
  no_args(a.drop_first(), "TextIOWrapper.fileno");
  return Value::integer(s->fd);
}

Value stream_repr(Args a) {
  StreamObject* s = stream_self(a, "__repr__");
  return str_value("<_io.TextIOWrapper name='" + s->name + "' mode='" + s->mode +
                   "' encoding='utf-8'>");
}

Value stream_name(Args a) { return str_value(stream_self(a, "name")->name); }
Value stream_mode(Args a) { return str_value(stream_self(a, "mode")->mode); }
Value stream_encoding(Args a) {
  stream_self(a, "encoding");
  return str_value("utf-8");
}
Value stream_closed(Args a) {
  stream_self(a, "closed");
  return Value::boolean(false);
}

// sys.stdout.buffer and sys.stderr.buffer: bytes written into the same
// streams (and, for stdout, the same buffer print() uses), so they interleave
// with text in program order.
TypeObject* stream_buffer_type = nullptr;

struct StreamBuffer : Object {
  explicit StreamBuffer(Ref<StreamObject> text) : Object(stream_buffer_type), text(std::move(text)) {}
  Ref<StreamObject> text;
};

StreamObject* buffer_stream(const Args& a, std::string_view method) {
  check_self(a, stream_buffer_type, method);
  return a[0].as<StreamBuffer>()->text.get();
}

Value buffer_write(Args a) {
  StreamObject* s = buffer_stream(a, "write");
  const Value& data = one_arg(a.drop_first(), "write");
  std::string_view bytes = bytes_like_arg(data);
  write_text(s, bytes);
  return Value::integer(static_cast<int64_t>(bytes.size()));
}

Value buffer_flush(Args a) {
  StreamObject* s = buffer_stream(a, "flush");
  if (s->fd == 1) flush_stdout();
  if (s->fd == 2) std::fflush(stderr);
  return Value::none();
}

Value buffer_fileno(Args a) { return Value::integer(buffer_stream(a, "fileno")->fd); }
Value buffer_name(Args a) { return str_value(buffer_stream(a, "name")->name); }
Value buffer_repr(Args a) {
  return str_value("<_io.BufferedWriter name='" + buffer_stream(a, "__repr__")->name + "'>");
}

Value stream_buffer(Args a) {
  StreamObject* s = stream_self(a, "buffer");
  if (!stream_buffer_type) {
    stream_buffer_type = make_module_type("BufferedWriter", "_io");
    add_method(stream_buffer_type, "write", buffer_write);
    add_method(stream_buffer_type, "flush", buffer_flush);
    add_method(stream_buffer_type, "fileno", buffer_fileno);
    add_method(stream_buffer_type, "__repr__", buffer_repr);
    add_getter(stream_buffer_type, "name", buffer_name);
  }
  return Value(make<StreamBuffer>(Ref<StreamObject>::borrow(s)));
}

Value make_stream(int fd, const char* name, const char* mode) {
  if (!stream_type) {
    stream_type = make_module_type("TextIOWrapper", "_io");
    add_method(stream_type, "write", stream_write);
    add_method(stream_type, "writelines", stream_writelines);
    add_method(stream_type, "flush", stream_flush);
    add_method(stream_type, "isatty", stream_isatty);
    add_method(stream_type, "fileno", stream_fileno);
    add_method(stream_type, "__repr__", stream_repr);
    add_getter(stream_type, "name", stream_name);
    add_getter(stream_type, "mode", stream_mode);
    add_getter(stream_type, "encoding", stream_encoding);
    add_getter(stream_type, "closed", stream_closed);
    add_getter(stream_type, "buffer", stream_buffer);
  }
  return Value(make<StreamObject>(fd, name, mode));
}

// ---- functions ----------------------------------------------------------------------

Value sys_exit(Args a) {
  check_positional(a, "exit", "sys.exit", 0, 1);
  Value cls = Value::borrow(exc::SystemExit);
  if (a.npos == 0 || a[0].is_none()) raise(call(cls, {}));
  // A tuple status becomes the exception's args, as PyErr_SetObject does.
  if (a[0].is_obj() && a[0].type() == types::tuple) {
    const std::vector<Value>& items = a[0].as<Tuple>()->items;
    raise(call(cls, Args{items.data(), items.size(), nullptr}));
  }
  raise(call(cls, {a[0]}));
}

Value sys_getrecursionlimit(Args a) {
  no_args(a, "sys.getrecursionlimit");
  return Value::integer(interp().recursion_limit);
}

Value sys_get_int_max_str_digits(Args a) {
  no_args(a, "sys.get_int_max_str_digits");
  return Value::integer(int_max_str_digits());
}

Value sys_set_int_max_str_digits(Args a) {
  Value limit_arg[1];
  bind_clinic_args(a, "set_int_max_str_digits", {"maxdigits"}, 1, limit_arg, 1);
  int64_t limit = index_value(limit_arg[0]);
  if (limit != 0 && limit < kMaxStrDigitsThreshold)
    raise(exc::ValueError, "maxdigits must be 0 or larger than " + std::to_string(kMaxStrDigitsThreshold));
  set_int_max_str_digits(limit);
  return Value::none();
}

Value sys_setrecursionlimit(Args a) {
  const Value& v = one_arg(a, "sys.setrecursionlimit");
  if (v.is_float()) raise(exc::TypeError, "'float' object cannot be interpreted as an integer");
  int64_t limit = index_value(v);
  if (limit < 1) raise(exc::ValueError, "recursion limit must be greater or equal than 1");
  if (limit > INT_MAX) raise(exc::OverflowError, "Python int too large to convert to C int");
  if (limit <= interp().depth)
    raise(exc::RecursionError, "cannot set the recursion limit to " + std::to_string(limit) +
                                   " at the recursion depth " + std::to_string(interp().depth) +
                                   ": the limit is too low");
  interp().recursion_limit = static_cast<int>(limit);
  return Value::none();
}

Value sys_getdefaultencoding(Args a) {
  no_args(a, "sys.getdefaultencoding");
  return str_value("utf-8");
}

Value sys_intern(Args a) {
  const Value& s = one_arg(a, "sys.intern");
  if (!isinstance(s, types::str))
    raise(exc::TypeError, "intern() argument must be str, not " + type_name(s));
  return Value::borrow(intern(s.as<Str>()->view()));
}

// sys.exc_info() / sys.exception(): the exception being handled.
Value sys_exc_info(Args a) {
  no_args(a, "sys.exc_info");
  const Value& e = handled_exception();
  if (e.is_null()) return Value(make_tuple({Value::none(), Value::none(), Value::none()}));
  Value tb = getattr_or_null(e, intern("__traceback__"));
  return Value(make_tuple({Value::borrow(e.type()), e, tb.is_null() ? Value::none() : tb}));
}

Value sys_exception(Args a) {
  no_args(a, "sys.exception");
  const Value& e = handled_exception();
  return e.is_null() ? Value::none() : e;
}

// ---- sys._getframe ------------------------------------------------------------------

// A snapshot of a Python frame: its code, current line and globals, and the
// snapshot of its caller. Live frames sit in the VM's arena and vanish when
// they return, so programs get copies (enough for logging's findCaller and
// namedtuple's module lookup).
TypeObject* frame_type = nullptr;

struct FrameSnapshot : Object {
  FrameSnapshot() : Object(frame_type) {}
  Value code, globals, back;
  int64_t lineno = 0;
};

FrameSnapshot* frame_self(const Args& a, std::string_view name) {
  check_self(a, frame_type, name);
  return a[0].as<FrameSnapshot>();
}

Value frame_code(Args a) { return frame_self(a, "f_code")->code; }
Value frame_globals(Args a) { return frame_self(a, "f_globals")->globals; }
Value frame_back(Args a) { return frame_self(a, "f_back")->back; }
Value frame_lineno(Args a) { return Value::integer(frame_self(a, "f_lineno")->lineno); }

Value sys_getframe(Args a) {
  check_positional(a, "_getframe", "sys._getframe", 0, 1);
  int64_t depth = a.npos == 1 ? index_value(a[0]) : 0;
  Frame* f = current_frame();
  for (int64_t i = 0; f && i < depth; ++i) f = f->previous();
  if (!f) raise(exc::ValueError, "call stack is not deep enough");
  if (!frame_type) {
    frame_type = make_module_type("frame", "builtins");
    add_getter(frame_type, "f_code", frame_code);
    add_getter(frame_type, "f_globals", frame_globals);
    add_getter(frame_type, "f_back", frame_back);
    add_getter(frame_type, "f_lineno", frame_lineno);
  }
  std::vector<Ref<FrameSnapshot>> chain;
  for (; f; f = f->previous()) {
    Ref<FrameSnapshot> s = make<FrameSnapshot>();
    s->code = Value::borrow(f->code());
    s->globals = f->globals() ? Value::borrow(f->globals()) : Value::none();
    s->lineno = f->line();
    chain.push_back(std::move(s));
  }
  for (size_t i = chain.size(); i-- > 0;)
    chain[i]->back = i + 1 < chain.size() ? Value(chain[i + 1]) : Value::none();
  return Value(chain.front());
}

std::string executable_path() {
  char buf[4096];
  ssize_t n = readlink("/proc/self/exe", buf, sizeof buf - 1);
  return n > 0 ? std::string(buf, static_cast<size_t>(n)) : std::string();
}

Value version_info() {
  static TypeObject* t = make_named_tuple_type(
      "version_info", "sys", {"major", "minor", "micro", "releaselevel", "serial"}, {}, true);
  return make_named_tuple(t, {Value::integer(3), Value::integer(11), Value::integer(7),
                              str_value("final"), Value::integer(0)});
}

Value float_info() {
  static TypeObject* t = make_named_tuple_type(
      "float_info", "sys",
      {"max", "max_exp", "max_10_exp", "min", "min_exp", "min_10_exp", "dig", "mant_dig",
       "epsilon", "radix", "rounds"},
      {}, true);
  return make_named_tuple(
      t, {Value::floating(DBL_MAX), Value::integer(DBL_MAX_EXP), Value::integer(DBL_MAX_10_EXP),
          Value::floating(DBL_MIN), Value::integer(DBL_MIN_EXP), Value::integer(DBL_MIN_10_EXP),
          Value::integer(DBL_DIG), Value::integer(DBL_MANT_DIG), Value::floating(DBL_EPSILON),
          Value::integer(FLT_RADIX), Value::integer(1)});
}

Value int_info() {
  static TypeObject* t = make_named_tuple_type(
      "int_info", "sys",
      {"bits_per_digit", "sizeof_digit", "default_max_str_digits", "str_digits_check_threshold"},
      {}, true);
  return make_named_tuple(t, {Value::integer(30), Value::integer(4), Value::integer(4300),
                              Value::integer(640)});
}

} // namespace

Ref<Module> create_sys_module() {
  ModuleBuilder m("sys");
  std::vector<Value> argv;
  for (const std::string& arg : interp().argv) argv.push_back(str_value(arg));
  m.value("argv", Value(make_list(std::move(argv))))
      .value("orig_argv", Value(make_list()))
      .value("path", Value(make_list()))
      .value("modules", Value(interp().modules))
      .value("maxsize", Value::integer(INT64_MAX))
      .value("maxunicode", Value::integer(0x10FFFF))
      .value("byteorder", str_value("little"))
      .value("platform", str_value("linux"))
      .value("version", str_value("3.11.7 (refc interpreter)"))
      .value("version_info", version_info())
      .value("hexversion", Value::integer(0x030B07F0))
      .value("float_info", float_info())
      .value("int_info", int_info())
      .value("float_repr_style", str_value("short"))
      .value("executable", str_value(executable_path()))
      .value("dont_write_bytecode", Value::boolean(true))
      .value("stdin", open_standard_stream(0, "r", "<stdin>"))
      .value("stdout", make_stream(1, "<stdout>", "w"))
      .value("stderr", make_stream(2, "<stderr>", "w"))
      .function("exit", sys_exit)
      .function("getrecursionlimit", sys_getrecursionlimit)
      .function("setrecursionlimit", sys_setrecursionlimit)
      .function("get_int_max_str_digits", sys_get_int_max_str_digits)
      .function("set_int_max_str_digits", sys_set_int_max_str_digits)
      .function("getdefaultencoding", sys_getdefaultencoding)
      .function("intern", sys_intern)
      .function("exc_info", sys_exc_info)
      .function("exception", sys_exception)
      .function("_getframe", sys_getframe);
  Module* mod = m.get();
  mod->dict->set(intern("__stdout__"), mod->dict->get(intern("stdout")));
  mod->dict->set(intern("__stderr__"), mod->dict->get(intern("stderr")));
  mod->dict->set(intern("__stdin__"), mod->dict->get(intern("stdin")));
  return m.finish();
}

} // namespace refc::lang
