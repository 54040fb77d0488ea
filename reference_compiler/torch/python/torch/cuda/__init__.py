"""torch.cuda as a CPU-only PyTorch build shows it: no device is available,
seeding is accepted (and has nothing to seed), and anything that needs a
device fails with PyTorch's "not compiled with CUDA" error."""


def is_available():
    return False


def device_count():
    return 0


def is_initialized():
    return False


def manual_seed(seed):
    pass


def manual_seed_all(seed):
    pass


def _lazy_init():
    raise AssertionError('Torch not compiled with CUDA enabled')


def current_device():
    _lazy_init()


def synchronize(device=None):
    _lazy_init()


def get_device_name(device=None):
    _lazy_init()
