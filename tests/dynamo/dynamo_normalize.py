"""The stderr normalization of the Dynamo behaviour suite (tests/dynamo).

stdout and the exit status are compared exactly. stderr is compared in full
after `normalize(text, program_name)`, which is applied identically to what
PyTorch 2.14 (the oracle) and refc write. It only removes what differs between
two correct implementations -- machine paths, timestamps, object ids, the
internals of torch -- and rewrites the few places where the seed documents
(which win, see ARCHITECTURE.md) and 2.14 print different text. The rules, in
the order they are applied:

 1. Log record headers. PyTorch prefixes every line of a log record with
    `V1126 03:16:19.429000 28094 torch/_dynamo/guards.py:5621] ` (level, time,
    pid, source line), then the trace id `[0/1] ` (`[0/0_1] ` for a restarted
    analysis) and, for artifacts, `[__recompiles] `. refc prints bare
    messages, as the seeds show them, so the three are removed at the start
    of every line.
 2. The program's path. Any path ending in `/<program basename>` becomes the
    basename: the peer runs `/peer/NNN_name.py`, refc an absolute path in the
    checkout, and torch's shortened form in guard comments cuts two
    characters off the absolute path (`eer/NNN_name.py`).
 3. Column markers. Lines holding only `^` and `~` (Python 3.11+ position
    markers under a source line, possibly behind a `- ` reason prefix) are
    removed: the peer's Python 3.14 places them differently from 3.11.
 4. Frame listings. In a `Traceback (most recent call last):` block and in
    the frame lists after `User code traceback:`, `from user code:` and
    `Graph break: from user code at:`, a frame (`File "...", line N, in f`
    and the lines indented under it, including Python 3.14's `...<N
    lines>...`) whose file is not the program is removed: those are torch's
    own sources (or the standard library), which refc implements
    differently. The frames kept are re-indented to Python's two and four
    spaces (the seeds print them flush left, 2.14 indents the list of `from
    user code:` by three). In a graph break's `User code traceback:` the
    frames above the compiled code are removed -- 2.14 prints the stack above
    Dynamo, which for these programs is the `<module>` frame, the seeds print
    only the traced frames -- and a resume function's name
    `torch_dynamo_resume_in_f_at_N` is written `f`, a resume frame replacing
    the caller frame before it of the same name (2.14 collapses resume
    frames this way, the seeds show the resume function).
 5. Graph-break records. 2.14 prints
        Graph break in user code at FILE:LINE
        Graph Break Reason: Encountered graph break when attempting to trace CALL: ...:
        <blank>
        <gb_type title>
          Explanation: ... / Hint: ... / Developer debug context: ... / For more details ...
        [*** While handling this graph break, another graph break occurred: *** + a second one]
        [Stack variable source attribution: ...]
        User code traceback:
          File "...", line N, in f
            <source line>
    and the seeds print the short form (`Graph break in user code at
    FILE:LINE`, `Reason: Data-dependent jump` or `Reason: Unsupported:
    Tensor.item`, `User code traceback:`, the frames). The reasons of the two
    are different texts (2.14's titles replaced the seeds' messages), so the
    reason is not compared: both forms become
        Graph break in user code at FILE:LINE
        Reason: (not compared)
        User code traceback:
          File ..., the frames (rule 4)
    -- the reason line and all that follows it up to `User code traceback:`
    (indented lines, blank lines, a wrapper's title, chained breaks, the
    stack-variable attribution) are replaced by the one line. The duplicate
    form `Graph break (user stack suppressed due to duplicate graph break)
    in user code at ...` is handled the same way (it has no traceback).
    Where a break is and which frames it shows stay compared; what kind of
    break it was shows in the programs' stdout (fullgraph errors, explain).
 5b. The `.item()` warning. 2.14 warns once per process, at WARNING level,
    `Graph break from `Tensor.item()`, consider setting:` ... `to include
    these operations in the captured graph.` followed by `Graph break: from
    user code at:` and the frames; the seeds' log of the same program (seed
    004, "Data-dependent operations") shows no such warning. The block is
    removed.
 6. Recompile reasons. On reason lines (`- 0/1: ...` under `Recompiling
    function`, and `last reason: 0/1: ...` of the cache-limit warning) a
    frame-local source `L['x']` is written `x`: the seeds print
    `tensor 'L['x']' size mismatch ...` where 2.14 prints `tensor 'x' ...`.
 6b. Recompile reasons in the seeds' form. 2.14 follows a non-tensor
    guard's reason with the guard's code comment (`n == 2  # return x * n  #
    prog.py:11 in fn`, sometimes a `(HINT: ...)`) and a `- User stack trace:`
    block of `-   File ...` / `-     code` lines (unprefixed after the
    cache-limit warning's `last reason:`); the seeds print the bare reason
    (`L['c'] == 8.5`), so both are removed -- unless the program turns on
    refc's `torch._dynamo.config.guard_fail_reason_origin` (2.14's form) by
    its line-2 comment `# env: TORCHDYNAMO_GUARD_FAIL_REASON_ORIGIN=1`: then
    the caller passes `origin_reasons=True` and both stay, compared as 2.14
    prints them (the user stack after `last reason:` is part of that
    reason, which is never compared, so it is removed). The cache-limit warning's
    `function:` / `last reason:` lines are indented four spaces as in the
    seeds (2.14: three), 2.14's two trailing `To log all recompilation
    reasons...` / `To diagnose recompilation issues...` lines are removed, and
    the reason after `last reason:` is not compared: 2.14 names the most
    recent entry's, the seeds the last listed (tests/seeds checks that one).
 7. Limit names. `recompile_limit` / `accumulated_recompile_limit` become
    `cache_size_limit` / `accumulated_cache_size_limit`, the seeds' names
    (2.14: `torch._dynamo hit config.recompile_limit (8)`, seeds:
    `torch._dynamo hit config.cache_size_limit (8)`).
 8. Guard trees (`TORCH_LOGS=guards`). Between `GUARDS:` and the end of the
    tree only the leaf guards are compared, without the tree-drawing prefix
    (`| | +- `), and only those attributed to the program by their comment
    (`# return x * n  # NNN_name.py:5 in f`). Dropped: the manager lines
    (their accessor names and `type=..., tag_safe=...` fields are 2.14's, the
    seeds print `accessed_by=DictGetItemGuardAccessor(x)`), the ambient guards
    that point into torch's sources or nowhere (GLOBAL_STATE with 2.14's
    machine-dependent JSON, DEFAULT_DEVICE, TORCH_FUNCTION_MODE_STACK, the
    saved-tensor-hooks LAMBDA_GUARD, NO_TENSOR_ALIASING), the dynamic-marking
    guards (2.14's five DIMENSION_DYNAMIC_MARKING_GUARDs are the seeds' one
    NO_HASATTR) and `Guard eval latency = N us` (a timing).
 9. Pointers into torch's sources. A trailing `  # _dynamo/output_graph.py:1194
    in init_ambient_guards` or ` (_dynamo/variables/tensor.py:2849 in
    evaluate_expr)` is removed (a file with a `/` in it is never the program,
    which rule 2 left as a bare basename).
10. Graph printouts (`TORCH_LOGS=graph_code`). `__compiled_fn_2_f480239f_8fc4_
    461e_8bd9_7d3c126d610c` becomes `__compiled_fn_N` (2.14 appends a random
    uuid, and its counter also advances for discarded trace attempts, e.g.
    1, 2, 5 around a graph break; the seeds print `__compiled_fn_1`); the
    header lines lose their
    leading space and the path of torch's `_lazy_graph_module.py` before
    `class GraphModule(torch.nn.Module):`. AOT graphs (`aot_graphs`,
    `aot_joint_graph`) are headed the same way, and also by `<eval_with_key>.N`
    (2.14's count of FX code generations) or as `class <lambda>(` and `class
    inner_f(`; 2.14's `aot_config id: N, fw_metadata=ViewAndMutationMeta(...)`
    record before them, a one-line dump of its Python dataclasses that refc
    does not print, is removed.
11. Object ids and addresses. `___check_obj_id(S, 1397...)` and
    `___check_type_id(S, 1190...)` print `<id>` for the number; ` at 0x7f...`
    prints ` at 0x?`, and a BACKEND_MATCH reason's `(id=0x7f...)` prints
    `(id=0x?)`.
12. Python warnings raised inside torch (`/usr/.../torch/x.py:12: UserWarning:
    msg`, its message lines and the indented source line under them) keep
    only `UserWarning: msg` and the message lines: the location is torch's
    (refc's torch modules are embedded: `<frozen torch>:12: UserWarning: msg`,
    with no source line under it).
13. Whitespace. Trailing whitespace is removed from every line, a run of two
    or more spaces before a `# ` comment becomes two spaces (2.14 pads guard
    code parts to 60 columns before rule 6 shortens them), and blank lines are
    removed.

The result ends with a newline unless it is empty.
"""

