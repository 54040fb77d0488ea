#!/usr/bin/env python3
"""Records what PyTorch 2.14's CPU generator produces, for
tests/unit/generator_test.cpp. Run it under the PyTorch peer from the repo root:

    ../shared/peer/torch-peer tests/unit/generator_cases/generate.py \\
        > tests/unit/generator_cases/cases.txt

Format (one item per line, '#' lines are comments):

    case NAME              a new case; the test starts a fresh Generator
    STEP key=value ... [=> EXPECTED ...]

Each case replays its steps on one generator (PyTorch's default generator
here; a fresh refc Generator in the test). Steps:

    seed s=N                        torch.manual_seed(N)
    initial_seed => N               torch.initial_seed()
    uniform T S St from= to= => V   torch.empty_strided(S, St, dtype=T).uniform_(from, to)
    normal  T S St mean= std= => V  ... .normal_(mean, std)
    random  T S St [from= [to=]] => V   ... .random_() / .random_(from, to) (to=none: no upper bound)
    bernoulli T S St p= => V        ... .bernoulli_(p)
    bernoulli_t T S St pdtype= psize= pstride= p=BITS,... => V   ... .bernoulli_(p_tensor)
    exponential T S St lambd= => V  ... .exponential_(lambd)
    randperm T n= => V              torch.randperm(n, dtype=T)
    dropout T S p= x=BITS,... => V  torch.nn.functional.dropout(x, p, training=True)
    normal_tt T S mean=BITS,... std=BITS,... => V   torch.normal(mean, std)
    get_state => HEX                torch.get_rng_state() as hex bytes
    set_state HEX                   torch.set_rng_state(those bytes)
    save_state / load_state         get_rng_state() into a slot / set_rng_state from it

T is a dtype name, S and St comma-separated sizes and strides (St '-' means
contiguous). V lists the result's elements in row-major order of its logical
indices: the raw bits in hex for floating dtypes, decimal for the others.
Factory functions (torch.rand, randn, randint, randperm) are used where they
apply so that their paths are the ones recorded; they fill the same way.
"""
import warnings

import torch

# random_ warns about bounds beyond 2^digits; the peer mixes stderr into stdout.
warnings.simplefilter("ignore")

D = {
    "float32": torch.float32, "float64": torch.float64, "float16": torch.float16,
    "bfloat16": torch.bfloat16, "int64": torch.int64, "int32": torch.int32,
    "int16": torch.int16, "int8": torch.int8, "uint8": torch.uint8, "bool": torch.bool,
}
BITS = {torch.float32: (torch.int32, 8), torch.float64: (torch.int64, 16),
        torch.float16: (torch.int16, 4), torch.bfloat16: (torch.int16, 4)}


def values(t):
    t = t.contiguous().reshape(-1)
    if t.dtype in BITS:
        it, width = BITS[t.dtype]
        mask = (1 << (4 * width)) - 1
        return " ".join("%0*x" % (width, v & mask) for v in t.view(it).tolist())
    return " ".join(str(int(v)) for v in t.tolist())


def bits_list(t):
    return values(t).replace(" ", ",")


def dname(dtype):
    return [k for k, v in D.items() if v == dtype][0]


def ints(xs):
    return ",".join(str(x) for x in xs) if xs else "-"


out = []
case_names = set()


def case(name):
    assert name not in case_names, name
    case_names.add(name)
    out.append("case " + name)


def seed(n):
    torch.manual_seed(n)
    out.append("seed s=%d" % n)


def strided(dtype, size, stride):
    if stride is None:
        return torch.empty(size, dtype=dtype)
    return torch.empty_strided(size, stride, dtype=dtype)


def head(op, dtype, size, stride):
    st = stride if stride is not None else None
    return "%s %s %s %s" % (op, dname(dtype), ints(size), ints(st) if st is not None else "-")


def uniform(dtype, size, stride=None, lo=0.0, hi=1.0):
    if stride is None and lo == 0.0 and hi == 1.0:
        t = torch.rand(size, dtype=dtype)
    else:
        t = strided(dtype, size, stride).uniform_(lo, hi)
    out.append("%s from=%r to=%r => %s" % (head("uniform", dtype, size, stride), lo, hi, values(t)))


