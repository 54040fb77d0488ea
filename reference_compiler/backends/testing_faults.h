// torch._C._testing_faults: the process-level failures the injectable faults
// (python/torch/_dynamo/faults.py) need and Python cannot produce: a segmentation
// fault, an abort, and a hang. TESTING_ONLY: nothing else calls them.
#pragma once

namespace refc::backends {

void install_testing_faults();

} // namespace refc::backends
