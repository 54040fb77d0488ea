// `refc pgo show`: choosing the file, reading it strictly, printing it.
#include "reference_compiler/dynamo/pgo_command.h"

#include "reference_compiler/dynamo/pgo.h"
#include "reference_compiler/dynamo/profile_file.h"

#include <optional>

namespace refc::dynamo {

namespace {

constexpr const char* kCommand = "refc pgo show: ";

// The profile the environment selects, or why there is none.
std::optional<std::string> selected_profile(std::ostream& err) {
  const ProfileSettings settings = ProfileSettings::from_environment();
  if (std::optional<std::string> path = settings.profile_path()) return path;
  if (settings.force_disable_caches)
    err << kCommand
        << "no profile selected: caches are force-disabled (TORCHINDUCTOR_FORCE_DISABLE_CACHES); "
        << "name a FILE\n";
  else
    err << kCommand << "no profile selected: set TORCH_COMPILE_JOB_ID to select one under "
        << settings.cache_dir << "/dynamo, or name a FILE\n";
  return std::nullopt;
}

} // namespace

int show_profile(const ShowProfileRequest& request, std::ostream& out, std::ostream& err) {
  std::optional<std::string> path = request.file.empty() ? selected_profile(err) : request.file;
  if (!path) return 1;
  CodeStates states;
  try {
    states = read_profile_file(*path);
  } catch (const ProfileReadError& e) {
    err << kCommand << "cannot use " << *path << ": " << e.what() << "\n";
    return 1;
  }
  if (request.json) {
    out << encode_profile(states);
  } else if (states.empty()) {
    err << kCommand << *path << " holds no code objects\n";
  } else {
    out << render_code_state(states) << "\n";
  }
  return 0;
}

} // namespace refc::dynamo
