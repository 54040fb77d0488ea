// torch._C._testing_faults: the process-level failures the injectable faults
// (torch/_dynamo/faults.py) need and Python cannot produce: a segmentation
// fault, an abort, and a hang. TESTING_ONLY: nothing else calls them.
#pragma once

namespace refc::dynamo {

void install_testing_faults();

} // namespace refc::dynamo