import re

_GLOG = re.compile(r"^(\[rank\d+\]:)?[VIWEC]\d{4} \d\d:\d\d:\d\d\.\d{6} +\d+ \S+:\d+\] ")
_TRACE_ID = re.compile(r"^\[!?\d+(/\d+)+(_\d+)?\] ")
_ARTIFACT = re.compile(r"^\[__\w+\] ")
_MARKERS = re.compile(r"^\s*(- +)?[\^~][\^~ ]*$")
_FRAME = re.compile(r'^\s*File "([^"]*)", line (\d+)(?:, in (\S+))?$')
_RESUME_NAME = re.compile(r"^torch_dynamo_resume_in_(\w+?)_at_\d+$")
_GB_HEADER = re.compile(r"^Graph break (\(user stack suppressed due to duplicate graph break\) )?"
                        r"in user code at ")
_GB_REASON = re.compile(r"^(?:Graph Break )?Reason: ?(.*)$")
_GB_WRAPPER = re.compile(r"^(Encountered graph break when attempting to trace .*|"
                         r"Failed to handle graph break gracefully\..*):$")
_GB_TAIL_HEADERS = ("*** While handling this graph break, another graph break occurred: ***",
                    "Stack variable source attribution:")
_ITEM_WARNING = "Graph break from `Tensor.item()`, consider setting:"
_ITEM_WARNING_END = "Graph break: from user code at:"
_REASON_LINE = re.compile(r"^\s*- \d+/\d+: |last reason: ")
_REASON_COMMENT = re.compile(r"\s{2,}#\s.*#\s+\S+:\d+ in \S+.*$")
_USER_STACK = re.compile(r"^\s*(- )?User stack trace:$")
_USER_STACK_LINE = re.compile(r"^\s*-\s{2,}\S|^\s+(?!- )\S")
_LIMIT_DETAIL = re.compile(r"^\s+(function: .*|last reason: )(.*)$")
_LIMIT_TRAILER = re.compile(r"^(To log all recompilation reasons, use TORCH_LOGS=|To diagnose recompilation issues, see )")
_LOCAL_SOURCE = re.compile(r"""L\[\s*['"](.*?)['"]\s*\]""")
_TORCH_POINTER = re.compile(r"(\s+#\s+\S*/\S*\.py:\d+ in [\w<>.]+|\s*\(\S*/\S*\.py:\d+ in [\w<>.]+\))$")
_TREE_LINE = re.compile(r"^(\| )*\+- (.*)$")
_TREE_DROPPED = re.compile(r"^(RootGuardManager|\w*GuardManager:|KeyValueManager|KeyManager|ValueManager"
                           r"|DIMENSION_DYNAMIC_MARKING_GUARD:|NO_HASATTR:)")
