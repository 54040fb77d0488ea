// Unit tests of the persistent automatic-dynamic profile (reference_compiler/
// dynamo/pgo.h, profile_file.h): which file the environment selects, saving
// and loading through a temporary REFC_CACHE_DIR with 2.14's log lines,
// writers that join each other's work, profiles that must not be trusted
// (each warned about once, then replaced), and writes that fail or race
// with readers without ever exposing part of a file.
#include "test_support.h"

#include "reference_compiler/dynamo/crc32.h"
#include "reference_compiler/dynamo/pgo.h"
#include "reference_compiler/dynamo/profile_file.h"
#include "reference_compiler/logging/logs.h"

#include <gtest/gtest.h>

#include <chrono>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <deque>
#include <fcntl.h>
#include <filesystem>
#include <fstream>
#include <functional>
#include <optional>
#include <sstream>
#include <string>
#include <sys/file.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <thread>
#include <unistd.h>
#include <vector>

namespace refc::dynamo {
namespace {

namespace fs = std::filesystem;

// Sets (or unsets) an environment variable for the life of the object.
class ScopedEnv {
public:
  ScopedEnv(const char* name, const char* value) : name_(name) {
    if (const char* old = std::getenv(name)) old_ = old;
    if (value)
      ::setenv(name, value, 1);
    else
      ::unsetenv(name);
  }
  ~ScopedEnv() {
    if (old_)
      ::setenv(name_.c_str(), old_->c_str(), 1);
    else
      ::unsetenv(name_.c_str());
  }

private:
  std::string name_;
  std::optional<std::string> old_;
};

std::string read_text(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream out;
  out << in.rdbuf();
  return out.str();
}

void write_text(const fs::path& path, const std::string& text) {
  std::ofstream(path, std::ios::binary | std::ios::trunc) << text;
}

using testing::lines_of;

// The files in `dir` other than the profile and its lock (leftover temporaries).
std::vector<std::string> stray_files(const fs::path& dir, const fs::path& profile) {
  std::vector<std::string> out;
  for (const auto& e : fs::directory_iterator(dir)) {
    const std::string name = e.path().filename().string();
    if (name != profile.filename().string() && name != profile.filename().string() + ".lock")
      out.push_back(name);
  }
  return out;
}

const CodeId kForward{"/src/model.py", 12, "forward", "0a1b2c3d", std::nullopt};
const CodeId kStep{"/src/model.py", 40, "step", "0a1b2c3d", std::nullopt};

FrameStateEntry tensor(std::vector<int64_t> sizes, std::vector<int64_t> strides) {
  return FrameStateEntry::tensor(sizes, strides);
}

class PgoTest : public ::testing::Test {
protected:
  void SetUp() override {
    const ::testing::TestInfo* info = ::testing::UnitTest::GetInstance()->current_test_info();
    cache_dir_ =
        fs::temp_directory_path() / ("refc_pgo_" + std::to_string(::getpid()) + "_" + info->name());
    fs::remove_all(cache_dir_);
    fs::create_directories(cache_dir_);
    env_.emplace_back("REFC_CACHE_DIR", cache_dir_.c_str());
    env_.emplace_back("TORCH_COMPILE_JOB_ID", "job");
    for (const char* unset :
         {"TORCH_COMPILE_STICKY_PGO_KEY", "TORCH_COMPILE_CACHE_KEY_TAG",
          "TORCHINDUCTOR_FORCE_DISABLE_CACHES", "TORCH_COMPILE_FORCE_DISABLE_CACHES"})
      env_.emplace_back(unset, nullptr);
    logging::set_state(logging_on());
  }
  // TORCH_LOGS=dynamo: the INFO lines of torch._dynamo.pgo.
  static logging::LogState logging_on() {
    logging::LogState on;
    on.levels["torch._dynamo"] = logging::kInfo;
    return on;
  }
  void TearDown() override {
    logging::set_state({});
    fs::permissions(cache_dir_, fs::perms::owner_all, fs::perm_options::add);
    if (fs::exists(cache_dir_ / "dynamo"))
      fs::permissions(cache_dir_ / "dynamo", fs::perms::owner_all, fs::perm_options::add);
    fs::remove_all(cache_dir_);
  }

