"""torch.testing: the testing helpers refc provides (torch.testing._internal.optests' opcheck)."""
