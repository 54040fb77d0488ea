"""torch._functorch.partitioners: the names of AOT Autograd's partitioners.

refc partitions in C++ (reference_compiler/aot/default_partition.cpp and
min_cut_partition.cpp); aot_autograd(partition_fn=...) accepts these two
functions, or functools.partial of them, and runs the C++ partitioner they
name. Calling them directly is not supported."""


def default_partition(joint_module, _joint_inputs, *, num_fwd_outputs, static_lifetime_input_indices=None):
    """Saves what the backward reads; recomputes nothing."""
    raise NotImplementedError("refc runs default_partition inside its AOT pipeline; pass it as partition_fn=")


def min_cut_rematerialization_partition(joint_module, _joint_inputs, compiler="inductor", *, num_fwd_outputs,
                                        static_lifetime_input_indices=None):
    """Saves the minimum cut of the joint graph and recomputes the rest in the backward."""
    raise NotImplementedError(
        "refc runs min_cut_rematerialization_partition inside its AOT pipeline; pass it as partition_fn=")


def _partitioner_name(partition_fn):
    """"default" or "min_cut" for a partition_fn aot_autograd was given."""
    fn = getattr(partition_fn, 'func', partition_fn)  # functools.partial
    if partition_fn is None or fn is default_partition:
        return "default"
    if fn is min_cut_rematerialization_partition:
        return "min_cut"
    raise NotImplementedError(
        "aot_autograd: refc runs its own partitioners; partition_fn must be default_partition or "
        "min_cut_rematerialization_partition (torch._functorch.partitioners), not " + repr(partition_fn))
