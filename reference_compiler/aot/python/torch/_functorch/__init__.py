"""torch._functorch: AOT Autograd (aot_autograd) and its config."""
