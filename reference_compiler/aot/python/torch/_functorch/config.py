"""torch._functorch.config: AOT Autograd's settings, with PyTorch 2.14's defaults.

refc's partitioners read `activation_memory_budget`; `cse` is where the
aot_eager_decomp_partition backend turns common-subexpression elimination off."""

cse = True
activation_memory_budget = 1.0
activation_memory_budget_runtime_estimator = "flops"
activation_memory_budget_solver = "dp"
ban_recompute_used_far_apart = True
ban_recompute_long_fusible_chains = True
ban_recompute_materialized_backward = True
ban_recompute_not_in_allowlist = True
ban_recompute_reductions = True
recompute_views = False
max_dist_from_bw = 1000
debug_partitioner = False
functionalize_rng_ops = False
view_replay_for_aliased_outputs = True
donated_buffer = True
unlift_effect_tokens = False
