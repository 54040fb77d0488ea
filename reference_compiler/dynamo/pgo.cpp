// The persistent profile: settings from the environment, loading, and the
// locked, atomic read-modify-write of put().
#include "reference_compiler/dynamo/pgo.h"

#include "reference_compiler/dynamo/profile_file.h"
#include "reference_compiler/logging/logs.h"

#include <cerrno>
#include <chrono>
#include <cstdlib>
#include <cstring>
#include <fcntl.h>
#include <filesystem>
#include <pwd.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <thread>
#include <unistd.h>

namespace refc::dynamo {

namespace {

constexpr const char* kLogger = "torch._dynamo.pgo";
// pgo.py's LOCK_TIMEOUT: a writer holds the lock for one small write.
constexpr auto kLockTimeout = std::chrono::seconds(10);

void log_info(const std::string& message) { logging::log(kLogger, logging::kInfo, message); }

const char* env(const char* name) { return std::getenv(name); }

// The first of `names` that is set (utils/_config_module.py reads a list of
// variables the same way), even when set to "".
std::optional<std::string> first_env(std::initializer_list<const char*> names) {
  for (const char* name : names)
    if (const char* value = env(name)) return std::string(value);
  return std::nullopt;
}

std::string errno_text(int error) { return std::strerror(error); }

// Closes a descriptor on every path out.
struct FileDescriptor {
  int fd = -1;
  ~FileDescriptor() {
    if (fd >= 0) ::close(fd);
  }
};

bool write_all(int fd, const std::string& text) {
  size_t done = 0;
  while (done < text.size()) {
    const ssize_t n = ::write(fd, text.data() + done, text.size() - done);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return false;
    done += static_cast<size_t>(n);
  }
  return true;
}

// The file's bytes; ProfileReadError with the system's reason otherwise.
// `missing` is set (and nothing thrown) when there is no file at all.
std::string read_bytes(const std::string& path, bool* missing) {
  struct stat st;
  if (::stat(path.c_str(), &st) != 0) {
    if (errno == ENOENT && missing) {
      *missing = true;
      return {};
    }
    throw ProfileReadError(errno_text(errno));
  }
  if (S_ISDIR(st.st_mode)) throw ProfileReadError("it is a directory");
  FileDescriptor file{::open(path.c_str(), O_RDONLY | O_CLOEXEC)};
  if (file.fd < 0) throw ProfileReadError(errno_text(errno));
  std::string bytes;
  char buffer[1 << 16];
  while (true) {
    const ssize_t n = ::read(file.fd, buffer, sizeof buffer);
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) throw ProfileReadError(errno_text(errno));
    if (n == 0) break;
    bytes.append(buffer, static_cast<size_t>(n));
  }
  return bytes;
}

CodeStates decode_or_throw(const std::string& bytes) {
  try {
    return decode_profile(bytes);
  } catch (const ProfileFormatError& e) {
    throw ProfileReadError(e.what());
  }
}

// An exclusive flock on `path`, waited for up to kLockTimeout.
bool lock_exclusively(int fd) {
  const auto deadline = std::chrono::steady_clock::now() + kLockTimeout;
  while (::flock(fd, LOCK_EX | LOCK_NB) != 0) {
    if (errno != EWOULDBLOCK && errno != EINTR) return false;
    if (std::chrono::steady_clock::now() >= deadline) {
      errno = ETIMEDOUT;
      return false;
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(5));
  }
  return true;
}

} // namespace

std::string default_cache_dir() {
  if (const char* dir = env("REFC_CACHE_DIR"); dir && *dir) return dir;
  if (const char* xdg = env("XDG_CACHE_HOME"); xdg && *xdg) return std::string(xdg) + "/refc";
  std::string home;
  if (const char* h = env("HOME"); h && *h)
    home = h;
  else if (const passwd* pw = ::getpwuid(::getuid()); pw && pw->pw_dir)
    home = pw->pw_dir;
  return home + "/.cache/refc";
}

std::string profile_file_name(const std::string& cache_key) {
  std::string name = "code_state_" + cache_key + ".json";
  for (char& c : name)
    if (std::strchr("<>:\"/\\|?*", c) && c != '\0') c = '_';
  return name;
}

ProfileSettings ProfileSettings::from_environment() {
  ProfileSettings s;
  s.job_id = first_env({"TORCH_COMPILE_JOB_ID", "TORCH_COMPILE_STICKY_PGO_KEY"});
  s.cache_key_tag = first_env({"TORCH_COMPILE_CACHE_KEY_TAG"}).value_or("");
  // A set variable wins over the default: "1" is True, "0" False, and any
  // other non-empty text is truthy, as Python's `if` reads it.
  if (auto force =
          first_env({"TORCHINDUCTOR_FORCE_DISABLE_CACHES", "TORCH_COMPILE_FORCE_DISABLE_CACHES"}))
    s.force_disable_caches = !force->empty() && *force != "0";
  s.cache_dir = default_cache_dir();
  return s;
}

std::optional<std::string> ProfileSettings::cache_key() const {
  if (force_disable_caches || !job_id) return std::nullopt;
  return *job_id + ":" + (rank ? std::to_string(*rank) : "None") + ":" + cache_key_tag;
}

std::optional<std::string> ProfileSettings::profile_path() const {
  std::optional<std::string> key = cache_key();
  if (!key || !local_pgo) return std::nullopt;
  return (std::filesystem::path(cache_dir) / "dynamo" / profile_file_name(*key)).string();
}