def normal(dtype, size, stride=None, mean=0.0, std=1.0):
    if stride is None and mean == 0.0 and std == 1.0:
        t = torch.randn(size, dtype=dtype)
    else:
        t = strided(dtype, size, stride).normal_(mean, std)
    out.append("%s mean=%r std=%r => %s" % (head("normal", dtype, size, stride), mean, std, values(t)))


def random(dtype, size, stride=None, *args):
    """random(dtype, size, stride) = random_(); (lo,) = random_(lo, None); (lo, hi)."""
    if len(args) == 2 and stride is None and args[1] is not None:
        t = torch.randint(args[0], args[1], size, dtype=dtype)
    elif len(args) == 2:
        t = strided(dtype, size, stride).random_(args[0], args[1])
    elif len(args) == 1:
        t = strided(dtype, size, stride).random_(args[0], None)
    else:
        t = strided(dtype, size, stride).random_()
    extra = ""
    if args:
        extra = " from=%d" % args[0]
        if len(args) == 2:
            extra += " to=%s" % ("none" if args[1] is None else args[1])
        else:
            extra += " to=none"
    out.append("%s%s => %s" % (head("random", dtype, size, stride), extra, values(t)))


def bernoulli(dtype, size, stride, p):
    t = strided(dtype, size, stride).bernoulli_(p)
    out.append("%s p=%r => %s" % (head("bernoulli", dtype, size, stride), p, values(t)))


def bernoulli_t(dtype, size, stride, p):
    if dtype is None:  # torch.bernoulli(p): a new tensor like p
        t = torch.bernoulli(p)
        dtype, size, stride = p.dtype, list(p.shape), None
    else:
        t = strided(dtype, size, stride).bernoulli_(p)
    out.append("%s pdtype=%s psize=%s pstride=%s p=%s => %s" % (
        head("bernoulli_t", dtype, size, stride), dname(p.dtype), ints(list(p.shape)),
        ints(list(p.stride())), bits_list(p), values(t)))


def exponential(dtype, size, stride, lambd):
    t = strided(dtype, size, stride).exponential_(lambd)
    out.append("%s lambd=%r => %s" % (head("exponential", dtype, size, stride), lambd, values(t)))


def randperm(n, dtype=torch.int64):
    t = torch.randperm(n, dtype=dtype)
    out.append("randperm %s n=%d => %s" % (dname(dtype), n, values(t)))


def dropout(x, p):
    y = torch.nn.functional.dropout(x, p, training=True)
    out.append("dropout %s %s p=%r x=%s => %s" % (dname(x.dtype), ints(list(x.shape)), p,
                                                 bits_list(x), values(y)))


def normal_tt(mean, std):
    y = torch.normal(mean, std)
    out.append("normal_tt %s %s mean=%s std=%s => %s" % (dname(mean.dtype), ints(list(mean.shape)),
                                                         bits_list(mean), bits_list(std), values(y)))


def get_state():
    out.append("get_state => " + bytes(torch.get_rng_state().tolist()).hex())


def initial_seed():
    out.append("initial_seed => %d" % torch.initial_seed())


f32, f64, f16, bf16 = torch.float32, torch.float64, torch.float16, torch.bfloat16
i64, i32, i16, i8, u8, b8 = torch.int64, torch.int32, torch.int16, torch.int8, torch.uint8, torch.bool

# rand / randn over the sizes around normal_'s 16-element blocks.
for dtype in (f32, f64):
    for n in (1, 7, 15, 16, 17, 33, 100):
        case("rand_%s_%d" % (dname(dtype), n))
        seed(0)
        uniform(dtype, [n])
    for n in (1, 7, 15, 16, 17, 33, 100):
        case("randn_%s_%d" % (dname(dtype), n))
        seed(0)
        normal(dtype, [n])
