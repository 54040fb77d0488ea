// The `os` module and `os.path`: the environment (os.environ, a mapping whose
// stores and deletes reach the real process environment, as CPython's does),
// the working directory and process id, and the file-system calls programs use
// to manage files (listdir, mkdir/makedirs, remove, rmdir, rename, stat-based
// os.path predicates, os.stat); path arguments are str or os.PathLike
// (os.fspath). os.get_terminal_size reads the terminal's size. Failed calls raise the OSError subclass CPython picks
// for the errno, with its message "[Errno 2] No such file or directory: 'x'".
// os.path's string functions follow posixpath.py line for line.
#include "reference_compiler/lang/abstract.h"
#include "reference_compiler/lang/builtin_types.h"
#include "reference_compiler/lang/dict_object.h"
#include "reference_compiler/lang/errors.h"
#include "reference_compiler/lang/interpreter.h"
#include "reference_compiler/lang/list_object.h"
#include "reference_compiler/lang/module_builder.h"
#include "reference_compiler/lang/named_tuple.h"
#include "reference_compiler/lang/str_object.h"
#include "reference_compiler/lang/tuple_object.h"

#include <dirent.h>
#include <sys/ioctl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <climits>
#include <cstdlib>
#include <cstring>
#include <tuple>
#include <string>
#include <vector>

extern char** environ;

