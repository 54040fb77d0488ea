"""torch.backends.cudnn: cuDNN's flags. cuDNN is never available in refc;
`enabled` stays True as in a CPU-only PyTorch (torch.nn.functional passes it
to batch_norm and layer_norm, which ignore it on the CPU)."""

enabled = True
benchmark = False
deterministic = False
allow_tf32 = True


def is_available():
    return False


def version():
    return None
