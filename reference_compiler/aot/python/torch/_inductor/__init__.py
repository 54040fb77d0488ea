"""torch._inductor: refc's Inductor is not built yet; only its decomposition table is here."""
