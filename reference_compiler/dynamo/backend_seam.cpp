// The seam to the backends layer (see backend_seam.h).
#include "reference_compiler/dynamo/backend_seam.h"

#include "reference_compiler/lang/errors.h"

namespace refc::dynamo {

namespace {

BackendSeam g_seam;

} // namespace

void install_backend_seam(const BackendSeam& seam) { g_seam = seam; }

const BackendSeam& backend_seam() {
  if (!g_seam.call_backend || !g_seam.is_eager)
    lang::internal_error(__FILE__, __LINE__, "no backends layer installed (refc::backends::install)");
  return g_seam;
}

} // namespace refc::dynamo