_COMPILED_FN = re.compile(r"__compiled_fn_\d+(_[0-9a-f]{8}_[0-9a-f]{4}_[0-9a-f]{4}_[0-9a-f]{4}_[0-9a-f]{12})?")
_GRAPH_HEADER = re.compile(r"^\s*(?:\S+\.py |<eval_with_key>(?:\.\d+)? )?(class (?:GraphModule|<lambda>|inner_f)\(.*)$")
_AOT_METADATA = re.compile(r"^aot_config id: \d+, fw_metadata=")
_GRAPH_NAME = re.compile(r"^\s+(===== \S+ =====)$")
_OBJ_ID = re.compile(r"(___check_(?:obj|type)_id\(.*?), \d+\)")
_ADDRESS = re.compile(r" at 0x[0-9a-fA-F]+")
_BACKEND_ID = re.compile(r"\(id=0x[0-9a-fA-F]+\)")
_WARNING = re.compile(r"^(\S+\.py|<frozen torch[\w.]*>):\d+: (\w*Warning: .*)$")
_PAD_COMMENT = re.compile(r"(\S) {2,}# ")


def _strip_headers(line):
    line = _GLOG.sub("", line, count=1)
    line = _TRACE_ID.sub("", line, count=1)
    return _ARTIFACT.sub("", line, count=1)


