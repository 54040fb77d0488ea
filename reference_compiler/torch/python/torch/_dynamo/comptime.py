"""torch._dynamo.comptime: code that runs while Dynamo traces, as in PyTorch 2.14.

`comptime(fn)` in a compiled function is not traced: when Dynamo reaches the
call it runs `fn(ctx)` there and then, with a ComptimeContext over the frame
being traced, and goes on tracing; run eagerly, `comptime(fn, fallback_fn)`
calls `fallback_fn()` instead. The helpers (`comptime.print_graph()`,
`comptime.breakpoint()`, ...) are such calls. Dynamo (reference_compiler/
dynamo/comptime.cpp) calls `_at_trace_time` for each; the context reads the
tracer through torch._C._dynamo's `_comptime_*` functions and is valid only
during that call."""

import sys

import torch._C._dynamo as _C


class ComptimeVar:
    """What the tracer knows of one value: a fake tensor, a symbolic size or
    a Python constant."""

    def __init__(self, handle):
        self.__handle = handle

    def as_fake(self):
        """The fake tensor (or SymInt) the tracer computes with."""
        return _C._comptime_var_fake(self.__handle)

    def size(self, dim=None):
        fake = self.as_fake()
        return fake.size() if dim is None else fake.size(dim)

    def is_python_constant(self):
        return _C._comptime_var_is_constant(self.__handle)

    def as_python_constant(self):
        return _C._comptime_var_constant(self.__handle)

    def __repr__(self):
        return _C._comptime_var_repr(self.__handle)


class ComptimeContext:
    """The tracer's state at the comptime call: its locals, the graph so far,
    the user stack."""

    def __init__(self, tx):
        self.__tx = tx

    def get_local(self, name, *, stacklevel=0):
        """What the tracer knows of the local `name`."""
        return ComptimeVar(_C._comptime_local(self.__tx, name, stacklevel))

    def graph_break(self, msg="ComptimeContext.graph_break"):
        """Break the graph at the comptime call."""
        _C._comptime_graph_break(self.__tx, msg)

    def print_graph(self, *, verbose=True, file=None):
        """The graph traced so far, as its forward's code."""
        print(_C._comptime_graph_code(self.__tx), file=file)

    def print(self, val, *, file=None):
        print(repr(val), file=file)

    def print_guards(self, *, file=None):
        """The guards installed so far, sorted as 2.14 sorts its Guard
        objects and each printed as its repr: at trace time the fields the
        finished guard fills in are still None."""
        text = []
        for source, name, builder in _C._comptime_guards(self.__tx):
            text.append(_GUARD_REPR % (source, repr(name), builder))
        print("\n".join(text), file=file)

    def print_locals(self, *, file=None, stacklevel=0):
        for name, handle in _C._comptime_locals(self.__tx, stacklevel):
            print("%s = %r" % (name, ComptimeVar(handle)), file=file)

    def print_bt(self, *, file=None, stacklevel=0):
        """The user stack, from the frame Dynamo started tracing."""
        text = ""
        for filename, line, name, code in _C._comptime_stack(self.__tx, stacklevel):
            text += '  File "%s", line %d, in %s\n' % (filename, line, name)
            if code:
                text += "    %s\n" % code
        print(text, file=file)


# torch._guards.Guard.__repr__'s layout.
_GUARD_REPR = """
        %s %s %s
        {
            'guard_types': None,
            'code': None,
            'obj_weakref': None
            'guarded_class': None
        }
        """


def _read_command(prompt):
    sys.stdout.write(prompt)
    sys.stdout.flush()
    return _C._comptime_read_line()


def _breakpoint(ctx):
    """pdb's prompt on stdin with `ctx` in scope: expressions print their
    repr, statements run, `c` (or the end of input) goes on tracing."""
    print("--Return--")
    code = _breakpoint.__code__
    print("> %s(%d)inner()->None" % (code.co_filename, code.co_firstlineno))
    print("-> builtins.breakpoint()")
    scope = {"ctx": ctx}
    while True:
        line = _read_command("(Pdb) ")
        if line is None:
            print()
            return
        command = line.strip()
        if command in ("c", "cont", "continue", "q", "quit", "exit"):
            return
        if not command:
            continue
        if command.startswith("!"):
            command = command[1:]
        elif command.startswith("p "):
            command = command[2:]
        try:
            value = _C._comptime_exec(command, scope)
        except Exception as e:
            print("*** %s: %s" % (type(e).__name__, e))
            continue
        if value is not None:
            print(repr(value))


def _at_trace_time(helper, tx, args):
    """Dynamo met `comptime(fn)` (helper "__call__") or `comptime.<helper>(...)`."""
    ctx = ComptimeContext(tx)
    if helper == "__call__":
        args[0](ctx)
    elif helper == "print":
        ctx.print(ComptimeVar(args[0]))
    elif helper == "breakpoint":
        _breakpoint(ctx)
    else:
        getattr(ctx, helper)()


class _Comptime:
    """`comptime`: these run only when Dynamo does not trace the call."""

    def __call__(self, fn, fallback_fn=lambda: None):
        fallback_fn()

    @staticmethod
    def graph_break():
        pass

    @staticmethod
    def print(e):
        print(e)

    @staticmethod
    def print_graph():
        pass

    @staticmethod
    def print_locals(*, stacklevel=0):
        pass

    @staticmethod
    def print_bt(*, stacklevel=0):
        pass

    @staticmethod
    def print_guards():
        pass

    @staticmethod
    def breakpoint():
        pass


comptime = _Comptime()
