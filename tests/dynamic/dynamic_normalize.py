"""The stderr normalization of the dynamic-shapes behaviour suite (tests/dynamic).

stdout and the exit status are compared exactly. stderr is compared in full
after `normalize(text, program_name)`, applied identically to what PyTorch
2.14 (the oracle) and refc write. First every rule of the Dynamo suite
applies (tests/dynamo/dynamo_normalize.py, rules 1-13: log headers, paths,
tracebacks, graph-break records, recompile reasons, guard trees, graph
names, addresses, whitespace). Then the rules below, which concern the logs
of the ShapeEnv (`TORCH_LOGS=dynamic` / `+dynamic`) and symbolic graphs,
in the order they are applied:

D1. Implementation noise. Dropped, each because it shows how torch works
    inside, not what the program did:
    - the `Python shape guard function:` block of `TORCH_LOGS=guards`
      (2.14's generated Python source for the shape guards; the guard tree
      lists the same guards);
    - the `Error while creating guard:` record, up to the torch frames
      under its `Created at:` (2.14 logs the internal record of the
      SHAPE_ENV guard whose creation raised, e.g. a
      ConstraintViolationError; the exception itself reaches the program,
      which prints it);
    - `could not evaluate ... due to data dependency, it was assumed to be
      False ...` with its `User Stack` frames and C++ advice (a
      size-oblivious query that torch's meta functions make about unbacked
      symbols, e.g. whether u0 == 1 when broadcasting; which queries they
      make is their implementation, and no guard results);
    - the lines of the `_NOISE` registry: `lru_cache_stats ...` (cache
      counters at exit), `eval ... [statically known]` (a query the
      simplifier answered, not a guard), `eval [guard suppressed] ...` (a
      condition torch's meta functions evaluated under suppress_guards, no
      guard results), `track_symint ...` and `Skipping guard ...`
      (produce_guards' bookkeeping), `Guard eval latency = N us` (a
      timing);
    - `create_env` and `marking L['x'] as dynamic (from
      assume_static_by_default = False)`: 2.14 logs both at INFO, the seeds'
      `TORCH_LOGS=dynamic` output for dynamic=True (seed 004) has neither,
      and refc, following the seeds, logs them at DEBUG.
D2. Source locations of ShapeEnv messages. `create_symbol`,
    `create_unbacked_symint` / `symfloat` / `symbool`, `eval ... [guard
    added]` and `runtime_assert ... [guard added]` end with where the
    program caused them. 2.14 prints `<the user's source line>  #
    prog.py:7 in f (_dynamo/variables/builder.py:4970 in <lambda>), for more
    info run with TORCHDYNAMO_EXTENDED_DEBUG_CREATE_SYMBOL="s77" or to
    suppress this message run with TORCHDYNAMO_EXTENDED_ADVICE="0"`; the
    seeds print `at prog.py:5 in fn (_dynamo/variables/builder.py:2718 in
    <lambda>), for more info run with ...="s0"`, and refc the seeds' form
    naming its own framework code (`(symbolic/shape_env.cpp in
    create_size_symbol)`). Both become `at prog.py:7
    in f`: the symbol, value, source, range or expression before it stay
    compared, and so do the user's file, line and function; the framework
    location and the advice (which differ between versions and name torch's
    sources) are removed, and so is the user's source text (the line number
    says which it is). A message with no location in the program (the
    first use of a size was in torch's code, e.g. inside nn.Linear) keeps
    only its head.
D3. Warnings raised by a compiled graph. A warning that a graph module's
    generated code raises when it runs is located in that code
    (`<eval_with_key>.1:10: FutureWarning: msg`, then the generated source
    line); like a warning located in torch's sources (Dynamo rule 12) it
    keeps only `FutureWarning: msg`.
D4. Repeated `produce_guards`. Seed 004 ("Dynamic Shapes") shows two
    `produce_guards` lines for one compile, 2.14 prints one; a run of them
    is one line.
D5. Symbol names. 2.14 names a backed symbol after a hash of its source
    (`L['x'].size()[0]` is always `s77`, `L['n']` is `s86`, floats `zf72`);
    the seeds and refc number them in creation order (`s0`, `s1`, ...,
    `u0`). Every `s<N>`, `u<N>`, `zf<N>` and `zuf<N>` is renumbered (also
    as the stem of a graph variable named after it, `s77_1`), each prefix
    on its own, in the order of first appearance within a section. A
    section is one ShapeEnv, i.e. one trace: a trace's logs end with
    `produce_guards` (and the guard tree printed after it), so a section
    ends at the line after a run of `produce_guards`; in programs whose
    logs do not show `produce_guards`, each `TRACED GRAPH` after the first
    of a section starts a new one. Renaming is all this rule can do: sympy orders the terms of a
    sum or product by the symbols' names (2.14 prints `s27*s77` for dims
    created as s77, s27), so a program whose printed expressions combine
    several symbols gives its inputs names whose 2.14 symbols sort in
    creation order (generate_golden.py refuses goldens where they do not,
    see symbol_order_conflicts). Symbols never reach stdout, which is
    compared byte for byte.

The result ends with a newline unless it is empty.
"""