def _indented(line):
    return line[:1] in (" ", "\t")


def _listing_kind(line):
    """'user' for a graph break's `User code traceback:`, 'other' for other frame lists, else None."""
    text = line.strip()
    if text == "User code traceback:":
        return "user"
    if text in ("from user code:", "Graph break: from user code at:") or \
            text.startswith("Traceback (most recent call last):"):
        return "other"
    return None


def _filter_frames(lines, program):
    """Rule 4: frame listings keep the program's frames only, in one indentation."""
    out, i, kind, last = [], 0, None, None  # last: (index in out, name) of the listing's last frame
    while i < len(lines):
        line = lines[i]
        m = _FRAME.match(line) if kind else None
        if not m:
            kind, last = _listing_kind(line), None
            out.append(line)
            i += 1
            continue
        indent = len(line) - len(line.lstrip())
        j = i + 1
        while j < len(lines) and _indented(lines[j]) and not _FRAME.match(lines[j]) \
                and len(lines[j]) - len(lines[j].lstrip()) > indent:
            j += 1
        path, lineno, name = m.group(1), m.group(2), m.group(3)
        if kind == "user" and name:
            name = _RESUME_NAME.sub(r"\1", name)
        if path == program and not (kind == "user" and name == "<module>"):
            if kind == "user" and last and last[1] == name:
                del out[last[0]:]  # a resume function's frame replaces its caller's
            last = (len(out), name)
            out.append(f'  File "{path}", line {lineno}' + (f", in {name}" if name else ""))
            out.extend("    " + body.strip() for body in lines[i + 1:j])
        i = j
    return out


def _skip_title(lines, i):
    """Past blank lines and one unindented title line (a gb_type) at lines[i:]."""
    while i < len(lines) and not lines[i].strip():
        i += 1
    if i < len(lines) and not _indented(lines[i]) and _listing_kind(lines[i]) is None \
            and not _GB_HEADER.match(lines[i]):
        i += 1
    return i


def _graph_breaks(lines):
    """Rule 5: graph-break records in the seeds' short form, the reason not compared."""
    out, i = [], 0
    while i < len(lines):
        line = lines[i]
        reason = _GB_REASON.match(lines[i + 1]) if i + 1 < len(lines) else None
        if not _GB_HEADER.match(line) or not reason:
            out.append(line)
            i += 1
            continue
        out += [line, "Reason: (not compared)"]
        i += 2
        if _GB_WRAPPER.match(reason.group(1).strip()):
            i = _skip_title(lines, i)
        # The reason's other lines: indented or blank, chained breaks and attributions.
        while i < len(lines):
            cur = lines[i].strip()
            if not cur or _indented(lines[i]):
                i += 1
            elif cur == _GB_TAIL_HEADERS[0]:
                i = _skip_title(lines, i + 1)
            elif cur == _GB_TAIL_HEADERS[1]:
                i += 1
            else:
                break
    return out


