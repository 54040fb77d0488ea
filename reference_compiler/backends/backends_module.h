// The backends layer at start-up: registers torch._C._backends (the
// registry's lookup_backend and list_backends), torch._C._testing_faults, the
// layer's Python modules (torch._dynamo.backends, torch._dynamo.faults), and
// installs call_backend as Dynamo's seam.
#pragma once

namespace refc::backends {

void install();

} // namespace refc::backends
