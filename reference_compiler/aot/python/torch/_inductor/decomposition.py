"""torch._inductor.decomposition: the decompositions Inductor traces with
(select_decomp_table(): core ATen's plus Inductor's own, minus the ops
Inductor lowers directly), as 2.14 selects them; aot_eager_decomp_partition
traces with this table."""

import torch._C._aot as _aot

decompositions = _aot.decomposition_table(_aot.INDUCTOR)


def select_decomp_table():
    return decompositions
