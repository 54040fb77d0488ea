"""torch._functorch.config: AOT Autograd's settings, with PyTorch 2.14's defaults.

The min-cut partitioner (aot_eager_decomp_partition, or partition_fn=
min_cut_rematerialization_partition) reads `cse`, the ban_recompute_*
switches and `max_dist_from_bw`; an `activation_memory_budget` below 1.0
(2.14's knapsack over what to recompute) is refused until it is built.

The two *_TESTING_ONLY settings plant faults at this stage for the
toolkit's own tests (the bisector's, the minifier's): the decomposition of
the op named by `inject_decomposition_fault_TESTING_ONLY`
("aten._softmax.default") adds 1 to its result, and
`inject_partitioner_fault_TESTING_ONLY` makes the min-cut partitioner forget
the first tensor it saves, so the backward cannot be built. Both default to
their TORCH_AOT_INJECT_*_FAULT_TESTING_ONLY environment variables."""

import os

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

inject_decomposition_fault_TESTING_ONLY = os.environ.get("TORCH_AOT_INJECT_DECOMPOSITION_FAULT_TESTING_ONLY", "")
inject_partitioner_fault_TESTING_ONLY = os.environ.get("TORCH_AOT_INJECT_PARTITIONER_FAULT_TESTING_ONLY", "") == "1"