for dtype in (f16, bf16):
    for n in (5, 16, 17, 40):
        case("rand_%s_%d" % (dname(dtype), n))
        seed(1)
        uniform(dtype, [n])
        case("randn_%s_%d" % (dname(dtype), n))
        seed(1)
        normal(dtype, [n])
        uniform(f32, [3])  # how many draws the reduced-precision normal_fill took

for s in (1, 42, 2**32 + 5, 123456789012345):
    case("seed_%d" % s)
    seed(s)
    initial_seed()
    normal(f32, [3, 4])
    uniform(f32, [2, 3])

case("randn_3x4_seed0")  # the values everyone knows: 1.5410, -0.2934, ...
seed(0)
normal(f32, [3, 4])

case("randn_large_float32")
seed(3)
normal(f32, [4099])
case("randn_large_float64")
seed(3)
normal(f64, [2051])
case("rand_large_float16")
seed(3)
uniform(f16, [3000])

case("normal_mean_std")
seed(5)
normal(f32, [20], None, 2.0, 0.5)
normal(f32, [5], None, -1.5, 3.0)
normal(f64, [20], None, 2.0, 0.5)
normal(f64, [5], None, -1.5, 3.0)
normal(f16, [18], None, 0.25, 2.0)
normal(bf16, [3], None, 0.25, 2.0)

case("randn_noncontiguous")
seed(0)
normal(f32, [5, 4], [1, 5])  # torch.empty(4, 5).t().normal_()
normal(f64, [5, 4], [1, 5])
normal(f16, [5, 4], [1, 5])
normal(f32, [2, 3, 4], [1, 8, 2])
normal(f32, [4, 8], [16, 1])  # rows with gaps: not contiguous, so scalar path

case("normal_cache_sequence")
seed(0)
normal(f32, [3])
normal(f32, [3])
normal(f64, [1])
normal(f32, [20])
normal(f64, [1])
normal(bf16, [1])
normal(f32, [1])

case("uniform_bounds")
seed(11)
uniform(f32, [10], None, -3.7, 5.1)
uniform(f64, [10], None, -3.7, 5.1)
uniform(f16, [10], None, -3.7, 5.1)
uniform(bf16, [10], None, -3.7, 5.1)
uniform(f32, [4], None, 2.0, 2.0)
uniform(f16, [300], None, 0.0, 1.0)
uniform(bf16, [300], None, 100.0, 101.0)
uniform(f32, [3, 4], [1, 3], 0.0, 1.0)

case("randint_small")
seed(0)
random(i64, [20], None, 0, 10)
random(i32, [20], None, -5, 5)
random(u8, [20], None, 0, 256)
random(i8, [10], None, -128, 127)
random(i16, [10], None, 1000, 1003)
random(b8, [10], None, 0, 2)

case("randint_large_ranges")
seed(7)
random(i64, [10], None, -2**40, 2**40)
random(i64, [10], None, 0, 2**32)
random(i64, [10], None, 0, 2**32 - 1)
random(i32, [10], None, -2**31, 2**31 - 1)
random(i64, [5], None, -2**63, 2**63 - 1)

case("randint_range_threshold")  # 2.14 switches to 64-bit draws at range 2^28
seed(19)
random(i32, [6], None, 0, 2**28 - 1)
random(i32, [6], None, 0, 2**28)
random(i64, [6], None, -2**27, 2**27)
random(f32, [6], None, 0, 2**28 + 1)
random(i16, [6], None, -2**15, 2**15 - 1)
random(i32, [4], None, 0)
random(f64, [4], None, 0)

case("randint_float_dtypes")
seed(8)
random(f32, [10], None, 3, 100)
random(f64, [10], None, -2**40, 2**40)
random(f32, [10], None, -2**40, 2**40)
random(f16, [10], None, 0, 65504)
random(bf16, [10], None, -1000, 1000)
random(f64, [10], None, 0, 10)

case("random_defaults")
seed(9)
for dtype in (i64, i32, i16, i8, u8, b8, f32, f64, f16, bf16):
    random(dtype, [6], None)

