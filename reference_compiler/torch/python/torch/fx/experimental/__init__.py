"""torch.fx.experimental: the symbolic-shapes settings (_config)."""
