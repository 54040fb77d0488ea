// open(): the mode, file and text arguments checked with CPython 3.11's
// messages, the file opened with the OS flags the mode asks for, and the
// file type CPython returns for it (TextIOWrapper, BufferedReader/Writer/
// Random, FileIO); also open_file and the standard streams for C++ callers.
#include "reference_compiler/lang/file_object_internal.h"

#include "reference_compiler/lang/abstract.h"
#include "reference_compiler/lang/builtin_types.h"
#include "reference_compiler/lang/bytes_object.h"
#include "reference_compiler/lang/container_support.h"
#include "reference_compiler/lang/module_builder.h"
#include "reference_compiler/lang/str_object.h"

#include <cerrno>
#include <fcntl.h>
#include <sys/stat.h>

namespace refc::lang {

using namespace file_detail;

namespace {

struct ParsedMode {
  bool creating = false, reading = false, writing = false, appending = false, updating = false;
  bool text = false, binary = false;
};

ParsedMode parse_mode(const std::string& mode) {
  ParsedMode m;
  std::string seen;
  for (char c : mode) {
    if (std::string_view("rwxabt+").find(c) == std::string_view::npos ||
        seen.find(c) != std::string::npos)
      raise(exc::ValueError, "invalid mode: " + std::string(repr(str_value(mode))->view()));
    seen += c;
  }
  m.creating = seen.find('x') != std::string::npos;
  m.reading = seen.find('r') != std::string::npos;
  m.writing = seen.find('w') != std::string::npos;
  m.appending = seen.find('a') != std::string::npos;
  m.updating = seen.find('+') != std::string::npos;
  m.text = seen.find('t') != std::string::npos;
  m.binary = seen.find('b') != std::string::npos;
  if (m.text && m.binary) raise(exc::ValueError, "can't have text and binary mode at once");
  int kinds = m.creating + m.reading + m.writing + m.appending;
  if (kinds > 1) raise(exc::ValueError, "must have exactly one of create/read/write/append mode");
  if (kinds == 0)
    raise(exc::ValueError,
          "Must have exactly one of create/read/write/append mode and at most one plus");
  return m;
}

// The file argument: a str path, a bytes path, an os.PathLike, or an int fd.
Value file_arg(const Value& file) {
  if (isinstance(file, types::str) || file.is_intlike() || is_bytes_like(file)) return file;
  if (file.is_obj()) {
    Value fspath = lookup_special(file, intern("__fspath__"));
    if (!fspath.is_null()) {
      Value path = call_with_self(fspath, file, Args{});
      if (isinstance(path, types::str) || is_bytes(path)) return path;
      raise(exc::TypeError, "expected " + type_name(file) + ".__fspath__() to return str or bytes, not " +
                                type_name(path));
    }
  }
  raise(exc::TypeError, "expected str, bytes or os.PathLike object, not " + type_name(file));
}

std::string optional_text_arg(const Value& v, const char* name) {
  if (v.is_null() || v.is_none()) return {};
  if (!isinstance(v, types::str))
    raise(exc::TypeError, std::string("open() argument '") + name + "' must be str or None, not " +
                              type_name(v));
  return v.as<Str>()->data;
}

Value open_with(const Value& file_in, const std::string& mode, int64_t buffering,
                const Value& encoding_arg, const Value& errors_arg, const Value& newline_arg,
                bool closefd) {
  init_file_types();
  Value file = file_arg(file_in);
  ParsedMode m = parse_mode(mode);
  if (m.binary && !encoding_arg.is_null() && !encoding_arg.is_none())
    raise(exc::ValueError, "binary mode doesn't take an encoding argument");
  if (m.binary && !errors_arg.is_null() && !errors_arg.is_none())
    raise(exc::ValueError, "binary mode doesn't take an errors argument");
  if (m.binary && !newline_arg.is_null() && !newline_arg.is_none())
    raise(exc::ValueError, "binary mode doesn't take a newline argument");
  if (buffering == 0 && !m.binary) raise(exc::ValueError, "can't have unbuffered text I/O");
  std::string encoding = optional_text_arg(encoding_arg, "encoding");
  std::string errors = optional_text_arg(errors_arg, "errors");
  (void)optional_text_arg(newline_arg, "newline"); // the type is checked before the file opens

  int flags = O_CLOEXEC;
  bool readable = m.reading || m.updating, writable = !m.reading || m.updating;
  flags |= readable && writable ? O_RDWR : readable ? O_RDONLY : O_WRONLY;
  if (m.writing) flags |= O_CREAT | O_TRUNC;
  if (m.appending) flags |= O_CREAT | O_APPEND;
  if (m.creating) flags |= O_CREAT | O_EXCL;

  int fd;
  if (file.is_intlike()) {
    fd = static_cast<int>(file.as_int());
    if (fd < 0) raise(exc::ValueError, "negative file descriptor");
  } else {
    if (!closefd) raise(exc::ValueError, "Cannot use closefd=False with file name");
    std::string path = is_bytes_like(file) ? std::string(file.as<Bytes>()->view()) : file.as<Str>()->data;
    if (path.find('\0') != std::string::npos) raise(exc::ValueError, "embedded null byte");
    do {
      fd = ::open(path.c_str(), flags, 0666);
    } while (fd < 0 && errno == EINTR);
    if (fd < 0) raise_os_error(errno, file);
    struct stat st;
    if (::fstat(fd, &st) == 0 && S_ISDIR(st.st_mode)) {
      ::close(fd);
      raise_os_error(EISDIR, file);
    }
  }

  TypeObject* type = m.binary && buffering == 0 ? g_raw_type
                     : !m.binary            ? g_text_type
                     : readable && writable ? g_random_type
                     : readable             ? g_reader_type
                                            : g_writer_type;
  Ref<FileObject> f = make<FileObject>(type);
  f->fd = fd;
  f->closefd = closefd;
  f->readable = readable;
  f->writable = writable;
  f->text = !m.binary;
  f->raw = m.binary && buffering == 0;
  f->line_buffering = !m.binary && buffering == 1;
  f->name = file;
  if (m.appending && ::lseek(fd, 0, SEEK_END) < 0 && errno != ESPIPE) raise_os_error(errno, Value());
  if (m.binary) {
    // FileIO's mode string.
    f->mode = m.creating ? "xb" : m.appending ? "ab" : m.reading ? "rb" : m.updating ? "rb" : "wb";
    if (m.updating) f->mode += '+';
    return Value(std::move(f));
  }
  f->mode = mode;
  if (!encoding.empty()) f->encoding = encoding;
  f->codec = lookup_codec(f->encoding); // LookupError closes the file with f
  f->utf8_sig = f->codec == Codec::Utf8Sig;
  if (!errors.empty()) f->errors = errors;
  f->newline = newline_mode(newline_arg, Newline::Universal);
  return Value(std::move(f));
}

} // namespace

Value builtin_open_file(Args a) {
  Value p[8];
  bind_clinic_args(a, "open",
                   {"file", "mode", "buffering", "encoding", "errors", "newline", "closefd", "opener"},
                   1, p);
  std::string mode = "r";
  if (!p[1].is_null()) {
    if (!isinstance(p[1], types::str))
      raise(exc::TypeError, "open() argument 'mode' must be str, not " + type_name(p[1]));
    mode = p[1].as<Str>()->data;
  }
  if (!p[2].is_null() && !p[2].is_intlike())
    raise(exc::TypeError, "'" + type_name(p[2]) + "' object cannot be interpreted as an integer");
  if (!p[7].is_null() && !p[7].is_none())
    raise(exc::NotImplementedError, "open() with an opener is not supported by refc");
  bool closefd = p[6].is_null() || truthy(p[6]);
  int64_t buffering = p[2].is_null() ? -1 : p[2].as_int();
  return open_with(p[0], mode, buffering, p[3], p[4], p[5], closefd);
}

Value open_file(std::string_view path, std::string_view mode) {
  return open_with(str_value(std::string(path)), std::string(mode), -1, Value(), Value(), Value(),
                   true);
}

Value open_standard_stream(int fd, std::string_view mode, std::string_view name) {
  Value f = open_with(Value::integer(fd), std::string(mode), -1, str_value("utf-8"), Value(),
                      Value(), false);
  as_file(f)->name = str_value(std::string(name));
  return f;
}

} // namespace refc::lang
