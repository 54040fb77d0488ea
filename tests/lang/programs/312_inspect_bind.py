# inspect: Signature.bind and bind_partial (BoundArguments.arguments, args, kwargs, apply_defaults) and their TypeErrors, and the ValueErrors and TypeErrors of building Parameter and Signature objects and of signature() on what has none
import functools
import inspect


def f(a, b: int = 2, *args, c, d: str = "x", **kw):
    return a


sig = inspect.signature(f)
ba = sig.bind(1, c=2)
print(ba, ba.args, ba.kwargs, ba.arguments)
ba.apply_defaults()
print(ba, ba.args, ba.kwargs)
print(f(*ba.args, **ba.kwargs))
full = sig.bind(1, 2, 3, 4, c=5, e=6, z=7)
print(full, full.args, full.kwargs, full.signature is sig)
print(sig.bind_partial(c=1), sig.bind_partial(), sig.bind_partial(1, 2, 3))
print(sig.bind(1, c=2) == sig.bind(1, c=2), sig.bind(1, c=2) == sig.bind(2, c=2))


def g(x, y, /, z=3, *, w):
    pass


def h(p, q=1):
    pass


gs = inspect.signature(g)
hs = inspect.signature(h)
print(gs.bind(1, 2, w=0), gs.bind(1, 2, 3, w=4).args, hs.bind(q=2, p=1), hs.bind(q=2, p=1).args)


def attempt(what, call):
    try:
        result = call()
    except (TypeError, ValueError) as e:
        print(what, "->", type(e).__name__ + ":", e)
    else:
        print(what, "->", result)


attempt("sig.bind()", lambda: sig.bind())
attempt("sig.bind(1)", lambda: sig.bind(1))
attempt("sig.bind(1, b=2, a=3, c=1)", lambda: sig.bind(1, a=3, c=1))
attempt("gs.bind(1, 2, 3, 4)", lambda: gs.bind(1, 2, 3, 4))
attempt("gs.bind(1, y=2, w=3)", lambda: gs.bind(1, y=2, w=3))
attempt("gs.bind(1, 2)", lambda: gs.bind(1, 2))
attempt("hs.bind(1, 2, 3)", lambda: hs.bind(1, 2, 3))
attempt("hs.bind(1, r=2)", lambda: hs.bind(1, r=2))
attempt("hs.bind(1, p=2)", lambda: hs.bind(1, p=2))
attempt("hs.bind_partial(r=1)", lambda: hs.bind_partial(r=1))
attempt("hs.bind_partial(q=1)", lambda: hs.bind_partial(q=1))
P = inspect.Parameter
attempt("Parameter('1x')", lambda: P('1x', P.POSITIONAL_OR_KEYWORD))
attempt("Parameter('class')", lambda: P('class', P.POSITIONAL_OR_KEYWORD))
attempt("Parameter(3)", lambda: P(3, P.POSITIONAL_OR_KEYWORD))
attempt("Parameter kind 7", lambda: P('a', 7))
attempt("Parameter kind 'x'", lambda: P('a', 'x'))
attempt("*args default", lambda: P('a', P.VAR_POSITIONAL, default=1))
attempt("**kw default", lambda: P('a', P.VAR_KEYWORD, default=1))
attempt("keyword-only before positional", lambda: inspect.Signature([P('a', P.KEYWORD_ONLY), P('b', P.POSITIONAL_OR_KEYWORD)]))
attempt("non-default after default", lambda: inspect.Signature([P('a', 1, default=1), P('b', 1)]))
attempt("duplicate names", lambda: inspect.Signature([P('a', 1), P('a', 3)]))
attempt("kw-only defaults in any order", lambda: inspect.Signature([P('a', 3, default=1), P('b', 3)]))
attempt("signature(3)", lambda: inspect.signature(3))
attempt("signature('text')", lambda: inspect.signature('text'))


class Broken:
    pass


def bad_signature():
    pass


bad_signature.__signature__ = "not a signature"
attempt("bad __signature__", lambda: inspect.signature(bad_signature))


def attempt_tail(what, call):
    # The messages of these name an object by its address: only their end is printed.
    try:
        call()
    except (TypeError, ValueError) as e:
        print(what, "->", type(e).__name__ + ": ...", " ".join(str(e).split()[-3:]))


attempt_tail("signature(Broken())", lambda: inspect.signature(Broken()))
attempt_tail("partial with wrong args", lambda: inspect.signature(functools.partial(h, 1, 2, 3)))
attempt_tail("positional-only by keyword", lambda: inspect.signature(functools.partial(g, x=1)))
