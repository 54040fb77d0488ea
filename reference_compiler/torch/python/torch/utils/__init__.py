"""torch.utils: the helpers torch.nn and torch.optim share (hooks)."""

import torch.utils.hooks
