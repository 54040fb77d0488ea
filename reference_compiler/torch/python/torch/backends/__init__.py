"""torch.backends: the backend switches programs set (cudnn.deterministic,
cudnn.benchmark, ...). refc runs on the CPU only, so they change nothing but
are readable and settable as in PyTorch."""

import torch.backends.cudnn
