// The file objects open() returns (open() itself: file_open.cpp): one C++ FileObject behind CPython's
// file types (_io.TextIOWrapper for text modes; _io.BufferedReader,
// BufferedWriter and BufferedRandom for binary ones; _io.FileIO for
// unbuffered binary ones). A file reads through a
// buffer of 8 KiB chunks (decoded text in text mode, with the undecoded tail
// of a chunk kept back) and collects writes until flush, close, a seek or a
// read; tell() counts bytes, as CPython's cookies do for these codecs.
// Universal newlines and the other `newline` modes follow newline_modes.h.
// Messages are CPython 3.11's ("I/O operation on closed file.",
// "io.UnsupportedOperation: not readable", "[Errno 2] No such file or
// directory: 'x.txt'"). Also the byte-stream API of file_object.h.
#include "reference_compiler/lang/file_object_internal.h"

#include "reference_compiler/lang/abstract.h"
#include "reference_compiler/lang/builtin_types.h"
#include "reference_compiler/lang/bytes_object.h"
#include "reference_compiler/lang/container_support.h"
#include "reference_compiler/lang/errors.h"
#include "reference_compiler/lang/iterators.h"
#include "reference_compiler/lang/list_object.h"
#include "reference_compiler/lang/memory_streams.h"
#include "reference_compiler/lang/module_builder.h"
#include "reference_compiler/lang/newline_modes.h"
#include "reference_compiler/lang/text_codecs.h"
#include "reference_compiler/lang/tuple_object.h"
#include "reference_compiler/lang/utf8.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <unordered_set>

