# Records what PyTorch 2.14's pgo.py answers for the cases of cases.in, for
# tests/unit/frame_state_test.cpp. Run it under the PyTorch peer from the repo
# root and keep its stdout:
#
#   ../shared/peer/torch-peer tests/unit/frame_state_cases/generate.py \
#       < tests/unit/frame_state_cases/cases.in > tests/unit/frame_state_cases/cases.txt
#
# Tensors go through variables/builder.py's record_automatic_dynamic (the
# stride inference Dynamo uses), with its call into the code state replaced by
# returning the entry. Each case repeats its input lines, then:
#   entry cases: scalar_dynamic 0|1, size_dynamic and stride_dynamic (one digit
#   per dim of the first tensor, or
#   of the stride tuple), excluded_sizes and excluded_scalar (reprs),
#   and render TEXT;
#   code_state cases: a "render" line, then render_code_state's text;
#   update cases: "log LOGGER LEVEL MESSAGE" for each record that pgo.py's
#   update_automatic_dynamic logs, then "entry SOURCE RENDER" for each input.
import logging
import sys
import types
from collections import defaultdict

import torch
import torch._dynamo.variables.builder as builder
import torch._dynamo.pgo as pgo
from torch._dynamo.pgo import CodeId, CodeState, FrameStateSizeEntry, render_code_state

builder.process_automatic_dynamic = lambda tx, name, entry, **kwargs: entry


def ints(text):
    return [int(v) for v in text.split(",")] if text else []


def observe(fields):
    kind = fields[0]
    if kind == "scalar":
        value = float(fields[1]) if "." in fields[1] else int(fields[1])
        return FrameStateSizeEntry.make_scalar(value), None
    if kind == "unset":
        return FrameStateSizeEntry(), None
    sizes = ints(fields[1])
    if fields[2] == "-":
        return FrameStateSizeEntry.make_tensor(tuple(sizes), ()), len(sizes)
    t = torch.empty_strided(sizes, ints(fields[2]))
    return builder.record_automatic_dynamic(None, "x", t), len(sizes)


def entry_case(lines):
    entry, rank = FrameStateSizeEntry(), None
    for line in lines:
        observed, r = observe(line.split("\t"))
        entry |= observed
        rank = r if rank is None else rank
    rank = rank or 0
    print("scalar_dynamic", int(entry.scalar is torch._dynamo.pgo.auto_dynamic))
    print("size_dynamic", "".join(str(int(entry.is_size_dynamic(i))) for i in range(rank)))
    stride_rank = len(entry.stride) if isinstance(entry.stride, tuple) else rank
    print("stride_dynamic", "".join(str(int(entry.is_stride_dynamic(i))) for i in range(stride_rank)))
    print("excluded_sizes", repr(entry.excluded_sizes))
    print("excluded_scalar", repr(entry.excluded_scalar))
    print("render", entry.render())


def code_state_case(lines):
    state = defaultdict(CodeState)
    code_id = None
    for line in lines:
        fields = line.split("\t")
        if fields[0] == "code":
            code_id = CodeId(fields[1], int(fields[2]), fields[3], fields[4])
            state[code_id]
        else:
            observed, _ = observe(fields[2:])
            state[code_id].automatic_dynamic[fields[1]] |= observed
    print("render")
    print(render_code_state(state))


class Records(logging.Handler):
    def __init__(self):
        super().__init__()
        self.lines = []

    def emit(self, record):
        self.lines.append(f"log {record.name} {record.levelname} {record.getMessage()}")


records = Records()
for name in ("torch._dynamo.pgo", "torch.fx.experimental.symbolic_shapes"):
    logger = logging.getLogger(name)
    logger.setLevel(logging.DEBUG)
    logger.handlers = [records]  # torch's own handler would print them too
    logger.propagate = False


def frame():
    pass


def update_case(lines):
    pgo.reset_code_state()
    tx = types.SimpleNamespace(f_code=frame.__code__, closure=None, distributed_state=None)
    records.lines.clear()
    saved = torch._dynamo.config.automatic_dynamic_shapes
    for line in lines:
        fields = line.split("\t")
        if fields == ["automatic_dynamic_shapes off"]:
            torch._dynamo.config.automatic_dynamic_shapes = False
            continue
        observed, _ = observe(fields[2:])
        pgo.process_automatic_dynamic(tx, fields[1], observed,
                                      is_unspecialized_nn_module=fields[0] == "observe_nn_int")
    torch._dynamo.config.automatic_dynamic_shapes = saved
    for line in records.lines:
        print(line)
    for source, entry in pgo.get_code_state()[pgo.CodeId.make(frame.__code__)].automatic_dynamic.items():
        print("entry", source, entry.render())


cases, current = [], None
for line in sys.stdin.read().splitlines():
    if line.startswith("== "):
        current = (line, [])
        cases.append(current)
    elif current is not None and not line.startswith("#"):
        current[1].append(line)
for header, lines in cases:
    print(header)
    for line in lines:
        print(line)
    kind = header.split()[1]
    {"entry": entry_case, "code_state": code_state_case, "update": update_case}[kind](lines)
