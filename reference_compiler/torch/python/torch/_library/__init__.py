"""torch._library: the machinery behind torch.library (custom operators,
their schemas, autograd layer and fake implementations)."""
