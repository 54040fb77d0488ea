// The persistent automatic-dynamic profile (PGO, PyTorch 2.14's
// torch/_dynamo/pgo.py, local cache only): the frame state of every code
// object, loaded from disk on first use and saved after each compile that
// changed it, so that the next run of the same job compiles dynamic from the
// start the inputs an earlier run found dynamic.
//
// Active only under a job id, as in 2.14: TORCH_COMPILE_JOB_ID (or
// TORCH_COMPILE_STICKY_PGO_KEY) names the job, so unrelated programs never
// change each other's compiles; TORCHINDUCTOR_FORCE_DISABLE_CACHES=1 (or
// TORCH_COMPILE_FORCE_DISABLE_CACHES=1) turns it off. The file is
//   <cache dir>/dynamo/code_state_<job>:<rank>:<tag>.json
// with <>:"/\|?* in the name replaced by '_' (pgo.py's code_state_path;
// rank is "None" outside distributed runs, tag TORCH_COMPILE_CACHE_KEY_TAG),
// and the cache dir $REFC_CACHE_DIR, else $XDG_CACHE_HOME/refc, else
// ~/.cache/refc. The format is profile_file.h.
//
// Saving is a read-modify-write under an exclusive flock on "<file>.lock":
// what another process saved meanwhile is joined with this process's state,
// the result written to a temporary file in the same directory and renamed
// over the profile, so a reader sees the old file or the new one, never part
// of one. A profile that cannot be read or trusted is ignored with one
// warning naming the file and the reason, and replaced by the next save.
//
// Logs (logger torch._dynamo.pgo, shown by TORCH_LOGS=dynamo) are 2.14's:
// "get_code_state <path> hit local, N entries", "get_code_state using
// default", "put_code_state: wrote local <path>, N entries", "put_code_state:
// no change, skipping", "put_code_state: no cache key, skipping".
#pragma once

#include "reference_compiler/dynamo/frame_state.h"

#include <cstdint>
#include <optional>
#include <set>
#include <stdexcept>
#include <string>

namespace refc::dynamo {

// What selects the profile: torch.compiler.config's job_id, cache_key_tag and
// force_disable_caches, torch._dynamo.config.automatic_dynamic_local_pgo, the
// rank, and where caches live.
struct ProfileSettings {
  std::optional<std::string> job_id;
  std::optional<int64_t> rank; // the global rank of a distributed run
  std::string cache_key_tag;
  bool force_disable_caches = false;
  bool local_pgo = true;
  std::string cache_dir;

  // From the environment variables above, as 2.14 reads them.
  static ProfileSettings from_environment();

  // "<job>:<rank or None>:<tag>"; none without a job id or with caches
  // force-disabled.
  std::optional<std::string> cache_key() const;
  // The profile's path; none without a cache key or with local_pgo off.
  std::optional<std::string> profile_path() const;
};

// $REFC_CACHE_DIR, else $XDG_CACHE_HOME/refc, else $HOME/.cache/refc (and
// the password database's home when HOME is unset).
std::string default_cache_dir();
// "code_state_<key>.json" with <>:"/\|?* replaced by '_'.
std::string profile_file_name(const std::string& cache_key);

// Why a profile file could not be used; what() is one line naming the reason.
class ProfileReadError : public std::runtime_error {
public:
  using std::runtime_error::runtime_error;
};
// The states saved in `path`; throws ProfileReadError for a file that is
// missing, unreadable, a directory, or not a valid profile.
CodeStates read_profile_file(const std::string& path);

// One process's profile: pgo.py's module state (_CODE_STATE, _INIT_CODE_STATE)
// and its get_code_state / put_code_state.
class ProfileStore {
public:
  explicit ProfileStore(ProfileSettings settings);

  const ProfileSettings& settings() const { return settings_; }

  // Every code object's state, loaded from the profile on the first call
  // (get_code_state). References stay valid until reset().
  CodeStates& code_states();
  // One code object's inputs, created empty when new.
  CodeState& code_state(const CodeId& id) { return code_states()[id]; }

  enum class PutOutcome {
    NeverLoaded,   // nothing was ever asked of the store
    NoChange,      // the state is the one loaded from the profile
    NoCacheKey,    // PGO is off (no job id, or caches force-disabled)
    LocalDisabled, // local_pgo is off
    Wrote,
    Failed,        // could not lock or write; warned, the old file is intact
  };
  // put_code_state, after each successful compile: saves the state, joined
  // with what the file holds now, when it differs from what was loaded.
  PutOutcome put();

  // torch._dynamo.reset(): forgets the in-memory state (not the file); the
  // next use loads the profile again.
  void reset();

private:
  std::optional<CodeStates> read_for_store(const std::string& path, const char* action);
  std::optional<std::string> cache_key();
  bool write(const std::string& path, size_t& entries);
  void warn_once_about(const std::string& path, const std::string& message);

  ProfileSettings settings_;
  std::optional<CodeStates> states_; // none: never initialised
  std::optional<CodeStates> loaded_; // what a hit loaded (_INIT_CODE_STATE)
  std::set<std::string> warned_paths_;
  bool warned_force_disabled_ = false;
};

// The store of this process (what the tracer records into), with the
// settings of the environment at first use.
ProfileStore& process_profile_store();

} // namespace refc::dynamo