namespace refc::lang {

namespace file_detail {

TypeObject* g_text_type = nullptr;
TypeObject* g_reader_type = nullptr;
TypeObject* g_writer_type = nullptr;
TypeObject* g_random_type = nullptr;
TypeObject* g_raw_type = nullptr;
TypeObject* g_unsupported = nullptr;

std::unordered_set<FileObject*>& open_files() {
  static auto* files = new std::unordered_set<FileObject*>();
  return *files;
}

FileObject* as_file(const Value& v) {
  if (!v.is_obj()) return nullptr;
  TypeObject* t = v.as_obj()->type;
  if (t == g_text_type || t == g_reader_type || t == g_writer_type || t == g_random_type ||
      t == g_raw_type)
    return v.as<FileObject>();
  return nullptr;
}

void raise_os_error(int err, const Value& filename) {
  TypeObject* t = exc::OSError;
  switch (err) {
  case ENOENT: t = exc::FileNotFoundError; break;
  case EEXIST: t = exc::FileExistsError; break;
  case EISDIR: t = exc::IsADirectoryError; break;
  case ENOTDIR: t = exc::NotADirectoryError; break;
  case EACCES:
  case EPERM: t = exc::PermissionError; break;
  default: break;
  }
  if (filename.is_null())
    raise(call(Value::borrow(t), {Value::integer(err), str_value(std::strerror(err))}));
  raise(call(Value::borrow(t), {Value::integer(err), str_value(std::strerror(err)), filename}));
}

} // namespace file_detail

using namespace file_detail;

namespace {

FileObject* self_file(const Args& a, std::string_view method) {
  FileObject* f = a.npos > 0 ? as_file(a[0]) : nullptr;
  if (!f) check_self(a, g_text_type, method);
  return f;
}

[[noreturn]] void raise_unsupported(const std::string& message) {
  raise(new_exception(g_unsupported, message));
}

// ---- the OS side --------------------------------------------------------------------

void write_all(FileObject* f, std::string_view data) {
  while (!data.empty()) {
    ssize_t n = ::write(f->fd, data.data(), data.size());
    if (n < 0) {
      if (errno == EINTR) continue;
      raise_os_error(errno, Value());
    }
    data.remove_prefix(static_cast<size_t>(n));
  }
}

void flush_writes(FileObject* f) {
  if (f->wbuf.empty()) return;
  std::string data = std::move(f->wbuf);
  f->wbuf.clear();
  write_all(f, data);
}

std::string read_some(FileObject* f, size_t n) {
  std::string out(n, '\0');
  for (;;) {
    ssize_t got = ::read(f->fd, out.data(), n);
    if (got < 0) {
      if (errno == EINTR) continue;
      raise_os_error(errno, Value());
    }
    out.resize(static_cast<size_t>(got));
    return out;
  }
}

std::string read_to_end(FileObject* f) {
  std::string out;
  for (;;) {
    std::string chunk = read_some(f, 65536);
    if (chunk.empty()) return out;
    out += chunk;
  }
}

int64_t os_position(FileObject* f) {
  off_t at = ::lseek(f->fd, 0, SEEK_CUR);
  if (at < 0) raise_os_error(errno, Value());
  return static_cast<int64_t>(at);
}

// The logical position: what the OS has, less what was read ahead, plus what
// waits to be written.
int64_t position(FileObject* f) {
  return os_position(f) - static_cast<int64_t>(f->unread_bytes()) +
         static_cast<int64_t>(f->wbuf.size());
}

// Forgets the read-ahead, moving the OS position back to the logical one.
void drop_read_ahead(FileObject* f) {
  size_t unread = f->unread_bytes();
  if (unread && ::lseek(f->fd, -static_cast<off_t>(unread), SEEK_CUR) < 0)
    raise_os_error(errno, Value());
  f->rbuf.clear();
  f->pending.clear();
  f->rpos = 0;
  f->eof = false;
}

// The length of `data`'s tail that starts an incomplete UTF-8 character.
size_t incomplete_utf8_tail(std::string_view data) {
  size_t n = data.size();
  for (size_t back = 1; back <= 3 && back <= n; ++back) {
    auto c = static_cast<unsigned char>(data[n - back]);
    if ((c & 0xC0) == 0x80) continue; // a continuation byte: look further back
    if (c >= 0xC2 && c <= 0xF4 && static_cast<size_t>(utf8_seq_len(c)) > back) return back;
    return 0;
  }
  return 0;
}

constexpr unsigned kSeenLF = 1, kSeenCR = 2, kSeenCRLF = 4;

// Which line endings `text` holds (as CPython's newline decoder records them).
unsigned newline_kinds(std::string_view text) {
  unsigned seen = 0;
  for (size_t i = text.find_first_of("\r\n"); i != std::string_view::npos;
       i = text.find_first_of("\r\n", i + 1)) {
    if (text[i] == '\n') {
      seen |= kSeenLF;
    } else if (i + 1 < text.size() && text[i + 1] == '\n') {
      seen |= kSeenCRLF;
      ++i;
    } else {
      seen |= kSeenCR;
    }
  }
  return seen;
}

std::string decode_chunk(FileObject* f, std::string data, bool final) {
  bool utf8 = f->codec == Codec::Utf8 || f->codec == Codec::Utf8Sig;
  if (f->codec == Codec::Utf8Sig && !final && data.size() < kUtf8Bom.size()) {
    f->pending = std::move(data); // too short yet to tell whether it starts with a BOM
    return {};
  }
  size_t keep = final || !utf8 ? 0 : incomplete_utf8_tail(data);
  f->pending = data.substr(data.size() - keep);
  data.resize(data.size() - keep);
  std::string text = decode_bytes(data, f->codec, f->errors);
  if (f->codec == Codec::Utf8Sig) f->codec = Codec::Utf8; // a BOM only starts the file
  if (f->newline == Newline::Universal || f->newline == Newline::Any)
    f->seen_newlines |= newline_kinds(text);
  return text;
}

// Reads the next chunk into the read-ahead (compacting it first); false at the end.
bool fill(FileObject* f) {
  if (f->eof) return false;
  f->rbuf.erase(0, f->rpos);
  f->rpos = 0;
  std::string chunk = read_some(f, kChunkSize);
  if (chunk.empty()) {
    f->eof = true;
    if (f->text && !f->pending.empty()) f->rbuf += decode_chunk(f, std::move(f->pending), true);
    return false;
  }
  if (f->text)
    f->rbuf += decode_chunk(f, f->pending + chunk, false);
  else
    f->rbuf += chunk;
  return true;
}

// ---- checks with CPython's messages -----------------------------------------------------

void check_open(FileObject* f, const char* binary_message = "I/O operation on closed file") {
  if (f->closed)
    raise(exc::ValueError, f->text  ? "I/O operation on closed file."
                           : f->raw ? "I/O operation on closed file"
                                    : binary_message);
}

void check_readable(FileObject* f, const char* binary_closed) {
  if (f->raw) {
    check_open(f);
    if (!f->readable) raise_unsupported("File not open for reading");
  } else if (f->text) {
    check_open(f);
    if (!f->readable) raise_unsupported("not readable");
  } else {
    if (!f->readable) raise_unsupported("read");
    check_open(f, binary_closed);
  }
  flush_writes(f);
}

void check_writable(FileObject* f) {
  if (f->raw) {
    check_open(f);
    if (!f->writable) raise_unsupported("File not open for writing");
  } else if (f->text) {
    check_open(f);
    if (!f->writable) raise_unsupported("not writable");
  } else {
    if (!f->writable) raise_unsupported("write");
    check_open(f, "write to closed file");
  }
}

// A size argument: an int (or __index__) or None (-1).
int64_t size_arg(const Args& a, size_t i) {
  if (a.npos <= i || a[i].is_none()) return -1;
  if (!is_index_like(a[i]))
    raise(exc::TypeError, "argument should be integer or None, not '" + type_name(a[i]) + "'");
  return to_index(a[i]);
}

Value make_result(FileObject* f, std::string data) {
  return f->text ? str_value(std::move(data)) : bytes_value(std::move(data));
}

// ---- reading ---------------------------------------------------------------------------

std::string read_data(FileObject* f, int64_t n) {
  if (f->text) {
    if (n < 0) {
      std::string rest = f->rbuf.substr(f->rpos) +
                         (f->eof ? std::string() : decode_chunk(f, f->pending + read_to_end(f), true));
      f->rbuf.clear();
      f->rpos = 0;
      f->eof = true;
      size_t used;
      return take_text(rest, -1, f->newline, false, used);
    }
    // Enough characters for n, plus one to see past a '\r'.
    while (utf8_length(std::string_view(f->rbuf).substr(f->rpos)) <= n && fill(f)) {
    }
    size_t used;
    std::string out = take_text(std::string_view(f->rbuf).substr(f->rpos), n, f->newline, false, used);
    f->rpos += used;
    return out;
  }
  if (n < 0) {
    std::string out = f->rbuf.substr(f->rpos) + read_to_end(f);
    f->rbuf.clear();
    f->rpos = 0;
    return out;
  }
  while (f->rbuf.size() - f->rpos < static_cast<size_t>(n) && fill(f)) {
  }
  std::string out = f->rbuf.substr(f->rpos, static_cast<size_t>(n));
  f->rpos += out.size();
  return out;
}

std::string read_line(FileObject* f, int64_t limit) {
  Newline mode = f->text ? f->newline : Newline::LF;
  size_t end;
  while ((end = find_line_end(f->rbuf, f->rpos, mode, f->eof)) == std::string::npos && fill(f)) {
  }
  if (end == std::string::npos) end = f->rbuf.size();
  std::string_view line = std::string_view(f->rbuf).substr(f->rpos, end - f->rpos);
  if (!f->text) {
    if (limit >= 0 && static_cast<size_t>(limit) < line.size()) line = line.substr(0, static_cast<size_t>(limit));
    f->rpos += line.size();
    return std::string(line);
  }
  size_t used;
  std::string out = take_text(line, limit, mode, true, used);
  f->rpos += used;
  return out;
}

Value file_read(Args a) {
  FileObject* f = self_file(a, "read");
  check_positional(a.drop_first(), "read", "read", 0, 1);
  int64_t n = size_arg(a, 1);
  check_readable(f, "read of closed file");
  return make_result(f, read_data(f, n));
}

// read1(n) of a binary file: what read(n) gives (refc reads through one buffer).
Value file_read1(Args a) { return file_read(a); }

// peek(n=0): the buffered bytes ahead, at least one unless at the end; consumes nothing.
Value file_peek(Args a) {
  FileObject* f = self_file(a, "peek");
  check_positional(a.drop_first(), "peek", "peek", 0, 1);
  check_readable(f, "peek of closed file");
  if (f->rpos >= f->rbuf.size()) fill(f);
  return bytes_value(f->rbuf.substr(f->rpos));
}

Value file_readline(Args a) {
  FileObject* f = self_file(a, "readline");
  check_positional(a.drop_first(), "readline", "readline", 0, 1);
  int64_t limit = -1;
  if (a.npos > 1) {
    if (f->text && a[1].is_none())
      raise(exc::TypeError, "'NoneType' object cannot be interpreted as an integer");
    limit = size_arg(a, 1);
  }
  check_readable(f, "readline of closed file");
  return make_result(f, read_line(f, limit));
}

Value file_readlines(Args a) {
  FileObject* f = self_file(a, "readlines");
  check_positional(a.drop_first(), "readlines", "readlines", 0, 1);
  int64_t hint = size_arg(a, 1);
  check_open(f, "I/O operation on closed file.");
  check_readable(f, "readline of closed file");
  std::vector<Value> lines;
  int64_t total = 0;
  for (;;) {
    std::string line = read_line(f, -1);
    if (line.empty()) break;
    total += static_cast<int64_t>(line.size());
    lines.push_back(make_result(f, std::move(line)));
    if (hint > 0 && total >= hint) break;
  }
  return Value(make_list(std::move(lines)));
}

Value file_next(Args a) {
  FileObject* f = self_file(a, "__next__");
  if (f->closed) raise(exc::ValueError, "I/O operation on closed file.");
  check_readable(f, "readline of closed file");
  f->telling = false;
  std::string line = read_line(f, -1);
  if (line.empty()) {
    f->telling = true;
    return Value(); // StopIteration
  }
  return make_result(f, std::move(line));
}

Value file_iter(Args a) {
  FileObject* f = self_file(a, "__iter__");
  check_open(f, "I/O operation on closed file.");
  return a[0];
}

// ---- writing --------------------------------------------------------------------------

void write_data(FileObject* f, std::string_view data) {
  drop_read_ahead(f);
  f->wbuf.append(data);
  if (f->raw || f->wbuf.size() >= kChunkSize) flush_writes(f);
}

Value file_write(Args a) {
  FileObject* f = self_file(a, "write");
  check_method_one_arg(a, f->text ? "TextIOWrapper.write" : "write");
  check_writable(f);
  if (f->text) {
    if (!isinstance(a[1], types::str))
      raise(exc::TypeError, "write() argument must be str, not " + type_name(a[1]));
    Str* s = a[1].as<Str>();
    std::string translated = translate_for_write(s->view(), f->newline);
    Ref<Str> out = make_str(std::move(translated));
    if (f->codec == Codec::Utf8Sig) {
      // The BOM goes only at the start of the file, as CPython's encoder writes it.
      f->codec = Codec::Utf8;
      if (position(f) == 0) write_data(f, kUtf8Bom);
    }
    write_data(f, encode_str(out.get(), f->codec, f->errors));
    if (f->line_buffering && s->view().find_first_of("\n\r") != std::string_view::npos)
      flush_writes(f);
    return Value::integer(s->length);
  }
  std::string_view data = bytes_like_arg(a[1]);
  write_data(f, data);
  return Value::integer(static_cast<int64_t>(data.size()));
}

Value file_writelines(Args a) {
  FileObject* f = self_file(a, "writelines");
  check_method_one_arg(a, "writelines");
  check_open(f, "I/O operation on closed file.");
  static Str* write_name = intern("write");
  for (const Value& line : collect_items(a[1])) call_method(a[0], write_name, {line});
  return Value::none();
}

Value file_flush(Args a) {
  FileObject* f = self_file(a, "flush");
  check_open(f, "flush of closed file");
  flush_writes(f);
  return Value::none();
}

Value file_close(Args a) {
  FileObject* f = self_file(a, "close");
  if (f->closed) return Value::none();
  f->closed = true;
  open_files().erase(f);
  std::string data = std::move(f->wbuf);
  f->wbuf.clear();
  int fd = f->fd;
  try {
    write_all(f, data);
  } catch (PyError&) {
    if (f->closefd) ::close(fd);
    throw;
  }
  if (f->closefd && ::close(fd) < 0) raise_os_error(errno, Value());
  return Value::none();
}

// ---- positioning ------------------------------------------------------------------------

int64_t seek_file(FileObject* f, int64_t offset, int whence) {
  if (whence < 0 || whence > 2)
    raise(exc::ValueError, "whence value " + std::to_string(whence) + " unsupported");
  flush_writes(f);
  if (whence == 1) {
    offset += position(f);
    whence = 0;
  }
  f->rbuf.clear();
  f->pending.clear();
  f->rpos = 0;
  f->eof = false;
  off_t at = ::lseek(f->fd, static_cast<off_t>(offset), whence == 0 ? SEEK_SET : SEEK_END);
  if (at < 0) raise_os_error(errno, Value());
  if (f->utf8_sig) f->codec = at == 0 ? Codec::Utf8Sig : Codec::Utf8;
  return static_cast<int64_t>(at);
}

Value file_seek(Args a) {
  FileObject* f = self_file(a, "seek");
  check_positional(a.drop_first(), "seek", "seek", 1, 2);
  int64_t offset = to_index(a[1]);
  int64_t whence = a.npos > 2 ? to_index(a[2]) : 0;
  if (f->text) {
    check_open(f);
    if (whence == 1 && offset != 0) raise_unsupported("can't do nonzero cur-relative seeks");
    if (whence == 2 && offset != 0) raise_unsupported("can't do nonzero end-relative seeks");
    if (whence == 0 && offset < 0)
      raise(exc::ValueError, "negative seek position " + std::to_string(offset));
    if (whence < 0 || whence > 2)
      raise(exc::ValueError, "invalid whence (" + std::to_string(whence) + ", should be 0, 1 or 2)");
    if (whence == 1) return Value::integer(position(f));
  } else {
    check_open(f, "seek of closed file");
  }
  return Value::integer(seek_file(f, offset, static_cast<int>(whence)));
}

Value file_tell(Args a) {
  FileObject* f = self_file(a, "tell");
  check_method_no_args(a, "tell");
  check_open(f, "I/O operation on closed file");
  if (f->text && !f->telling) raise(exc::OSError, "telling position disabled by next() call");
  return Value::integer(position(f));
}

Value file_truncate(Args a) {
  FileObject* f = self_file(a, "truncate");
  check_positional(a.drop_first(), "truncate", "truncate", 0, 1);
  check_open(f, "truncate of closed file");
  if (!f->writable) raise_unsupported("truncate");
  flush_writes(f);
  int64_t size = a.npos > 1 && !a[1].is_none() ? to_index(a[1]) : position(f);
  drop_read_ahead(f);
  if (::ftruncate(f->fd, static_cast<off_t>(size)) < 0) raise_os_error(errno, Value());
  return Value::integer(size);
}

// ---- the rest of the protocol ---------------------------------------------------------------

Value file_enter(Args a) {
  FileObject* f = self_file(a, "__enter__");
  check_open(f, "I/O operation on closed file.");
  return a[0];
}

Value file_exit(Args a) {
  static Str* close_name = intern("close");
  return call_method(a[0], close_name, {});
}

Value file_closed(Args a) { return Value::boolean(self_file(a, "closed")->closed); }
Value file_closefd(Args a) { return Value::boolean(self_file(a, "closefd")->closefd); }
Value file_line_buffering(Args a) { return Value::boolean(self_file(a, "line_buffering")->line_buffering); }
Value file_name(Args a) { return self_file(a, "name")->name; }
Value file_mode(Args a) { return str_value(self_file(a, "mode")->mode); }
Value file_encoding(Args a) { return str_value(self_file(a, "encoding")->encoding); }
Value file_errors(Args a) { return str_value(self_file(a, "errors")->errors); }

// newlines: None, one ending, or a tuple of those seen, in CPython's order.
Value file_newlines(Args a) {
  unsigned seen = self_file(a, "newlines")->seen_newlines;
  std::vector<Value> kinds;
  if (seen & kSeenCR) kinds.push_back(str_value("\r"));
  if (seen & kSeenLF) kinds.push_back(str_value("\n"));
  if (seen & kSeenCRLF) kinds.push_back(str_value("\r\n"));
  if (kinds.empty()) return Value::none();
  if (kinds.size() == 1) return kinds[0];
  return Value(make_tuple(std::move(kinds)));
}

Value file_readable(Args a) {
  FileObject* f = self_file(a, "readable");
  check_open(f, "I/O operation on closed file.");
  return Value::boolean(f->readable);
}
Value file_writable(Args a) {
  FileObject* f = self_file(a, "writable");
  check_open(f, "I/O operation on closed file.");
  return Value::boolean(f->writable);
}
Value file_seekable(Args a) {
  FileObject* f = self_file(a, "seekable");
  check_open(f, "I/O operation on closed file.");
  return Value::boolean(::lseek(f->fd, 0, SEEK_CUR) >= 0);
}
Value file_fileno(Args a) {
  FileObject* f = self_file(a, "fileno");
  check_open(f, "I/O operation on closed file");
  return Value::integer(f->fd);
}
Value file_isatty(Args a) {
  FileObject* f = self_file(a, "isatty");
  check_open(f, "I/O operation on closed file.");
  return Value::boolean(::isatty(f->fd) == 1);
}

Value file_repr(Args a) {
  FileObject* f = self_file(a, "__repr__");
  if (f->raw) {
    if (f->closed) return str_value("<_io.FileIO [closed]>");
    return str_value("<_io.FileIO name=" + std::string(repr(f->name)->view()) +
                     " mode=" + std::string(repr(str_value(f->mode))->view()) +
                     " closefd=" + (f->closefd ? "True" : "False") + ">");
  }
  std::string out = "<_io." + f->type->name + " name=" + std::string(repr(f->name)->view());
  if (f->text) out += " mode=" + std::string(repr(str_value(f->mode))->view()) +
                      " encoding=" + std::string(repr(str_value(f->encoding))->view());
  return str_value(out + ">");
}

TypeObject* make_file_type(const char* name) {
  TypeObject* t = make_module_type(name, "_io");
  add_method(t, "read", file_read);
  add_method(t, "readline", file_readline);
  add_method(t, "readlines", file_readlines);
  add_method(t, "write", file_write);
  add_method(t, "writelines", file_writelines);
  add_method(t, "flush", file_flush);
  add_method(t, "close", file_close);
  add_method(t, "seek", file_seek);
  add_method(t, "tell", file_tell);
  add_method(t, "truncate", file_truncate);
  add_method(t, "readable", file_readable);
  add_method(t, "writable", file_writable);
  add_method(t, "seekable", file_seekable);
  add_method(t, "fileno", file_fileno);
  add_method(t, "isatty", file_isatty);
  add_method(t, "__enter__", file_enter);
  add_method(t, "__exit__", file_exit);
  add_method(t, "__iter__", file_iter);
  add_method(t, "__next__", file_next);
  add_method(t, "__repr__", file_repr);
  add_getter(t, "closed", file_closed);
  add_getter(t, "name", file_name);
  add_getter(t, "mode", file_mode);
  return t;
}

void flush_open_files_at_exit() {
  for (FileObject* f : open_files()) f->write_pending();
}

} // namespace

void file_detail::init_file_types() {
  if (g_text_type) return;
  std::atexit(flush_open_files_at_exit);
  g_text_type = make_file_type("TextIOWrapper");
  add_getter(g_text_type, "encoding", file_encoding);
  add_getter(g_text_type, "errors", file_errors);
  add_getter(g_text_type, "newlines", file_newlines);
  add_getter(g_text_type, "line_buffering", file_line_buffering);
  g_reader_type = make_file_type("BufferedReader");
  g_writer_type = make_file_type("BufferedWriter");
  g_random_type = make_file_type("BufferedRandom");
  for (TypeObject* t : {g_reader_type, g_random_type}) {
    add_method(t, "read1", file_read1);
    add_method(t, "peek", file_peek);
  }
  g_raw_type = make_file_type("FileIO");
  add_getter(g_raw_type, "closefd", file_closefd);
  g_unsupported = new TypeObject("UnsupportedOperation", exc::OSError, Layout::Exception, false);
  g_unsupported->type = types::type;
  g_unsupported->module = "io";
}

TypeObject* text_file_type() { return init_file_types(), g_text_type; }
TypeObject* buffered_reader_type() { return init_file_types(), g_reader_type; }
TypeObject* buffered_writer_type() { return init_file_types(), g_writer_type; }
TypeObject* buffered_random_type() { return init_file_types(), g_random_type; }
TypeObject* file_io_type() { return init_file_types(), g_raw_type; }
TypeObject* unsupported_operation_type() { return init_file_types(), g_unsupported; }

// ---- byte streams -------------------------------------------------------------------------

bool is_native_binary_stream(const Value& stream) {
  FileObject* f = as_file(stream);
  return (f && !f->text) || is_bytes_io(stream);
}

std::string stream_read_bytes(const Value& stream, int64_t n) {
  if (FileObject* f = as_file(stream); f && !f->text) {
    check_readable(f, "read of closed file");
    return read_data(f, n);
  }
  if (is_bytes_io(stream)) return bytes_io_read(stream, n);
  static Str* read_name = intern("read");
  Value got = call_method(stream, read_name, {Value::integer(n)});
  return std::string(bytes_like_arg(got));
}

void stream_write_bytes(const Value& stream, std::string_view data) {
  if (FileObject* f = as_file(stream); f && !f->text) {
    check_writable(f);
    write_data(f, data);
    return;
  }
  if (is_bytes_io(stream)) return bytes_io_write(stream, data);
  static Str* write_name = intern("write");
  call_method(stream, write_name, {bytes_value(std::string(data))});
}

int64_t stream_tell(const Value& stream) {
  if (FileObject* f = as_file(stream)) {
    check_open(f, "I/O operation on closed file");
    return position(f);
  }
  if (is_bytes_io(stream)) return bytes_io_tell(stream);
  static Str* tell_name = intern("tell");
  return index_value(call_method(stream, tell_name, {}));
}

int64_t stream_seek(const Value& stream, int64_t offset, int whence) {
  if (FileObject* f = as_file(stream); f && !f->text) {
    check_open(f, "seek of closed file");
    return seek_file(f, offset, whence);
  }
  if (is_bytes_io(stream)) return bytes_io_seek(stream, offset, whence);
  static Str* seek_name = intern("seek");
  return index_value(call_method(stream, seek_name, {Value::integer(offset), Value::integer(whence)}));
}

} // namespace refc::lang
