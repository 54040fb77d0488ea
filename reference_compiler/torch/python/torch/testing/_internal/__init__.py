"""torch.testing._internal: PyTorch's internal test utilities that torch.library uses."""