namespace refc::lang {

namespace {

// ---- errors -------------------------------------------------------------------

TypeObject* os_error_type(int err) {
  switch (err) {
  case ENOENT: return exc::FileNotFoundError;
  case EEXIST: return exc::FileExistsError;
  case EISDIR: return exc::IsADirectoryError;
  case ENOTDIR: return exc::NotADirectoryError;
  case EACCES:
  case EPERM: return exc::PermissionError;
  default: return exc::OSError;
  }
}

// OSError(errno, strerror, filename[, filename2]) as CPython raises it.
[[noreturn]] void raise_os_error(int err, const std::string& filename,
                                 const std::string* filename2 = nullptr) {
  std::string msg = "[Errno " + std::to_string(err) + "] " + std::strerror(err) + ": " +
                    std::string(repr(str_value(filename))->view());
  if (filename2) msg += " -> " + std::string(repr(str_value(*filename2))->view());
  Value e = new_exception(os_error_type(err), msg);
  // The attributes CPython's OSError carries; best effort on the instance dict.
  try {
    setattr(e, intern("errno"), Value::integer(err));
    setattr(e, intern("strerror"), str_value(std::strerror(err)));
    setattr(e, intern("filename"), str_value(filename));
  } catch (PyError&) {
  }
  raise(e);
}

// os.fspath: a str as is, else what type(v).__fspath__(v) returns, which
// must be a str (paths are str in refc); Null when v is neither.
Value fspath_or_null(const Value& v) {
  if (isinstance(v, types::str)) return v;
  Value method = lookup_special(v, intern("__fspath__"));
  if (method.is_null()) return Value();
  Value result = call_with_self(method, v, Args{});
  if (!isinstance(result, types::str))
    raise(exc::TypeError, "expected " + type_name(v) + ".__fspath__() to return str or bytes, not " +
                              type_name(result));
  return result;
}

Value os_fspath(Args a) {
  Value p[1];
  bind_args(a, "fspath", {"path"}, 1, 1, p);
  Value path = fspath_or_null(p[0]);
  if (path.is_null())
    raise(exc::TypeError, "expected str, bytes or os.PathLike object, not " + type_name(p[0]));
  return path;
}

// A path argument: a str or an os.PathLike object.
std::string path_arg(const Value& v) {
  Value path = fspath_or_null(v);
  if (path.is_null())
    raise(exc::TypeError, "expected str, bytes or os.PathLike object, not " + type_name(v));
  return path.as<Str>()->data;
}

// A path argument of a posix function: "remove: path should be string, bytes or os.PathLike, not int".
std::string posix_path_arg(const Value& v, const char* fname) {
  Value path = fspath_or_null(v);
  if (path.is_null())
    raise(exc::TypeError, std::string(fname) + ": path should be string, bytes or os.PathLike, not " +
                              type_name(v));
  return path.as<Str>()->data;
}

// OSError(errno, strerror) without a filename: "[Errno 25] Inappropriate ioctl for device".
[[noreturn]] void raise_os_error_no_filename(int err) {
  Value e = new_exception(os_error_type(err),
                          "[Errno " + std::to_string(err) + "] " + std::strerror(err));
  try {
    setattr(e, intern("errno"), Value::integer(err));
    setattr(e, intern("strerror"), str_value(std::strerror(err)));
  } catch (PyError&) {
  }
  raise(e);
}

Value string_list(const std::vector<std::string>& items) {
  std::vector<Value> out;
  out.reserve(items.size());
  for (const std::string& s : items) out.push_back(str_value(s));
  return Value(make_list(std::move(out)));
}

// ---- os.environ ---------------------------------------------------------------------

TypeObject* environ_type = nullptr;

struct EnvironObject : Object {
  EnvironObject() : Object(environ_type), data(make_dict()) {}
  Ref<Dict> data; // a copy of the process environment, kept in step with it
};

EnvironObject* env_self(const Args& a) {
  REFC_CHECK(a.npos >= 1 && a[0].is_obj() && a[0].type() == environ_type, "environ receiver");
  return a[0].as<EnvironObject>();
}

const std::string& env_str(const Value& v) {
  if (!isinstance(v, types::str)) raise(exc::TypeError, "str expected, not " + type_name(v));
  return v.as<Str>()->data;
}

[[noreturn]] void env_key_error(const Value& key) {
  Value e = call(Value::borrow(exc::KeyError), {key});
  raise(e);
}

Value env_getitem(Args a) {
  check_positional(a, "__getitem__", "_Environ.__getitem__", 2, 2);
  env_str(a[1]);
  Value v = env_self(a)->data->get(a[1]);
  if (v.is_null()) env_key_error(a[1]);
  return v;
}

Value env_setitem(Args a) {
  check_positional(a, "__setitem__", "_Environ.__setitem__", 3, 3);
  const std::string& key = env_str(a[1]);
  const std::string& value = env_str(a[2]);
  if (key.empty() || key.find('=') != std::string::npos)
    raise(exc::ValueError, "illegal environment variable name");
  if (setenv(key.c_str(), value.c_str(), 1) != 0) raise_os_error(errno, key);
  env_self(a)->data->set(a[1], a[2]);
  return Value::none();
}

Value env_delitem(Args a) {
  check_positional(a, "__delitem__", "_Environ.__delitem__", 2, 2);
  const std::string& key = env_str(a[1]);
  EnvironObject* self = env_self(a);
  if (!self->data->contains(a[1])) env_key_error(a[1]);
  unsetenv(key.c_str());
  self->data->pop(a[1]);
  return Value::none();
}

Value env_contains(Args a) {
  check_positional(a, "__contains__", "_Environ.__contains__", 2, 2);
  env_str(a[1]);
  return Value::boolean(env_self(a)->data->contains(a[1]));
}

Value env_iter(Args a) { return get_iter(Value(env_self(a)->data)); }
Value env_len(Args a) { return Value::integer(env_self(a)->data->size()); }

Value env_repr(Args a) {
  return str_value("environ(" + std::string(repr(Value(env_self(a)->data))->view()) + ")");
}

Value env_get(Args a) {
  Value p[2];
  bind_args(a.drop_first(), "Mapping.get", {"key", "default"}, 2, 1, p, 1);
  env_str(p[0]);
  Value v = env_self(a)->data->get(p[0]);
  if (!v.is_null()) return v;
  return p[1].is_null() ? Value::none() : p[1];
}

Value env_setdefault(Args a) {
  Value p[2];
  bind_args(a.drop_first(), "MutableMapping.setdefault", {"key", "default"}, 2, 1, p, 1);
  env_str(p[0]);
  Value v = env_self(a)->data->get(p[0]);
  if (!v.is_null()) return v;
  Value value = p[1].is_null() ? Value::none() : p[1];
  Value args[3] = {a[0], p[0], value};
  env_setitem(Args{args, 3, nullptr});
  return value;
}

Value env_pop(Args a) {
  Value p[2];
  bind_args(a.drop_first(), "MutableMapping.pop", {"key", "default"}, 2, 1, p, 1);
  env_str(p[0]);
  EnvironObject* self = env_self(a);
  Value v = self->data->get(p[0]);
  if (v.is_null()) {
    if (p[1].is_null()) env_key_error(p[0]);
    return p[1];
  }
  unsetenv(p[0].as<Str>()->data.c_str());
  self->data->pop(p[0]);
  return v;
}

Value env_keys(Args a) { return call_method(Value(env_self(a)->data), names::keys, {}); }
Value env_values(Args a) { return call_method(Value(env_self(a)->data), intern("values"), {}); }
Value env_items(Args a) { return call_method(Value(env_self(a)->data), intern("items"), {}); }
Value env_copy(Args a) { return call_method(Value(env_self(a)->data), intern("copy"), {}); }

Value env_update(Args a) {
  EnvironObject* self = env_self(a);
  Ref<Dict> items = make_dict();
  // dict.update does the argument handling (mapping, pairs, keywords).
  Value update = getattr(Value(items), intern("update"));
  std::vector<Value> rest(a.values + 1, a.values + a.npos + a.nkw());
  call(update, Args{rest.data(), a.npos - 1, a.kwnames});
  for (const Dict::Entry& e : items->entries()) {
    if (e.key.is_null()) continue;
    Value args[3] = {Value::borrow(self), e.key, e.value};
    env_setitem(Args{args, 3, nullptr});
  }
  return Value::none();
}

Value env_clear(Args a) {
  EnvironObject* self = env_self(a);
  for (const Dict::Entry& e : self->data->entries())
    if (!e.key.is_null()) unsetenv(e.key.as<Str>()->data.c_str());
  self->data->clear();
  return Value::none();
}

Value make_environ() {
  if (!environ_type) {
    environ_type = make_module_type("_Environ", "os");
    add_method(environ_type, "__getitem__", env_getitem);
    add_method(environ_type, "__setitem__", env_setitem);
    add_method(environ_type, "__delitem__", env_delitem);
    add_method(environ_type, "__contains__", env_contains);
    add_method(environ_type, "__iter__", env_iter);
    add_method(environ_type, "__len__", env_len);
    add_method(environ_type, "__repr__", env_repr);
    add_method(environ_type, "get", env_get);
    add_method(environ_type, "setdefault", env_setdefault);
    add_method(environ_type, "pop", env_pop);
    add_method(environ_type, "keys", env_keys);
    add_method(environ_type, "values", env_values);
    add_method(environ_type, "items", env_items);
    add_method(environ_type, "copy", env_copy);
    add_method(environ_type, "update", env_update);
    add_method(environ_type, "clear", env_clear);
  }
  Ref<EnvironObject> env = make<EnvironObject>();
  for (char** p = environ; p && *p; ++p) {
    const char* eq = std::strchr(*p, '=');
    if (!eq) continue;
    env->data->set(str_value(std::string(*p, static_cast<size_t>(eq - *p))), str_value(std::string(eq + 1)));
  }
  return Value(std::move(env));
}

// ---- process and directory functions ---------------------------------------------

std::string current_dir() {
  std::string buf(PATH_MAX, '\0');
  while (!getcwd(buf.data(), buf.size())) {
    if (errno != ERANGE) raise_os_error(errno, ".");
    buf.resize(buf.size() * 2);
  }
  buf.resize(std::strlen(buf.c_str()));
  return buf;
}

Value os_getcwd(Args a) {
  no_args(a, "getcwd");
  return str_value(current_dir());
}

Value os_chdir(Args a) {
  Value p[1];
  bind_args(a, "chdir", {"path"}, 1, 1, p);
  const std::string& path = posix_path_arg(p[0], "chdir");
  if (chdir(path.c_str()) != 0) raise_os_error(errno, path);
  return Value::none();
}

Value os_getpid(Args a) {
  no_args(a, "getpid");
  return Value::integer(getpid());
}

Value os_cpu_count(Args a) {
  no_args(a, "cpu_count");
  long n = sysconf(_SC_NPROCESSORS_ONLN);
  return n > 0 ? Value::integer(n) : Value::none();
}

Value os_getenv(Args a) {
  Value p[2];
  bind_args(a, "getenv", {"key", "default"}, 2, 1, p);
  const std::string& key = env_str(p[0]);
  const char* v = std::getenv(key.c_str());
  if (v) return str_value(v);
  return p[1].is_null() ? Value::none() : p[1];
}

Value os_listdir(Args a) {
  Value p[1];
  bind_args(a, "listdir", {"path"}, 1, 0, p);
  if (!p[0].is_null() && !p[0].is_none() && fspath_or_null(p[0]).is_null())
    raise(exc::TypeError,
          "listdir: path should be string, bytes, os.PathLike, integer or None, not " + type_name(p[0]));
  std::string path = p[0].is_null() || p[0].is_none() ? "." : posix_path_arg(p[0], "listdir");
  DIR* d = opendir(path.c_str());
  if (!d) raise_os_error(errno, path);
  std::vector<std::string> names;
  while (dirent* e = readdir(d)) {
    std::string n = e->d_name;
    if (n != "." && n != "..") names.push_back(std::move(n));
  }
  closedir(d);
  return string_list(names);
}

Value os_mkdir(Args a) {
  Value p[2];
  bind_args(a, "mkdir", {"path", "mode"}, 2, 1, p);
  const std::string& path = posix_path_arg(p[0], "mkdir");
  mode_t mode = p[1].is_null() ? 0777 : static_cast<mode_t>(index_value(p[1]));
  if (mkdir(path.c_str(), mode) != 0) raise_os_error(errno, path);
  return Value::none();
}

bool is_dir(const std::string& path) {
  struct stat st;
  return stat(path.c_str(), &st) == 0 && S_ISDIR(st.st_mode);
}

bool exists_on_disk(const std::string& path) {
  struct stat st;
  return stat(path.c_str(), &st) == 0;
}

// posixpath.split's head and tail.
std::pair<std::string, std::string> split_path(const std::string& p) {
  size_t i = p.rfind('/');
  i = i == std::string::npos ? 0 : i + 1;
  std::string head = p.substr(0, i), tail = p.substr(i);
  if (!head.empty() && head.find_first_not_of('/') != std::string::npos)
    head.erase(head.find_last_not_of('/') + 1);
  return {head, tail};
}

// os.makedirs, recursively as os.py does it.
void makedirs(const std::string& name, mode_t mode, bool exist_ok) {
  auto [head, tail] = split_path(name);
  if (tail.empty()) std::tie(head, tail) = split_path(head);
  if (!head.empty() && !tail.empty() && !exists_on_disk(head)) {
    try {
      makedirs(head, mode, exist_ok);
    } catch (PyError& e) {
      // Someone else created it meanwhile (os.py swallows FileExistsError here).
      if (!isinstance(e.exc, exc::FileExistsError)) throw;
    }
    if (tail == ".") return;
  }
  if (mkdir(name.c_str(), mode) != 0) {
    int err = errno;
    if (!exist_ok || !is_dir(name)) raise_os_error(err, name);
  }
}

Value os_makedirs(Args a) {
  Value p[3];
  bind_args(a, "makedirs", {"name", "mode", "exist_ok"}, 3, 1, p);
  const std::string& name = posix_path_arg(p[0], "mkdir");
  mode_t mode = p[1].is_null() ? 0777 : static_cast<mode_t>(index_value(p[1]));
  makedirs(name, mode, !p[2].is_null() && truthy(p[2]));
  return Value::none();
}

Value os_remove(Args a) {
  Value p[1];
  bind_args(a, "remove", {"path"}, 1, 1, p);
  const std::string& path = posix_path_arg(p[0], "remove");
  if (unlink(path.c_str()) != 0) raise_os_error(errno, path);
  return Value::none();
}

Value os_unlink(Args a) {
  Value p[1];
  bind_args(a, "unlink", {"path"}, 1, 1, p);
  const std::string& path = posix_path_arg(p[0], "unlink");
  if (unlink(path.c_str()) != 0) raise_os_error(errno, path);
  return Value::none();
}

Value os_rmdir(Args a) {
  Value p[1];
  bind_args(a, "rmdir", {"path"}, 1, 1, p);
  const std::string& path = posix_path_arg(p[0], "rmdir");
  if (rmdir(path.c_str()) != 0) raise_os_error(errno, path);
  return Value::none();
}

// os.stat_result: CPython's ten sequence fields. The three times are the
// float seconds CPython's st_atime/st_mtime/st_ctime attributes give (its
// tuple items are whole seconds; programs read the attributes).
Value stat_result(const struct stat& st) {
  static TypeObject* t = make_named_tuple_type(
      "stat_result", "os",
      {"st_mode", "st_ino", "st_dev", "st_nlink", "st_uid", "st_gid", "st_size", "st_atime",
       "st_mtime", "st_ctime"},
      {}, true);
  auto seconds = [](const struct timespec& ts) {
    return Value::floating(static_cast<double>(ts.tv_sec) + static_cast<double>(ts.tv_nsec) * 1e-9);
  };
  return make_named_tuple(
      t, {Value::integer(st.st_mode), Value::integer(static_cast<int64_t>(st.st_ino)),
          Value::integer(static_cast<int64_t>(st.st_dev)), Value::integer(static_cast<int64_t>(st.st_nlink)),
          Value::integer(st.st_uid), Value::integer(st.st_gid), Value::integer(st.st_size),
          seconds(st.st_atim), seconds(st.st_mtim), seconds(st.st_ctim)});
}

// os.stat(path, *, dir_fd=None, follow_symlinks=True) and os.lstat(path, *, dir_fd=None):
// a str or PathLike path, or an int file descriptor (stat only).
Value stat_impl(const Args& a, const char* fname, bool lstat_call) {
  Value p[3];
  if (lstat_call)
    bind_args(a, fname, {"path", "dir_fd"}, 1, 1, p);
  else
    bind_args(a, fname, {"path", "dir_fd", "follow_symlinks"}, 1, 1, p);
  if (!p[1].is_null() && !p[1].is_none())
    raise(exc::NotImplementedError, std::string(fname) + ": dir_fd is not supported by refc");
  bool follow = !lstat_call && (p[2].is_null() || truthy(p[2]));
  struct stat st;
  if (!lstat_call && p[0].is_intlike() && !p[0].is_bool()) {
    if (fstat(static_cast<int>(p[0].as_int()), &st) != 0) raise_os_error_no_filename(errno);
    return stat_result(st);
  }
  if (!lstat_call && fspath_or_null(p[0]).is_null())
    raise(exc::TypeError, std::string(fname) +
                              ": path should be string, bytes, os.PathLike or integer, not " +
                              type_name(p[0]));
  std::string path = posix_path_arg(p[0], fname);
  if ((follow ? stat(path.c_str(), &st) : lstat(path.c_str(), &st)) != 0)
    raise_os_error(errno, path);
  return stat_result(st);
}

Value os_stat(Args a) { return stat_impl(a, "stat", false); }
Value os_lstat(Args a) { return stat_impl(a, "lstat", true); }

// os.get_terminal_size(fd=1) -> os.terminal_size(columns, lines); OSError when fd
// is not a terminal.
Value os_get_terminal_size(Args a) {
  Value p[1];
  bind_args(a, "get_terminal_size", {"fd"}, 1, 0, p);
  int fd = p[0].is_null() ? STDOUT_FILENO : static_cast<int>(index_value(p[0]));
  struct winsize w;
  if (ioctl(fd, TIOCGWINSZ, &w) != 0) raise_os_error_no_filename(errno);
  static TypeObject* t = make_named_tuple_type("terminal_size", "os", {"columns", "lines"}, {}, true);
  return make_named_tuple(t, {Value::integer(w.ws_col), Value::integer(w.ws_row)});
}

Value rename_impl(const Args& a, const char* fname) {
  Value p[2];
  bind_args(a, fname, {"src", "dst"}, 2, 2, p);
  const std::string& src = posix_path_arg(p[0], fname);
  const std::string& dst = posix_path_arg(p[1], fname);
  if (rename(src.c_str(), dst.c_str()) != 0) raise_os_error(errno, src, &dst);
  return Value::none();
}

Value os_rename(Args a) { return rename_impl(a, "rename"); }
Value os_replace(Args a) { return rename_impl(a, "replace"); }

// ---- os.path ---------------------------------------------------------------------

Value path_join(Args a) {
  check_no_keywords(a, "join");
  if (a.npos == 0)
    raise(exc::TypeError, "join() missing 1 required positional argument: 'a'");
  std::string path = path_arg(a[0]);
  for (size_t i = 1; i < a.npos; ++i) {
    Value part = fspath_or_null(a[i]);
    if (part.is_null())
      raise(exc::TypeError, "join() argument must be str, bytes, or os.PathLike object, not '" +
                                type_name(a[i]) + "'");
    const std::string& b = part.as<Str>()->data;
    if (!b.empty() && b[0] == '/')
      path = b;
    else if (path.empty() || path.back() == '/')
      path += b;
    else
      path += "/" + b;
  }
  return str_value(std::move(path));
}

std::string one_path(const Args& a, const char* fname, const char* param = "p") {
  Value p[1];
  bind_args(a, fname, {param}, 1, 1, p);
  return path_arg(p[0]);
}

Value path_split(Args a) {
  auto [head, tail] = split_path(one_path(a, "split"));
  return Value(make_tuple({str_value(head), str_value(tail)}));
}

Value path_basename(Args a) { return str_value(split_path(one_path(a, "basename")).second); }
Value path_dirname(Args a) { return str_value(split_path(one_path(a, "dirname")).first); }

Value path_splitext(Args a) {
  const std::string& p = one_path(a, "splitext");
  size_t sep = p.rfind('/');
  size_t dot = p.rfind('.');
  long sep_index = sep == std::string::npos ? -1 : static_cast<long>(sep);
  if (dot != std::string::npos && static_cast<long>(dot) > sep_index) {
    // A leading run of dots belongs to the name (".bashrc" has no extension).
    for (size_t i = static_cast<size_t>(sep_index + 1); i < dot; ++i)
      if (p[i] != '.')
        return Value(make_tuple({str_value(p.substr(0, dot)), str_value(p.substr(dot))}));
  }
  return Value(make_tuple({str_value(p), str_value("")}));
}

std::string normpath(const std::string& path) {
  if (path.empty()) return ".";
  int initial_slashes = path[0] == '/' ? 1 : 0;
  // POSIX keeps exactly two leading slashes; three or more mean one.
  if (initial_slashes && path.rfind("//", 0) == 0 && path.rfind("///", 0) != 0)
    initial_slashes = 2;
  std::vector<std::string> comps;
  size_t start = 0;
  while (start <= path.size()) {
    size_t end = path.find('/', start);
    if (end == std::string::npos) end = path.size();
    std::string comp = path.substr(start, end - start);
    start = end + 1;
    if (comp.empty() || comp == ".") continue;
    if (comp != ".." || (!initial_slashes && comps.empty()) ||
        (!comps.empty() && comps.back() == ".."))
      comps.push_back(comp);
    else if (!comps.empty())
      comps.pop_back();
  }
  std::string out(static_cast<size_t>(initial_slashes), '/');
  for (size_t i = 0; i < comps.size(); ++i) {
    if (i) out += '/';
    out += comps[i];
  }
  return out.empty() ? "." : out;
}

std::string abspath(const std::string& p) {
  if (!p.empty() && p[0] == '/') return normpath(p);
  std::string cwd = current_dir();
  return normpath(p.empty() ? cwd : (cwd.back() == '/' ? cwd + p : cwd + "/" + p));
}

Value path_normpath(Args a) { return str_value(normpath(one_path(a, "normpath", "path"))); }
Value path_abspath(Args a) { return str_value(abspath(one_path(a, "abspath", "path"))); }

Value path_isabs(Args a) {
  const std::string& p = one_path(a, "isabs", "s");
  return Value::boolean(!p.empty() && p[0] == '/');
}

Value path_expanduser(Args a) {
  const std::string& p = one_path(a, "expanduser", "path");
  if (p.empty() || p[0] != '~') return str_value(p);
  size_t i = p.find('/', 1);
  if (i == std::string::npos) i = p.size();
  if (i != 1) return str_value(p); // ~user: not looked up
  const char* home = std::getenv("HOME");
  if (!home) return str_value(p);
  std::string h = home;
  while (h.size() > 1 && h.back() == '/') h.pop_back();
  std::string out = h + p.substr(i);
  return str_value(out.empty() ? "/" : out);
}

Value path_realpath(Args a) {
  const std::string& p = one_path(a, "realpath", "filename");
  std::string abs = abspath(p);
  char buf[PATH_MAX];
  if (realpath(abs.c_str(), buf)) return str_value(buf);
  return str_value(abs);
}

Value path_relpath(Args a) {
  Value p[2];
  bind_args(a, "relpath", {"path", "start"}, 2, 1, p);
  const std::string& path = path_arg(p[0]);
  if (path.empty()) raise(exc::ValueError, "no path specified");
  std::string start = p[1].is_null() || p[1].is_none() ? "." : path_arg(p[1]);
  auto parts = [](const std::string& s) {
    std::vector<std::string> out;
    size_t i = 0;
    while (i <= s.size()) {
      size_t j = s.find('/', i);
      if (j == std::string::npos) j = s.size();
      if (j > i) out.push_back(s.substr(i, j - i));
      i = j + 1;
    }
    return out;
  };
  std::vector<std::string> sl = parts(abspath(start)), pl = parts(abspath(path));
  size_t common = 0;
  while (common < sl.size() && common < pl.size() && sl[common] == pl[common]) ++common;
  std::string out;
  for (size_t i = common; i < sl.size(); ++i) out += out.empty() ? ".." : "/..";
  for (size_t i = common; i < pl.size(); ++i) out += (out.empty() ? "" : "/") + pl[i];
  return str_value(out.empty() ? "." : out);
}

// os.stat for the predicates: a str path or an int file descriptor.
bool stat_arg(const Value& v, struct stat& st) {
  if (v.is_intlike()) return fstat(static_cast<int>(v.as_int()), &st) == 0;
  return stat(path_arg(v).c_str(), &st) == 0;
}

Value path_exists(Args a) {
  Value p[1];
  bind_args(a, "exists", {"path"}, 1, 1, p);
  struct stat st;
  return Value::boolean(stat_arg(p[0], st));
}

Value path_isfile(Args a) {
  Value p[1];
  bind_args(a, "isfile", {"path"}, 1, 1, p);
  struct stat st;
  return Value::boolean(stat_arg(p[0], st) && S_ISREG(st.st_mode));
}

Value path_isdir(Args a) {
  Value p[1];
  bind_args(a, "isdir", {"s"}, 1, 1, p);
  struct stat st;
  return Value::boolean(stat_arg(p[0], st) && S_ISDIR(st.st_mode));
}

Value path_getsize(Args a) {
  Value p[1];
  bind_args(a, "getsize", {"filename"}, 1, 1, p);
  const std::string& path = path_arg(p[0]);
  struct stat st;
  if (stat(path.c_str(), &st) != 0) raise_os_error(errno, path);
  return Value::integer(st.st_size);
}

// os.path.getmtime / getatime / getctime: the float seconds os.stat gives.
Value stat_time(const Args& a, const char* fname, struct timespec stat::*field) {
  Value p[1];
  bind_args(a, fname, {"filename"}, 1, 1, p);
  std::string path = path_arg(p[0]);
  struct stat st;
  if (stat(path.c_str(), &st) != 0) raise_os_error(errno, path);
  const struct timespec& ts = st.*field;
  return Value::floating(static_cast<double>(ts.tv_sec) + static_cast<double>(ts.tv_nsec) * 1e-9);
}

Value path_getmtime(Args a) { return stat_time(a, "getmtime", &stat::st_mtim); }
Value path_getatime(Args a) { return stat_time(a, "getatime", &stat::st_atim); }
Value path_getctime(Args a) { return stat_time(a, "getctime", &stat::st_ctim); }

Ref<Module> make_path_module() {
  ModuleBuilder m("posixpath");
  m.function("join", path_join)
      .function("split", path_split)
      .function("basename", path_basename)
      .function("dirname", path_dirname)
      .function("splitext", path_splitext)
      .function("normpath", path_normpath)
      .function("abspath", path_abspath)
      .function("isabs", path_isabs)
      .function("expanduser", path_expanduser)
      .function("realpath", path_realpath)
      .function("relpath", path_relpath)
      .function("exists", path_exists)
      .function("isfile", path_isfile)
      .function("isdir", path_isdir)
      .function("getsize", path_getsize)
      .function("getmtime", path_getmtime)
      .function("getatime", path_getatime)
      .function("getctime", path_getctime)
      .value("sep", str_value("/"))
      .value("curdir", str_value("."))
      .value("pardir", str_value(".."))
      .value("extsep", str_value("."));
  return m.finish();
}

// os.PathLike: the class path objects derive from (pathlib's PurePath does),
// so isinstance(p, os.PathLike) holds for them. refc builds it as a plain class
// (CPython's is an ABC that also recognises any class with __fspath__).
Value make_path_like_class() {
  Ref<Dict> ns = make_dict();
  ns->set(intern("__module__"), str_value("os"));
  ns->set(intern("__qualname__"), str_value("PathLike"));
  ns->set(intern("__doc__"), str_value("Abstract base class for implementing the file system path protocol."));
  return call(Value::borrow(types::type), {str_value("PathLike"), Value(make_tuple({})), Value(ns)});
}

} // namespace

Ref<Module> create_os_module() {
  ModuleBuilder m("os");
  m.value("path", Value(make_path_module()))
      .value("environ", make_environ())
      .value("name", str_value("posix"))
      .value("sep", str_value("/"))
      .value("altsep", Value::none())
      .value("extsep", str_value("."))
      .value("pathsep", str_value(":"))
      .value("linesep", str_value("\n"))
      .value("curdir", str_value("."))
      .value("pardir", str_value(".."))
      .value("devnull", str_value("/dev/null"))
      .value("error", Value::borrow(exc::OSError))
      .value("PathLike", make_path_like_class())
      .function("fspath", os_fspath)
      .function("getcwd", os_getcwd)
      .function("chdir", os_chdir)
      .function("getpid", os_getpid)
      .function("cpu_count", os_cpu_count)
      .function("getenv", os_getenv)
      .function("listdir", os_listdir)
      .function("mkdir", os_mkdir)
      .function("makedirs", os_makedirs)
      .function("remove", os_remove)
      .function("unlink", os_unlink)
      .function("rmdir", os_rmdir)
      .function("stat", os_stat)
      .function("lstat", os_lstat)
      .function("get_terminal_size", os_get_terminal_size)
      .function("rename", os_rename)
      .function("replace", os_replace);
  return m.finish();
}

// `import os.path` names the same module object as os.path.
Ref<Module> create_os_path_module() {
  Ref<Module> os = import_module("os");
  Value path = os->dict->get(intern("path"));
  REFC_CHECK(path.is_obj() && path.type() == types::module, "os.path is not a module");
  return Ref<Module>::borrow(path.as<Module>());
}

} // namespace refc::lang