import re
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "dynamo"))
import dynamo_normalize  # noqa: E402

_NOISE = re.compile(r"^(lru_cache_stats |eval .* \[statically known\]$|eval \[guard suppressed\] |"
                    r"track_symint |Skipping guard |Guard eval latency = |create_env$|"
                    r"marking .* as dynamic \(from assume_static_by_default = False\)$)")
_GUARD_FUNCTION = "Python shape guard function:"
_PRODUCE_GUARDS = "produce_guards"
_GRAPH_WARNING = re.compile(r"^<eval_with_key>\.\d+:\d+: (\w*Warning: .*)$")
_GUARD_FUNCTION_DEF = re.compile(r"^def ___make_guard_fn\(")
_GUARD_ERROR, _GUARD_ERROR_END = "Error while creating guard:", "Created at:"
_FALLBACK_EVAL = "could not evaluate "
_USER_STACK = "User Stack (most recent call last):"
_CPP_STACK_ADVICE = "For C++ stack trace, run with TORCHDYNAMO_EXTENDED_DEBUG_CPP=1"
# Messages that end with the location in the program that caused them: the
# head (kept) and the tail (a location, rewritten).
_LOCATED_MESSAGES = (
    re.compile(r"^(create_symbol \S+ = \S+ for \S+ \[[^\]]*\])(.*)$"),
    re.compile(r"^(create_unbacked_sym(?:int|float|bool) \S+ \[[^\]]*\])(.*)$"),
    re.compile(r"^(eval(?: \(forcing_spec\))? .+? \[guard added\])(.*)$"),
    re.compile(r"^(runtime_assert .+? \[guard added\])(.*)$"),
)
_ADVICE = re.compile(r",? for more info run with .*$")
# PyTorch's "(_dynamo/variables/builder.py:4970 in <lambda>)", refc's
# "(symbolic/shape_env.cpp in create_size_symbol)".
_FRAMEWORK_POINTER = re.compile(r"\s*\([^()\s]*/[^()\s]*\.(?:py|cpp)(?::\d+)? in [\w<>.]+\)$")
_USER_LOCATION = re.compile(r"(?:^\s*at |  # )([^\s/]+:\d+ in [\w<>.]+)$")
_SYMBOL = re.compile(r"\b(zuf|zf|s|u)(\d+)(?=\b|_\d+\b)")
# Two symbols whose order in the printed text sympy chose by their names:
# operands of one sum, product or floor division, or of Eq/Ne/Max/Min.
_COMBINED = re.compile(r"\b((?:zuf|zf|s|u)\d+)(?=[\s*+\-/()\d]*?\b((?:zuf|zf|s|u)\d+)\b)")
_COMBINED_CALL = re.compile(r"\b(?:Eq|Ne|Max|Min)\(((?:zuf|zf|s|u)\d+), ((?:zuf|zf|s|u)\d+)\)")


def _block_end(lines, i):
    """D1: where a noise block starting at lines[i] ends (exclusive); None if none starts there."""
    text = lines[i].strip()
    if text == _GUARD_FUNCTION:
        j = i + 1
        if j < len(lines) and _GUARD_FUNCTION_DEF.match(lines[j]):
            j = _past_indented(lines, j + 1)
        return j
    if text.startswith(_GUARD_ERROR):
        for j in range(i + 1, min(len(lines), i + 40)):
            if lines[j].strip() == _GUARD_ERROR_END:
                return _past_indented(lines, j + 1)
        return i + 1
    if text.startswith(_FALLBACK_EVAL):
        j = i + 1
        if j < len(lines) and lines[j].strip() == _USER_STACK:
            j = _past_indented(lines, j + 1)
        if j < len(lines) and lines[j].strip() == _CPP_STACK_ADVICE:
            j += 1
        return j
    return None