case("random_from_only")
seed(10)
random(i8, [8], None, -100)
random(i64, [8], None, 5)
random(u8, [8], None, 200)
random(f32, [8], None, 0)
random(f16, [8], None, 2000)
random(i64, [6], None, -2**63)
random(f32, [4], None, -2**63)
random(f64, [4], None, -2**63)
random(bf16, [4], None, -2**63)

case("bernoulli_scalar")
seed(12)
bernoulli(f32, [30], None, 0.3)
bernoulli(i64, [10], None, 0.7)
bernoulli(b8, [10], None, 0.5)
bernoulli(f16, [10], None, 0.5)
bernoulli(f64, [4, 3], [1, 4], 0.25)

case("bernoulli_tensor")
seed(13)
bernoulli_t(f32, [12], None, torch.linspace(0, 1, 12, dtype=f32))
bernoulli_t(f32, [12], None, torch.linspace(0, 1, 12, dtype=f64))
bernoulli_t(f32, [3, 4], None, torch.tensor([0.1, 0.5, 0.9, 0.99]))
bernoulli_t(i64, [6], None, torch.full((6,), 0.5, dtype=f16))
bernoulli_t(None, None, None, torch.linspace(0.05, 0.95, 10, dtype=f32))

case("dropout")
seed(14)
dropout(torch.linspace(-2, 2, 50, dtype=f32).reshape(5, 10), 0.5)
dropout(torch.linspace(-2, 2, 30, dtype=f32), 0.2)
dropout(torch.linspace(-2, 2, 30, dtype=f64), 0.3)

case("exponential")
seed(15)
exponential(f32, [10], None, 1.0)
exponential(f64, [10], None, 2.5)
exponential(f16, [10], None, 0.5)
exponential(bf16, [4, 3], [1, 4], 3.0)

for n in (0, 1, 2, 5, 20, 100, 5000):
    case("randperm_%d" % n)
    seed(16)
    randperm(n)
case("randperm_dtypes")
seed(17)
randperm(10, i32)
randperm(10, f32)
randperm(10, f16)
randperm(10, u8)

case("normal_tensor_mean_std")
seed(18)
normal_tt(torch.linspace(-1, 1, 6, dtype=f32), torch.linspace(0.5, 2, 6, dtype=f32))
normal_tt(torch.linspace(-1, 1, 20, dtype=f32), torch.linspace(0.5, 2, 20, dtype=f32))
normal_tt(torch.linspace(-1, 1, 20, dtype=f64), torch.linspace(0.5, 2, 20, dtype=f64))

case("interleaved")
seed(7)
uniform(f32, [3])
normal(f32, [2])
random(i64, [4], None, 0, 100)
normal(f32, [17])
uniform(f64, [2])
normal(f64, [1])
normal(f32, [1])
randperm(6)
bernoulli(f32, [3], None, 0.5)
exponential(f32, [2], None, 1.0)
normal(f64, [3])

case("state_after_seed")
seed(0)
get_state()
case("state_with_cached_normal")
seed(0)
uniform(f32, [5])
normal(f64, [1])
get_state()
normal(f32, [3])
get_state()
case("state_after_624_draws")
seed(4)
uniform(f32, [700])
get_state()

# set_state with bytes PyTorch produced, then draws continue from there.
case("set_state_from_pytorch")
torch.manual_seed(21)
torch.rand(100)
torch.randn(3)  # leaves a cached double sample
st = torch.get_rng_state()
out.append("set_state " + bytes(st.tolist()).hex())
normal(f32, [5])
uniform(f64, [3])

case("save_load_state")
seed(22)
uniform(f32, [10])
state = torch.get_rng_state()
out.append("save_state")
normal(f32, [5])
uniform(f32, [20])
torch.set_rng_state(state)
out.append("load_state")
normal(f32, [5])
uniform(f32, [20])

case("fresh_generator")
g = torch.Generator()
out.append("initial_seed => %d" % g.initial_seed())
t = torch.rand(5, generator=g)
out.append("uniform float32 5 - from=0.0 to=1.0 => " + values(t))

print("# Recorded from PyTorch %s (CPU capability %s) by generate.py." %
      (torch.__version__, torch.backends.cpu.get_cpu_capability()))
print("\n".join(out))