def _item_warnings(lines):
    """Rule 5b: drop 2.14's one-time `.item()` warning with its frames."""
    out, i = [], 0
    while i < len(lines):
        if lines[i].strip() != _ITEM_WARNING:
            out.append(lines[i])
            i += 1
            continue
        j = i + 1
        while j < len(lines) and lines[j].strip() != _ITEM_WARNING_END and j - i < 8:
            j += 1
        if j < len(lines) and lines[j].strip() == _ITEM_WARNING_END:
            j += 1
            while j < len(lines) and _indented(lines[j]):  # its frames (rule 4 left them indented)
                j += 1
            i = j
        else:
            out.append(lines[i])
            i += 1
    return out


def _guard_trees(lines, program):
    """Rule 8: the leaf guards of `GUARDS:` trees that the program's lines caused."""
    out, in_tree = [], False
    for line in lines:
        if line.strip() == "GUARDS:":
            in_tree = True
            out.append("GUARDS:")
            continue
        if in_tree:
            if not line.strip() or line.strip() == "TREE_GUARD_MANAGER:":
                out.append(line.strip())
                continue
            if line.startswith("Guard eval latency = "):
                in_tree = False
                continue
            m = _TREE_LINE.match(line)
            if m:
                leaf = m.group(2)
                if not _TREE_DROPPED.match(leaf) and f"# {program}:" in leaf:
                    out.append(leaf)
                continue
            in_tree = False
        out.append(line)
    return out


def normalize(text, program, origin_reasons=False):
    """Normalize stderr `text` of the program whose basename is `program` (see the module doc);
    `origin_reasons`: the program prints 2.14's guard-failure reasons (rule 6b)."""
    path_re = re.compile(r"""[^\s"'(\[]*/""" + re.escape(program) + r"(?![\w.])")
    lines = []
    for line in text.splitlines():
        line = _strip_headers(line)                                   # 1
        line = path_re.sub(program, line)                             # 2
        if _MARKERS.match(line):                                      # 3
            continue
        lines.append(line.rstrip())
    lines = _filter_frames(lines, program)                            # 4
    lines = _graph_breaks(lines)                                      # 5
    lines = _item_warnings(lines)                                     # 5b
    lines = _guard_trees(lines, program)                              # 8
    out, in_warning, in_user_stack, after_last_reason = [], False, False, False
    for line in lines:
        if in_warning:  # a warning's message lines, then the indented source line
            if _indented(line):
                in_warning = False
                continue
        if in_user_stack and _USER_STACK_LINE.match(line):            # 6b
            continue
        in_user_stack = bool(_USER_STACK.match(line)) and (not origin_reasons or after_last_reason)
        after_last_reason = False
        if in_user_stack or _LIMIT_TRAILER.match(line):
            continue
        m = _LIMIT_DETAIL.match(line)
        if m:
            after_last_reason = m.group(1) == "last reason: "
            line = "    " + (m.group(1) + "(not compared)" if after_last_reason else m.group(1))
        if _REASON_LINE.search(line):                                 # 6
            if not origin_reasons:
                line = _REASON_COMMENT.sub("", line)
            line = _LOCAL_SOURCE.sub(r"\1", line)
        line = re.sub(r"\baccumulated_recompile_limit\b", "accumulated_cache_size_limit", line)  # 7
        line = re.sub(r"\brecompile_limit\b", "cache_size_limit", line)
        line = _TORCH_POINTER.sub("", line)                           # 9
        if _AOT_METADATA.match(line):                                 # 10
            continue
        line = _COMPILED_FN.sub("__compiled_fn_N", line)
        line = _GRAPH_HEADER.sub(r"\1", line)
        line = _GRAPH_NAME.sub(r"\1", line)
        line = _OBJ_ID.sub(r"\1, <id>)", line)                        # 11
        line = _ADDRESS.sub(" at 0x?", line)
        line = _BACKEND_ID.sub("(id=0x?)", line)
        m = _WARNING.match(line)                                      # 12
        if m and m.group(1) != program:  # an embedded module has no source line to skip
            line, in_warning = m.group(2), m.group(1).endswith(".py")
        line = _PAD_COMMENT.sub(r"\1  # ", line).rstrip()             # 13
        if line.strip():
            out.append(line)
    return "\n".join(out) + "\n" if out else ""
