"""torch.fx.experimental._config: the ShapeEnv's settings (PyTorch 2.14's names)."""
import os

# Equal sizes of inputs share one symbol under dynamic=True (duck sizing).
use_duck_shape = True
# Backed size symbols range over [0, int_oo] and 0/1 checks reason size-obliviously
# instead of specializing.
backed_size_oblivious = False
# Check every simplification and range refinement of the ShapeEnv with Z3.
translation_validation = os.environ.get("TORCHDYNAMO_TRANSLATION_VALIDATION", "0") == "1"
# Milliseconds Z3 may spend on one check (an unknown answer is not a failure).
translation_validation_timeout = int(os.environ.get("TORCHDYNAMO_TRANSLATION_VALIDATION_TIMEOUT", "600000"))
