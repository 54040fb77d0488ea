// `refc pgo show [--json] [FILE]`: prints a saved automatic-dynamic profile
// the way PyTorch's render_code_state does (or, with --json, as the
// validated file), so that people can see which inputs a job's earlier runs
// found dynamic. Without FILE it shows the profile the environment selects
// (pgo.h: TORCH_COMPILE_JOB_ID, REFC_CACHE_DIR, ...).
#pragma once

#include <ostream>
#include <string>

namespace refc::dynamo {

struct ShowProfileRequest {
  std::string file; // empty: the profile the environment selects
  bool json = false;
};

// Writes the profile to `out`; a missing, unreadable or invalid file, or no
// FILE while the environment selects no profile, is one line on `err`.
// Returns the exit status: 0, or 1 on any such error.
int show_profile(const ShowProfileRequest& request, std::ostream& out, std::ostream& err);

} // namespace refc::dynamo