  ProfileSettings settings() const { return ProfileSettings::from_environment(); }
  fs::path profile() const { return cache_dir_ / "dynamo" / "code_state_job_None_.json"; }

  // A profile on disk holding kForward's L['x'] as [3, 3].
  std::string save_first_profile() {
    const logging::LogState quiet; // its logs are not what a test looks at
    logging::set_state(quiet);
    ProfileStore store(settings());
    store.code_state(kForward)["L['x']"] = tensor({3, 3}, {3, 1});
    EXPECT_EQ(store.put(), ProfileStore::PutOutcome::Wrote);
    logging::set_state(logging_on());
    return read_text(profile());
  }

  fs::path cache_dir_;
  std::deque<ScopedEnv> env_;
};

TEST_F(PgoTest, SettingsSelectTheProfileAs214Does) {
  ProfileSettings s = settings();
  EXPECT_EQ(s.cache_key(), "job:None:");
  EXPECT_EQ(s.cache_dir, cache_dir_.string());
  EXPECT_EQ(s.profile_path(), profile().string());

  {
    ScopedEnv tag("TORCH_COMPILE_CACHE_KEY_TAG", "v2");
    ScopedEnv job("TORCH_COMPILE_JOB_ID", "team/run:7");
    ProfileSettings t = ProfileSettings::from_environment();
    t.rank = 3;
    EXPECT_EQ(t.cache_key(), "team/run:7:3:v2");
    EXPECT_EQ(fs::path(*t.profile_path()).filename(), "code_state_team_run_7_3_v2.json");
  }
  {
    ScopedEnv job("TORCH_COMPILE_JOB_ID", nullptr);
    EXPECT_EQ(ProfileSettings::from_environment().cache_key(), std::nullopt);
    ScopedEnv sticky("TORCH_COMPILE_STICKY_PGO_KEY", "sticky");
    EXPECT_EQ(ProfileSettings::from_environment().cache_key(), "sticky:None:");
  }
  {
    ScopedEnv off("TORCHINDUCTOR_FORCE_DISABLE_CACHES", "1");
    EXPECT_EQ(ProfileSettings::from_environment().cache_key(), std::nullopt);
  }
  {
    ScopedEnv on("TORCHINDUCTOR_FORCE_DISABLE_CACHES", "0");
    ScopedEnv off("TORCH_COMPILE_FORCE_DISABLE_CACHES", "1"); // the first one set decides
    EXPECT_EQ(ProfileSettings::from_environment().cache_key(), "job:None:");
  }
  ProfileSettings no_local = settings();
  no_local.local_pgo = false;
  EXPECT_EQ(no_local.profile_path(), std::nullopt);
  EXPECT_EQ(profile_file_name("a<b>c:d\"e/f\\g|h?i*j"), "code_state_a_b_c_d_e_f_g_h_i_j.json");
}

TEST_F(PgoTest, CacheDirPrecedence) {
  EXPECT_EQ(default_cache_dir(), cache_dir_.string());
  ScopedEnv no_refc("REFC_CACHE_DIR", nullptr);
  ScopedEnv xdg("XDG_CACHE_HOME", "/x/cache");
  EXPECT_EQ(default_cache_dir(), "/x/cache/refc");
  ScopedEnv no_xdg("XDG_CACHE_HOME", nullptr);
  ScopedEnv home("HOME", "/home/someone");
  EXPECT_EQ(default_cache_dir(), "/home/someone/.cache/refc");
}

TEST_F(PgoTest, RoundTripWithLogs) {
  ProfileStore first(settings());
  ::testing::internal::CaptureStderr();
  CodeState& forward = first.code_state(kForward);
  forward["L['x']"] = tensor({3, 3}, {3, 1});
  forward["L['x']"] |= tensor({4, 3}, {3, 1});
  forward["L['n']"] = FrameStateEntry::scalar(2);
  forward["L['n']"] |= FrameStateEntry::scalar(3);
  forward["L['scale']"] = FrameStateEntry::float_scalar(0.25); // a float stays a float
  forward["L['self']._modules['lin']._parameters['weight']"] = tensor({8, 4}, {4, 1});
  first.code_state(kStep)["L['y']"] = FrameStateEntry::scalar(5);
  EXPECT_EQ(first.put(), ProfileStore::PutOutcome::Wrote);
  EXPECT_EQ(lines_of(::testing::internal::GetCapturedStderr()),
            (std::vector<std::string>{"get_code_state using default",
                                      "put_code_state: wrote local " + profile().string() +
                                          ", 2 entries"}));

  ProfileStore second(settings());
  ::testing::internal::CaptureStderr();
  const CodeStates& loaded = second.code_states();
  EXPECT_EQ(
      lines_of(::testing::internal::GetCapturedStderr()),
      (std::vector<std::string>{"get_code_state " + profile().string() + " hit local, 2 entries",
                                "get_code_state using default"}));
  EXPECT_EQ(loaded, first.code_states());
  EXPECT_EQ(render_code_state(loaded), render_code_state(first.code_states())); // order kept too
  const CodeState* f = loaded.find(kForward);
  ASSERT_NE(f, nullptr);
  EXPECT_TRUE(f->find("L['x']")->is_size_dynamic(0));
  EXPECT_FALSE(f->find("L['x']")->is_size_dynamic(1));
  EXPECT_TRUE(f->find("L['n']")->is_scalar_dynamic());
  EXPECT_EQ(f->find("L['scale']")->render(), "scalar 0.25");

  ::testing::internal::CaptureStderr();
  EXPECT_EQ(second.put(), ProfileStore::PutOutcome::NoChange);
  EXPECT_EQ(::testing::internal::GetCapturedStderr(), "put_code_state: no change, skipping\n");

  // reset() forgets the state; the next use reads the file again.
  second.code_state(kStep)["L['y']"] |= FrameStateEntry::scalar(6);
  second.reset();
  EXPECT_FALSE(second.code_states().find(kStep)->find("L['y']")->is_scalar_dynamic());
}

TEST_F(PgoTest, CodeIdMatchesAcrossPaths) {
  save_first_profile();
  ProfileStore later(settings());
  const CodeId moved{"/elsewhere/model.py", kForward.firstlineno, kForward.name, kForward.file_hash,
                     std::nullopt};
  EXPECT_NE(later.code_states().find(moved), nullptr);
}

TEST_F(PgoTest, InactiveWithoutJobId) {
  const std::string before = save_first_profile();
  ScopedEnv no_job("TORCH_COMPILE_JOB_ID", nullptr);
  ProfileStore store(settings());
  ::testing::internal::CaptureStderr();
  EXPECT_TRUE(store.code_states().empty()); // the job's profile is not read
  store.code_state(kForward)["L['x']"] = tensor({2}, {1});
  EXPECT_EQ(store.put(), ProfileStore::PutOutcome::NoCacheKey);
  EXPECT_EQ(::testing::internal::GetCapturedStderr(), "put_code_state: no cache key, skipping\n");
  EXPECT_EQ(read_text(profile()), before);
  EXPECT_EQ(stray_files(profile().parent_path(), profile()), std::vector<std::string>{});
}

TEST_F(PgoTest, ForceDisabledWarnsOnceAndNeverReads) {
  save_first_profile();
  ScopedEnv off("TORCHINDUCTOR_FORCE_DISABLE_CACHES", "1");
  ProfileStore store(settings());
  ::testing::internal::CaptureStderr();
  EXPECT_TRUE(store.code_states().empty());
  EXPECT_EQ(store.put(), ProfileStore::PutOutcome::NoCacheKey);
  EXPECT_EQ(store.put(), ProfileStore::PutOutcome::NoCacheKey);
  EXPECT_EQ(
      lines_of(::testing::internal::GetCapturedStderr()),
      (std::vector<std::string>{
          "dynamo_pgo force disabled by torch.compiler.config.force_disable_caches",
          "put_code_state: no cache key, skipping", "put_code_state: no cache key, skipping"}));
}

TEST_F(PgoTest, PutBeforeAnyUseWritesNothing) {
  ProfileStore store(settings());
  ::testing::internal::CaptureStderr();
  EXPECT_EQ(store.put(), ProfileStore::PutOutcome::NeverLoaded);
  EXPECT_EQ(::testing::internal::GetCapturedStderr(),
            "put_code_state: never initialized, will not write\n");
  EXPECT_FALSE(fs::exists(profile()));
}

TEST_F(PgoTest, TwoWritersJoinEachOthersWork) {
  ProfileStore a(settings()), b(settings());
  a.code_state(kForward)["L['x']"] = tensor({2, 3}, {3, 1});
  b.code_state(kForward)["L['x']"] = tensor({5, 3}, {3, 1});
  b.code_state(kStep)["L['k']"] = FrameStateEntry::scalar(1);
  ASSERT_EQ(a.put(), ProfileStore::PutOutcome::Wrote);
  ASSERT_EQ(b.put(), ProfileStore::PutOutcome::Wrote);
  const CodeStates saved = read_profile_file(profile().string());
  ASSERT_EQ(saved.size(), 2u);
  EXPECT_EQ(saved.find(kForward)->find("L['x']")->render(), "tensor size=[?, 3] stride=[S(1), 1]");
  EXPECT_EQ(saved.find(kStep)->find("L['k']")->render(), "scalar 1");
  // Each process keeps its own state; the file holds the join.
  EXPECT_FALSE(a.code_states().find(kForward)->find("L['x']")->is_size_dynamic(0));
  EXPECT_EQ(a.code_states().find(kStep), nullptr);
  // a's next save keeps b's work.
  a.code_state(kForward)["L['z']"] = FrameStateEntry::scalar(9);
  ASSERT_EQ(a.put(), ProfileStore::PutOutcome::Wrote);
  EXPECT_NE(read_profile_file(profile().string()).find(kStep), nullptr);
}

// Processes saving at the same time: without the lock, read-modify-write
// would lose some of their code objects.
TEST_F(PgoTest, ConcurrentProcessesLoseNothing) {
  constexpr int kWriters = 6, kSaves = 4;
  std::vector<pid_t> children;
  for (int w = 0; w < kWriters; ++w) {
    const pid_t pid = ::fork();
    ASSERT_GE(pid, 0);
    if (pid == 0) {
      logging::set_state({});
      ProfileStore store(ProfileSettings::from_environment());
      bool ok = true;
      for (int s = 0; s < kSaves; ++s) {
        store.code_state(CodeId{"w.py", 100 * w + s, "f", "00000042", std::nullopt})["L['x']"] =
            FrameStateEntry::scalar(w);
        store.code_state(kForward)["L['shared']"] |= FrameStateEntry::scalar(w);
        ok = ok && store.put() == ProfileStore::PutOutcome::Wrote;
      }
      ::_exit(ok ? 0 : 1);
    }
    children.push_back(pid);
  }
  for (pid_t pid : children) {
    int status = 0;
    ASSERT_EQ(::waitpid(pid, &status, 0), pid);
    EXPECT_TRUE(WIFEXITED(status) && WEXITSTATUS(status) == 0);
  }
  const CodeStates saved = read_profile_file(profile().string());
  EXPECT_EQ(saved.size(), static_cast<size_t>(kWriters * kSaves + 1));
  for (int w = 0; w < kWriters; ++w)
    for (int s = 0; s < kSaves; ++s)
      EXPECT_NE(saved.find(CodeId{"w.py", 100 * w + s, "f", "00000042", std::nullopt}), nullptr)
          << w << " " << s;
  EXPECT_TRUE(saved.find(kForward)->find("L['shared']")->is_scalar_dynamic());
  EXPECT_EQ(stray_files(profile().parent_path(), profile()), std::vector<std::string>{});
}

TEST_F(PgoTest, WaitsForTheLock) {
  fs::create_directories(profile().parent_path());
  const int held = ::open((profile().string() + ".lock").c_str(), O_RDWR | O_CREAT, 0666);
  ASSERT_GE(held, 0);
  ASSERT_EQ(::flock(held, LOCK_EX), 0);
  std::thread release([held] {
    std::this_thread::sleep_for(std::chrono::milliseconds(300));
    ::flock(held, LOCK_UN);
  });
  ProfileStore store(settings());
  store.code_state(kForward)["L['x']"] = FrameStateEntry::scalar(1);
  const auto start = std::chrono::steady_clock::now();
  EXPECT_EQ(store.put(), ProfileStore::PutOutcome::Wrote);
  EXPECT_GE(std::chrono::steady_clock::now() - start, std::chrono::milliseconds(250));
  release.join();
  ::close(held);
}

// --- profiles that must not be trusted ---------------------------------------

struct BadProfile {
  const char* name;
  std::function<void(const fs::path& path, const std::string& valid)> make;
  const char* reason; // a part of the warning's reason
};

std::string with_replaced(std::string text, const std::string& from, const std::string& to) {
  const size_t at = text.find(from);
  EXPECT_NE(at, std::string::npos) << from;
  return at == std::string::npos ? text : text.replace(at, from.size(), to);
}

std::vector<BadProfile> bad_profiles() {
  return {
      {"garbage",
       [](const fs::path& p, const std::string&) {
         write_text(p, "\x7f"
                       "ELF not a profile");
       },
       "not JSON: parse error"},
      {"empty", [](const fs::path& p, const std::string&) { write_text(p, ""); }, "not JSON"},
      {"truncated",
       [](const fs::path& p, const std::string& v) { write_text(p, v.substr(0, v.size() / 2)); },
       "not JSON: parse error"},
      {"wrong_version",
       [](const fs::path& p, const std::string& v) {
         write_text(p, with_replaced(v, "\"version\": 1", "\"version\": 2"));
       },
       "unsupported version 2"},
      {"foreign_format",
       [](const fs::path& p, const std::string& v) {
         write_text(p, with_replaced(v, "refc-dynamo-code-state", "someone-elses-cache"));
       },
       "not a profile: format is \"someone-elses-cache\""},
      {"bad_checksum",
       [](const fs::path& p, const std::string& v) {
         write_text(p, with_replaced(v, "\"firstlineno\": 12", "\"firstlineno\": 13"));
       },
       "checksum mismatch"},
      {"json_array", [](const fs::path& p, const std::string&) { write_text(p, "[1, 2]"); },
       "not an object"},
      {"directory",
       [](const fs::path& p, const std::string&) {
         fs::remove(p);
         fs::create_directory(p);
       },
       "it is a directory"},
      {"symlink_loop",
       [](const fs::path& p, const std::string&) {
         fs::remove(p);
         fs::create_symlink(p.filename(), p);
       },
       "Too many levels of symbolic links"},
  };
}

TEST_F(PgoTest, UntrustedProfilesAreWarnedAboutOnceThenReplaced) {
  for (const BadProfile& bad : bad_profiles()) {
    SCOPED_TRACE(bad.name);
    fs::remove_all(cache_dir_ / "dynamo");
    const std::string valid = save_first_profile();
    bad.make(profile(), valid);

    ProfileStore store(settings());
    ::testing::internal::CaptureStderr();
    EXPECT_TRUE(store.code_states().empty());
    store.code_state(kStep)["L['y']"] = FrameStateEntry::scalar(4);
    const ProfileStore::PutOutcome outcome = store.put();
    const std::vector<std::string> lines = lines_of(::testing::internal::GetCapturedStderr());
    const std::string warning = "get_code_state failed while reading " + profile().string() + ": ";
    ASSERT_EQ(lines.size(), 3u);
    EXPECT_TRUE(lines[0].starts_with(warning)) << lines[0];
    EXPECT_NE(lines[0].find(bad.reason), std::string::npos) << lines[0];
    EXPECT_EQ(lines[1], "get_code_state using default");
    EXPECT_EQ(lines[2], "put_code_state: wrote local " + profile().string() + ", 1 entries");
    EXPECT_EQ(outcome, ProfileStore::PutOutcome::Wrote);

    // The replacement is a valid profile with only this process's state.
    const CodeStates saved = read_profile_file(profile().string());
    EXPECT_EQ(saved.size(), 1u);
    EXPECT_NE(saved.find(kStep), nullptr);
  }
}

TEST_F(PgoTest, UnreadableProfileWithoutPermission) {
  if (::geteuid() == 0)
    GTEST_SKIP() << "root reads files whatever their mode (symlink_loop covers unreadable)";
  save_first_profile();
  fs::permissions(profile(), fs::perms::none);
  ProfileStore store(settings());
  ::testing::internal::CaptureStderr();
  EXPECT_TRUE(store.code_states().empty());
  const std::string out = ::testing::internal::GetCapturedStderr();
  EXPECT_NE(
      out.find("get_code_state failed while reading " + profile().string() + ": Permission denied"),
      std::string::npos)
      << out;
  store.code_state(kStep)["L['y']"] = FrameStateEntry::scalar(4);
  EXPECT_EQ(store.put(), ProfileStore::PutOutcome::Wrote); // the rename replaces it
  EXPECT_NE(read_profile_file(profile().string()).find(kStep), nullptr);
}

TEST_F(PgoTest, ANonEmptyDirectoryIsNotDeleted) {
  fs::create_directories(profile() / "keep");
  ProfileStore store(settings());
  ::testing::internal::CaptureStderr();
  store.code_state(kStep)["L['y']"] = FrameStateEntry::scalar(4);
  EXPECT_EQ(store.put(), ProfileStore::PutOutcome::Failed);
  const std::string out = ::testing::internal::GetCapturedStderr();
  EXPECT_NE(out.find("put_code_state failed while writing " + profile().string() +
                     ": a directory is in its place"),
            std::string::npos)
      << out;
  EXPECT_TRUE(fs::exists(profile() / "keep"));
}

TEST_F(PgoTest, ReadProfileFileNamesTheReason) {
  try {
    read_profile_file((cache_dir_ / "nothing.json").string());
    ADD_FAILURE() << "no error for a missing file";
  } catch (const ProfileReadError& e) {
    EXPECT_STREQ(e.what(), "No such file or directory");
  }
  write_text(cache_dir_ / "bad.json", "{\"format\": \"refc-dynamo-code-state\", \"version\": 1}");
  EXPECT_THROW(read_profile_file((cache_dir_ / "bad.json").string()), ProfileReadError);
}

// --- writes that fail or race -------------------------------------------------

// A write that fails part way (the file size limit; root ignores directory
// modes, not this) leaves the old profile as it was and no temporary behind.
TEST_F(PgoTest, FailedWriteLeavesTheOldFileIntact) {
  const std::string before = save_first_profile();
  ProfileStore store(settings());
  for (int i = 0; i < 50; ++i)
    store.code_state(kStep)["L['arg" + std::to_string(i) + "']"] = tensor({2, i + 2}, {i + 2, 1});

  struct rlimit old_limit;
  ASSERT_EQ(::getrlimit(RLIMIT_FSIZE, &old_limit), 0);
  auto old_handler = std::signal(SIGXFSZ, SIG_IGN);
  struct rlimit small = old_limit;
  small.rlim_cur = 256;
  ASSERT_EQ(::setrlimit(RLIMIT_FSIZE, &small), 0);
  ::testing::internal::CaptureStderr();
  const ProfileStore::PutOutcome outcome = store.put();
  ::setrlimit(RLIMIT_FSIZE, &old_limit);
  std::signal(SIGXFSZ, old_handler);
  const std::string out = ::testing::internal::GetCapturedStderr();

  EXPECT_EQ(outcome, ProfileStore::PutOutcome::Failed);
  EXPECT_NE(
      out.find("put_code_state failed while writing " + profile().string() + ": File too large"),
      std::string::npos)
      << out;
  EXPECT_EQ(read_text(profile()), before);
  EXPECT_EQ(stray_files(profile().parent_path(), profile()), std::vector<std::string>{});
  EXPECT_EQ(store.put(), ProfileStore::PutOutcome::Wrote); // and the next one succeeds
  EXPECT_NE(read_profile_file(profile().string()).find(kStep), nullptr);
}

TEST_F(PgoTest, ReadOnlyDirectoryLeavesTheOldFileIntact) {
  if (::geteuid() == 0)
    GTEST_SKIP() << "root writes into read-only directories (FailedWrite covers failures)";
  const std::string before = save_first_profile();
  fs::permissions(profile().parent_path(), fs::perms::owner_read | fs::perms::owner_exec);
  ProfileStore store(settings());
  store.code_state(kStep)["L['y']"] = FrameStateEntry::scalar(4);
  ::testing::internal::CaptureStderr();
  EXPECT_EQ(store.put(), ProfileStore::PutOutcome::Failed);
  ::testing::internal::GetCapturedStderr();
  EXPECT_EQ(read_text(profile()), before);
}

// A reader never sees part of a profile while another process saves.
TEST_F(PgoTest, ReadersNeverSeeAPartialFile) {
  save_first_profile();
  const pid_t reader = ::fork();
  ASSERT_GE(reader, 0);
  if (reader == 0) {
    for (int i = 0; i < 400; ++i) {
      try {
        read_profile_file(profile().string());
      } catch (const ProfileReadError&) {
        ::_exit(1);
      }
    }
    ::_exit(0);
  }
  logging::set_state({});
  ProfileStore store(settings());
  for (int i = 0; i < 60; ++i) {
    store.code_state(CodeId{"big.py", i, "f", "00000007", std::nullopt})["L['x']"] =
        tensor({i + 1, 64}, {64, 1});
    ASSERT_EQ(store.put(), ProfileStore::PutOutcome::Wrote);
  }
  int status = 0;
  ASSERT_EQ(::waitpid(reader, &status, 0), reader);
  EXPECT_TRUE(WIFEXITED(status) && WEXITSTATUS(status) == 0) << "a reader saw a partial profile";
}

// --- the format -----------------------------------------------------------------

TEST(ProfileFileTest, EveryKindOfPartRoundTrips) {
  CodeStates states;
  CodeState& s = states[CodeId{"f.py", 1, "f", "00000001", -12345}];
  s["unset"] = FrameStateEntry();
  s["dynamic"] = FrameStateEntry(auto_dynamic, auto_dynamic, auto_dynamic);
  s["tensor"] =
      FrameStateEntry::tensor(std::vector<int64_t>{2, 3, 4}, std::vector<int64_t>{12, 1, 3});
  s["tensor"] |=
      FrameStateEntry::tensor(std::vector<int64_t>{5, 3, 4}, std::vector<int64_t>{12, 1, 3});
  s["big"] = FrameStateEntry::scalar(INT64_MIN);
  s["no strides"] = FrameStateEntry::tensor(std::vector<int64_t>{7}, std::vector<int64_t>{});
  states[CodeId{"<string>", 3, "g", "<string>", std::nullopt}]["L['\\u00e9\"']"] =
      FrameStateEntry::scalar(1);
  const std::string text = encode_profile(states);
  const CodeStates back = decode_profile(text);
  EXPECT_EQ(back, states);
  EXPECT_EQ(render_code_state(back), render_code_state(states));
  EXPECT_EQ(back.begin()->first.closure_hash, -12345);
  EXPECT_EQ(encode_profile(back), text);
}

TEST(ProfileFileTest, MalformedPayloadsAreRefused) {
  CodeStates states;
  states[CodeId{"f.py", 1, "f", "00000001", std::nullopt}]["L['x']"] = FrameStateEntry::scalar(1);
  // A payload edited consistently (checksum recomputed) but of the wrong shape.
  auto resealed = [](std::string payload) {
    char checksum[16];
    std::snprintf(checksum, sizeof checksum, "%08x", crc32(payload));
    return "{\"format\":\"refc-dynamo-code-state\",\"version\":1,\"checksum\":\"crc32:" +
           std::string(checksum) + "\",\"payload\":" + payload + "}";
  };
  const std::string good =
      R"({"code_states":[{"filename":"f.py","firstlineno":1,"name":"f","file_hash":"00000001","closure_hash":null,"automatic_dynamic":{"L['x']":{"scalar":1,"size":"?","stride":"?"}}}]})";
  EXPECT_EQ(decode_profile(resealed(good)), states);
  for (const auto& [from, to] : std::vector<std::pair<std::string, std::string>>{
           {"\"scalar\":1", "\"scalar\":\"three\""},
           {"\"size\":\"?\"", "\"size\":[\"S(0)\"]"},
           {"\"stride\":\"?\"", "\"stride\":[\"S(x)\"]"},
           {"\"firstlineno\":1", "\"firstlineno\":\"1\""},
           {",\"name\":\"f\"", ""},
           {"\"code_states\":[", "\"code_states\":[3,"}}) {
    std::string bad = good;
    bad.replace(bad.find(from), from.size(), to);
    try {
      decode_profile(resealed(bad));
      ADD_FAILURE() << "accepted " << bad;
    } catch (const ProfileFormatError& e) {
      EXPECT_TRUE(std::string(e.what()).starts_with("malformed payload: ")) << e.what();
    }
  }
}

} // namespace
} // namespace refc::dynamo