CodeStates read_profile_file(const std::string& path) {
  return decode_or_throw(read_bytes(path, nullptr));
}

ProfileStore::ProfileStore(ProfileSettings settings) : settings_(std::move(settings)) {}

void ProfileStore::warn_once_about(const std::string& path, const std::string& message) {
  if (warned_paths_.insert(path).second) logging::log(kLogger, logging::kWarning, message);
}

std::optional<std::string> ProfileStore::cache_key() {
  if (settings_.force_disable_caches && !warned_force_disabled_) {
    warned_force_disabled_ = true;
    logging::log(kLogger, logging::kWarning,
                 "dynamo_pgo force disabled by torch.compiler.config.force_disable_caches");
  }
  return settings_.cache_key();
}

// The states in `path`: none when there is no file, or when it cannot be
// used (warned once, naming `action`).
std::optional<CodeStates> ProfileStore::read_for_store(const std::string& path,
                                                       const char* action) {
  bool missing = false;
  try {
    std::string bytes = read_bytes(path, &missing);
    if (missing) return std::nullopt;
    return decode_or_throw(bytes);
  } catch (const ProfileReadError& e) {
    warn_once_about(path, std::string(action) + " " + path + ": " + e.what());
    return std::nullopt;
  }
}

CodeStates& ProfileStore::code_states() {
  if (states_) return *states_;
  states_.emplace();
  if (!cache_key()) return *states_;
  if (!settings_.local_pgo)
    logging::log(kLogger, logging::kDebug, "automatic_dynamic_local_pgo not enabled");
  if (std::optional<std::string> path = settings_.profile_path()) {
    if (std::optional<CodeStates> saved =
            read_for_store(*path, "get_code_state failed while reading")) {
      states_ = std::move(*saved);
      log_info("get_code_state " + *path + " hit local, " + std::to_string(states_->size()) +
               " entries");
      loaded_ = *states_;
    }
  }
  log_info("get_code_state using default");
  return *states_;
}

ProfileStore::PutOutcome ProfileStore::put() {
  if (!states_) {
    log_info("put_code_state: never initialized, will not write");
    return PutOutcome::NeverLoaded;
  }
  if (loaded_ && *states_ == *loaded_) {
    log_info("put_code_state: no change, skipping");
    return PutOutcome::NoChange;
  }
  if (!cache_key()) {
    log_info("put_code_state: no cache key, skipping");
    return PutOutcome::NoCacheKey;
  }
  std::optional<std::string> path = settings_.profile_path();
  if (!path) {
    log_info("put_code_state: local cache disabled");
    return PutOutcome::LocalDisabled;
  }
  size_t entries = 0;
  if (!write(*path, entries)) return PutOutcome::Failed;
  log_info("put_code_state: wrote local " + *path + ", " + std::to_string(entries) + " entries");
  return PutOutcome::Wrote;
}

bool ProfileStore::write(const std::string& path, size_t& entries) {
  namespace fs = std::filesystem;
  auto fail = [&](const std::string& reason) {
    logging::log(kLogger, logging::kWarning,
                 "put_code_state failed while writing " + path + ": " + reason);
    return false;
  };
  const fs::path dir = fs::path(path).parent_path();
  std::error_code ec;
  fs::create_directories(dir, ec);
  if (ec) return fail("cannot create " + dir.string() + ": " + ec.message());

  FileDescriptor lock{::open((path + ".lock").c_str(), O_RDWR | O_CREAT | O_CLOEXEC, 0666)};
  if (lock.fd < 0) return fail("cannot open the lock file: " + errno_text(errno));
  if (!lock_exclusively(lock.fd))
    return fail("cannot lock " + path + ".lock: " + errno_text(errno));

  // Under the lock: join what another process saved since we loaded.
  CodeStates merged;
  if (std::optional<CodeStates> saved = read_for_store(path, "put_code_state: replacing unusable"))
    merged = std::move(*saved);
  join_code_states(merged, *states_);
  const std::string text = encode_profile(merged);

  // A directory where the profile belongs (left by a user or a tool) is
  // replaced only when empty: its contents are not ours to delete.
  struct stat st;
  if (::stat(path.c_str(), &st) == 0 && S_ISDIR(st.st_mode) && ::rmdir(path.c_str()) != 0)
    return fail("a directory is in its place: " + errno_text(errno));

  std::string temp = path + ".tmp.XXXXXX";
  FileDescriptor out{::mkstemp(temp.data())};
  if (out.fd < 0)
    return fail("cannot create a temporary file in " + dir.string() + ": " + errno_text(errno));
  auto discard = [&](const std::string& reason) {
    ::unlink(temp.c_str());
    return fail(reason);
  };
  if (!write_all(out.fd, text)) return discard(errno_text(errno));
  ::fchmod(out.fd, 0644); // mkstemp's 0600 would hide the profile from a job's other users
  if (::fsync(out.fd) != 0) return discard(errno_text(errno));
  if (::close(out.fd) != 0) {
    out.fd = -1;
    return discard(errno_text(errno));
  }
  out.fd = -1;
  if (::rename(temp.c_str(), path.c_str()) != 0) return discard(errno_text(errno));
  entries = merged.size();
  return true;
}

void ProfileStore::reset() {
  states_.reset();
  loaded_.reset();
}

ProfileStore& process_profile_store() {
  static ProfileStore store(ProfileSettings::from_environment());
  return store;
}

} // namespace refc::dynamo
