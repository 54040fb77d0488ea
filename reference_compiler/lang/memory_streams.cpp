// io.BytesIO and io.StringIO: streams over a buffer in memory, with the
// methods of a file (read, readline, readlines, write, writelines, seek, tell,
// truncate, iteration, with) plus getvalue(). StringIO keeps its text as UTF-8
// and counts positions in code points; its `newline` argument works as
// CPython's (newline=None translates '\r\n' and '\r' to '\n' as text is
// written). Closed-stream messages differ between the two as in CPython
// ("I/O operation on closed file." vs "... file").
#include "reference_compiler/lang/memory_streams.h"

#include "reference_compiler/lang/abstract.h"
#include "reference_compiler/lang/builtin_types.h"
#include "reference_compiler/lang/bytes_object.h"
#include "reference_compiler/lang/container_support.h"
#include "reference_compiler/lang/errors.h"
#include "reference_compiler/lang/iterators.h"
#include "reference_compiler/lang/list_object.h"
#include "reference_compiler/lang/module_builder.h"
#include "reference_compiler/lang/newline_modes.h"
#include "reference_compiler/lang/utf8.h"

#include <algorithm>

namespace refc::lang {

namespace {

TypeObject* g_bytes_io = nullptr;
TypeObject* g_string_io = nullptr;

struct MemoryStream : Object {
  explicit MemoryStream(TypeObject* t) : Object(t) {}
  std::string buf; // bytes (BytesIO) or UTF-8 text (StringIO)
  int64_t pos = 0; // bytes (BytesIO) or code points (StringIO); may lie past the end
  bool closed = false;
  Newline newline = Newline::LF; // StringIO only
};

bool is_text(const MemoryStream* s) { return s->type == g_string_io; }

MemoryStream* self_stream(const Args& a, std::string_view method) {
  if (a.npos > 0 && a[0].is_obj() &&
      (a[0].as_obj()->type == g_bytes_io || a[0].as_obj()->type == g_string_io))
    return a[0].as<MemoryStream>();
  check_self(a, g_bytes_io, method);
  return nullptr;
}

void check_open(const MemoryStream* s) {
  if (s->closed)
    raise(exc::ValueError, is_text(s) ? "I/O operation on closed file" : "I/O operation on closed file.");
}

// A size argument: an int (or __index__) or None (-1).
int64_t size_arg(const Args& a, size_t i) {
  if (a.npos <= i || a[i].is_none()) return -1;
  if (!is_index_like(a[i]))
    raise(exc::TypeError, "argument should be integer or None, not '" + type_name(a[i]) + "'");
  return to_index(a[i]);
}

// ---- positions -------------------------------------------------------------------------

// Length in position units (bytes or code points).
int64_t length(const MemoryStream* s) {
  return is_text(s) ? utf8_length(s->buf) : static_cast<int64_t>(s->buf.size());
}

// The byte offset of position p (p <= length).
size_t byte_at(const MemoryStream* s, int64_t p) {
  return is_text(s) ? utf8_offset(s->buf, p) : static_cast<size_t>(p);
}

Value result(const MemoryStream* s, std::string data) {
  return is_text(s) ? str_value(std::move(data)) : bytes_value(std::move(data));
}

// ---- reading -------------------------------------------------------------------------------

std::string read_data(MemoryStream* s, int64_t n) {
  int64_t len = length(s);
  if (s->pos >= len) return {};
  int64_t take = n < 0 ? len - s->pos : std::min(n, len - s->pos);
  size_t b0 = byte_at(s, s->pos);
  size_t b1 = is_text(s) ? b0 + utf8_offset(std::string_view(s->buf).substr(b0), take)
                         : b0 + static_cast<size_t>(take);
  s->pos += take;
  return s->buf.substr(b0, b1 - b0);
}

std::string read_line(MemoryStream* s, int64_t limit) {
  if (s->pos >= length(s)) return {};
  size_t b0 = byte_at(s, s->pos);
  Newline mode = is_text(s) ? s->newline : Newline::LF;
  // newline=None text was translated as it was written: lines end at '\n'.
  if (mode == Newline::Universal) mode = Newline::LF;
  size_t end = find_line_end(s->buf, b0, mode, true);
  if (end == std::string::npos) end = s->buf.size();
  std::string_view line = std::string_view(s->buf).substr(b0, end - b0);
  if (limit >= 0) {
    size_t cut = is_text(s) ? utf8_offset(line, std::min<int64_t>(limit, utf8_length(line)))
                            : std::min(line.size(), static_cast<size_t>(limit));
    line = line.substr(0, cut);
  }
  s->pos += is_text(s) ? utf8_length(line) : static_cast<int64_t>(line.size());
  return std::string(line);
}

Value stream_read(Args a) {
  MemoryStream* s = self_stream(a, "read");
  check_positional(a.drop_first(), "read", "read", 0, 1);
  int64_t n = size_arg(a, 1);
  check_open(s);
  return result(s, read_data(s, n));
}

Value stream_readline(Args a) {
  MemoryStream* s = self_stream(a, "readline");
  check_positional(a.drop_first(), "readline", "readline", 0, 1);
  int64_t limit = size_arg(a, 1);
  check_open(s);
  return result(s, read_line(s, limit));
}

Value stream_readlines(Args a) {
  MemoryStream* s = self_stream(a, "readlines");
  check_positional(a.drop_first(), "readlines", "readlines", 0, 1);
  int64_t hint = size_arg(a, 1);
  check_open(s);
  std::vector<Value> lines;
  int64_t total = 0;
  for (;;) {
    std::string line = read_line(s, -1);
    if (line.empty()) break;
    total += is_text(s) ? utf8_length(line) : static_cast<int64_t>(line.size());
    lines.push_back(result(s, std::move(line)));
    if (hint > 0 && total >= hint) break;
  }
  return Value(make_list(std::move(lines)));
}

Value stream_next(Args a) {
  MemoryStream* s = self_stream(a, "__next__");
  check_open(s);
  std::string line = read_line(s, -1);
  if (line.empty()) return Value(); // StopIteration
  return result(s, std::move(line));
}

Value stream_self(Args a) {
  MemoryStream* s = self_stream(a, "__iter__");
  check_open(s);
  return a[0];
}

Value stream_readinto(Args a) {
  MemoryStream* s = self_stream(a, "readinto");
  check_method_one_arg(a, "readinto");
  check_open(s);
  if (!is_bytearray(a[1]))
    raise(exc::TypeError, "readinto() argument must be read-write bytes-like object, not " +
                              type_name(a[1]));
  Bytes* target = a[1].as<Bytes>();
  std::string data = read_data(s, target->size());
  std::copy(data.begin(), data.end(), target->data.begin());
  return Value::integer(static_cast<int64_t>(data.size()));
}

// ---- writing --------------------------------------------------------------------------------

// Stores `data` (bytes, or UTF-8 text of `chars` code points) at the position.
void write_at(MemoryStream* s, std::string_view data, int64_t chars) {
  constexpr int64_t kMaxBytes = int64_t{1} << 32; // as str's limit: MemoryError past it
  if (s->pos > kMaxBytes || chars > kMaxBytes) raise(exc::MemoryError, "");
  int64_t len = length(s);
  if (s->pos > len) {
    s->buf.append(static_cast<size_t>(s->pos - len), '\0');
    len = s->pos;
  }
  size_t b0 = byte_at(s, s->pos);
  int64_t overwritten = std::min(chars, len - s->pos);
  size_t b1 = is_text(s) ? b0 + utf8_offset(std::string_view(s->buf).substr(b0), overwritten)
                         : b0 + static_cast<size_t>(overwritten);
  s->buf.replace(b0, b1 - b0, data);
  s->pos += chars;
}

// StringIO's stored form of written text.
std::string stored_text(const MemoryStream* s, std::string_view text) {
  if (s->newline != Newline::Universal) return translate_for_write(text, s->newline);
  std::string out;
  for (size_t i = 0; i < text.size(); ++i) {
    if (text[i] == '\r') {
      out += '\n';
      if (i + 1 < text.size() && text[i + 1] == '\n') ++i;
    } else {
      out += text[i];
    }
  }
  return out;
}

int64_t write_value(MemoryStream* s, const Value& v) {
  if (is_text(s)) {
    if (!isinstance(v, types::str))
      raise(exc::TypeError, "string argument expected, got '" + type_name(v) + "'");
    check_open(s);
    std::string text = stored_text(s, v.as<Str>()->view());
    write_at(s, text, utf8_length(text));
    return v.as<Str>()->length;
  }
  check_open(s);
  std::string_view data = bytes_like_arg(v);
  std::string copy(data); // data may be the stream's own buffer
  write_at(s, copy, static_cast<int64_t>(copy.size()));
  return static_cast<int64_t>(copy.size());
}

Value stream_write(Args a) {
  MemoryStream* s = self_stream(a, "write");
  check_method_one_arg(a, "write");
  return Value::integer(write_value(s, a[1]));
}

Value stream_writelines(Args a) {
  MemoryStream* s = self_stream(a, "writelines");
  check_method_one_arg(a, "writelines");
  check_open(s);
  for (const Value& line : collect_items(a[1])) write_value(s, line);
  return Value::none();
}

Value stream_getvalue(Args a) {
  MemoryStream* s = self_stream(a, "getvalue");
  check_method_no_args(a, "getvalue");
  check_open(s);
  return result(s, s->buf);
}

// ---- positioning ----------------------------------------------------------------------------

int64_t seek_to(MemoryStream* s, int64_t offset, int64_t whence) {
  check_open(s);
  if (whence < 0 || whence > 2)
    raise(exc::ValueError, std::string(is_text(s) ? "Invalid" : "invalid") + " whence (" +
                               std::to_string(whence) + ", should be 0, 1 or 2)");
  if (is_text(s)) {
    if (whence == 0 && offset < 0)
      raise(exc::ValueError, "Negative seek position " + std::to_string(offset));
    if (whence != 0 && offset != 0) raise(exc::OSError, "Can't do nonzero cur-relative seeks");
    if (whence == 2) offset = length(s);
    if (whence == 1) offset = s->pos;
  } else {
    if (whence == 0 && offset < 0)
      raise(exc::ValueError, "negative seek value " + std::to_string(offset));
    if (whence == 1) offset = std::max<int64_t>(0, s->pos + offset);
    if (whence == 2) offset = std::max<int64_t>(0, length(s) + offset);
  }
  s->pos = offset;
  return offset;
}

Value stream_seek(Args a) {
  MemoryStream* s = self_stream(a, "seek");
  check_positional(a.drop_first(), "seek", "seek", 1, 2);
  return Value::integer(seek_to(s, to_index(a[1]), a.npos > 2 ? to_index(a[2]) : 0));
}

Value stream_tell(Args a) {
  MemoryStream* s = self_stream(a, "tell");
  check_method_no_args(a, "tell");
  check_open(s);
  return Value::integer(s->pos);
}

Value stream_truncate(Args a) {
  MemoryStream* s = self_stream(a, "truncate");
  check_positional(a.drop_first(), "truncate", "truncate", 0, 1);
  check_open(s);
  int64_t size = a.npos > 1 && !a[1].is_none() ? to_index(a[1]) : s->pos;
  if (size < 0) raise(exc::ValueError, "negative size value " + std::to_string(size));
  if (size < length(s)) s->buf.resize(byte_at(s, size));
  return Value::integer(size);
}

// ---- the rest ---------------------------------------------------------------------------------

Value stream_close(Args a) {
  self_stream(a, "close")->closed = true;
  return Value::none();
}

Value stream_exit(Args a) {
  static Str* close_name = intern("close");
  return call_method(a[0], close_name, {});
}

Value stream_closed(Args a) { return Value::boolean(self_stream(a, "closed")->closed); }

Value stream_true(Args a) {
  check_open(self_stream(a, "readable"));
  return Value::boolean(true);
}

Value stream_false(Args a) {
  check_open(self_stream(a, "isatty"));
  return Value::boolean(false);
}

Value stream_flush(Args a) {
  check_open(self_stream(a, "flush"));
  return Value::none();
}

Value stream_none(Args a) {
  self_stream(a, "newlines");
  return Value::none();
}

Value stream_line_buffering(Args a) {
  check_open(self_stream(a, "line_buffering"));
  return Value::boolean(false);
}

// __new__ of both types: `cls` must be BytesIO or StringIO (the struct serves only those).
Value stream_new(Args a) {
  if (a.npos == 0 || !a[0].is_obj() || (a[0].as_obj() != g_bytes_io && a[0].as_obj() != g_string_io))
    raise(exc::TypeError, "BytesIO.__new__(X): X is not BytesIO or StringIO");
  return Value(make<MemoryStream>(a[0].as<TypeObject>()));
}

Value bytes_io_init(Args a) {
  check_self(a, g_bytes_io, "__init__");
  MemoryStream* s = a[0].as<MemoryStream>();
  Value p[1];
  bind_clinic_args(a.drop_first(), "BytesIO", {"initial_bytes"}, 0, p);
  s->buf = p[0].is_null() || p[0].is_none() ? std::string() : std::string(bytes_like_arg(p[0]));
  s->pos = 0;
  s->closed = false;
  return Value::none();
}

Value string_io_init(Args a) {
  check_self(a, g_string_io, "__init__");
  MemoryStream* s = a[0].as<MemoryStream>();
  Value p[2];
  bind_clinic_args(a.drop_first(), "StringIO", {"initial_value", "newline"}, 0, p);
  if (isinstance(p[1], types::str)) {
    std::string_view nl = p[1].as<Str>()->view();
    if (!(nl.empty() || nl == "\n" || nl == "\r" || nl == "\r\n"))
      raise(exc::ValueError, "illegal newline value: " + std::string(repr(p[1])->view()));
  }
  s->newline = newline_mode(p[1], Newline::LF);
  s->buf.clear();
  s->pos = 0;
  s->closed = false;
  if (!p[0].is_null() && !p[0].is_none()) {
    if (!isinstance(p[0], types::str))
      raise(exc::TypeError, "initial_value must be str or None, not " + type_name(p[0]));
    write_value(s, p[0]);
    s->pos = 0;
  }
  return Value::none();
}

TypeObject* make_stream_type(const char* name) {
  TypeObject* t = make_module_type(name, "_io");
  add_new(t, stream_new);
  add_method(t, "read", stream_read);
  add_method(t, "readline", stream_readline);
  add_method(t, "readlines", stream_readlines);
  add_method(t, "write", stream_write);
  add_method(t, "writelines", stream_writelines);
  add_method(t, "getvalue", stream_getvalue);
  add_method(t, "seek", stream_seek);
  add_method(t, "tell", stream_tell);
  add_method(t, "truncate", stream_truncate);
  add_method(t, "close", stream_close);
  add_method(t, "flush", stream_flush);
  add_method(t, "readable", stream_true);
  add_method(t, "writable", stream_true);
  add_method(t, "seekable", stream_true);
  add_method(t, "isatty", stream_false);
  add_method(t, "__enter__", stream_self);
  add_method(t, "__exit__", stream_exit);
  add_method(t, "__iter__", stream_self);
  add_method(t, "__next__", stream_next);
  add_getter(t, "closed", stream_closed);
  return t;
}

void init_stream_types() {
  if (g_bytes_io) return;
  g_bytes_io = make_stream_type("BytesIO");
  add_method(g_bytes_io, "__init__", bytes_io_init);
  add_method(g_bytes_io, "read1", stream_read);
  add_method(g_bytes_io, "readinto", stream_readinto);
  g_string_io = make_stream_type("StringIO");
  add_method(g_string_io, "__init__", string_io_init);
  add_getter(g_string_io, "newlines", stream_none);
  add_getter(g_string_io, "encoding", stream_none);
  add_getter(g_string_io, "errors", stream_none);
  add_getter(g_string_io, "line_buffering", stream_line_buffering);
}

MemoryStream* bytes_io(const Value& v) {
  init_stream_types();
  if (!is_bytes_io(v)) raise(exc::TypeError, "expected an io.BytesIO, not " + type_name(v));
  return v.as<MemoryStream>();
}

} // namespace

TypeObject* bytes_io_type() { return init_stream_types(), g_bytes_io; }
TypeObject* string_io_type() { return init_stream_types(), g_string_io; }

bool is_bytes_io(const Value& v) {
  return g_bytes_io && v.is_obj() && v.as_obj()->type == g_bytes_io;
}

std::string bytes_io_read(const Value& stream, int64_t n) {
  MemoryStream* s = bytes_io(stream);
  check_open(s);
  return read_data(s, n);
}

void bytes_io_write(const Value& stream, std::string_view data) {
  MemoryStream* s = bytes_io(stream);
  check_open(s);
  std::string copy(data);
  write_at(s, copy, static_cast<int64_t>(copy.size()));
}

int64_t bytes_io_tell(const Value& stream) {
  MemoryStream* s = bytes_io(stream);
  check_open(s);
  return s->pos;
}

int64_t bytes_io_seek(const Value& stream, int64_t offset, int whence) {
  return seek_to(bytes_io(stream), offset, whence);
}

} // namespace refc::lang