def _past_indented(lines, j):
    while j < len(lines) and lines[j][:1] in (" ", "\t"):
        j += 1
    return j


def _drop_noise(lines):
    """D1: the noise blocks and the _NOISE lines."""
    out, i = [], 0
    while i < len(lines):
        end = _block_end(lines, i)
        if end is not None:
            i = end
            continue
        if not _NOISE.match(lines[i]):
            out.append(lines[i])
        i += 1
    return out


def _short_location(line):
    """D2: `<head> at FILE:LINE in FN` for a located ShapeEnv message."""
    for pattern in _LOCATED_MESSAGES:
        m = pattern.match(line)
        if not m:
            continue
        tail = _ADVICE.sub("", m.group(2))
        tail = _FRAMEWORK_POINTER.sub("", tail)
        where = _USER_LOCATION.search(tail)
        return m.group(1) + (f" at {where.group(1)}" if where else "")
    return line


def _starts_section(line, section):
    """D5: whether `line` opens a new ShapeEnv section; `section` describes the current one."""
    if section["guards_produced"] and line != _PRODUCE_GUARDS:
        return True
    return line == "TRACED GRAPH" and section["graphs"] > 0


def _sections(lines):
    """D5: the lines split into ShapeEnv sections (lists of lines)."""
    sections, current = [], []
    state = {"guards_produced": False, "graphs": 0}
    for line in lines:
        if _starts_section(line, state):
            if current:
                sections.append(current)
            current = []
            state = {"guards_produced": False, "graphs": 0}
        if line == "TRACED GRAPH":
            state["graphs"] += 1
        state["guards_produced"] = line == _PRODUCE_GUARDS
        current.append(line)
    if current:
        sections.append(current)
    return sections


def _renumber(section):
    """D5: one section's symbols renumbered per prefix by first appearance."""
    names, counts = {}, {}

    def rename(m):
        old = m.group(0)
        if old not in names:
            prefix = m.group(1)
            names[old] = f"{prefix}{counts.get(prefix, 0)}"
            counts[prefix] = counts.get(prefix, 0) + 1
        return names[old]
    return [_SYMBOL.sub(rename, line) for line in section]


def _rules(text, program):
    """The Dynamo rules, then D1-D4 (D5 works on the result)."""
    lines = dynamo_normalize.normalize(text, program).splitlines()
    lines = _drop_noise(lines)
    out, in_warning = [], False
    for line in lines:
        if in_warning and line[:1] in (" ", "\t"):  # D3: the generated source line under it
            in_warning = False
            continue
        warning = _GRAPH_WARNING.match(line)
        in_warning = bool(warning)
        line = warning.group(1) if warning else _short_location(line)  # D3, D2
        if not (line == _PRODUCE_GUARDS and out and out[-1] == _PRODUCE_GUARDS):  # D4
            out.append(line)
    return out


def normalize(text, program):
    """Normalize stderr `text` of the program whose basename is `program` (see the module doc)."""
    out = []
    for section in _sections(_rules(text, program)):
        out += _renumber(section)
    return "\n".join(out) + "\n" if out else ""


def symbol_order_conflicts(text, program):
    """Pairs of symbols that D5 cannot make comparable, as readable strings.

    A pair printed in an order sympy chose by name (`s27*s77`) compares
    equal after renumbering only if the names sort in order of first
    appearance, as creation-order names (refc's, the seeds') always do.
    """
    problems = []
    for section in _sections(_rules(text, program)):
        order = {}
        for line in section:
            for m in _SYMBOL.finditer(line):
                order.setdefault(m.group(0), len(order))
        for line in section:
            pairs = [(m.group(1), m.group(2)) for m in _COMBINED.finditer(line)]
            pairs += [(m.group(1), m.group(2)) for m in _COMBINED_CALL.finditer(line)]
            for first, second in pairs:
                same_prefix = _SYMBOL.match(first).group(1) == _SYMBOL.match(second).group(1)
                if same_prefix and first != second and order[first] > order[second]:
                    problems.append(f"{first} before {second} in {line.strip()!r}")
    return problems
