"""torch._dynamo.exc: the errors torch.compile raises."""


class TorchDynamoException(RuntimeError):
    pass


class Unsupported(TorchDynamoException):
    """Tracing met something it cannot trace (raised under fullgraph=True)."""


class UserError(Unsupported):
    """Code Dynamo cannot compile as written, such as (under fullgraph=True) a
    branch on a data-dependent value. Raised with a message alone, or as
    PyTorch raises it: UserError(error_type, msg)."""

    def __init__(self, error_type, msg=None, case_name=None):
        if msg is None:
            error_type, msg = None, error_type
        super().__init__(msg)
        self.error_type = error_type
        self.message = msg


class BackendCompilerFailed(TorchDynamoException):
    pass


class InvalidBackend(TorchDynamoException):
    pass


class BackendNotAvailable(InvalidBackend):
    """A backend refc knows by name but has not built yet."""


class FailOnRecompileLimitHit(TorchDynamoException):
    pass


class RecompileError(TorchDynamoException):
    pass


class InternalTorchDynamoError(TorchDynamoException):
    pass


class TorchRuntimeError(TorchDynamoException):
    """An op failed on fake tensors while tracing, in a way that is not a graph break."""


class UncapturedHigherOrderOpError(TorchDynamoException):
    """A higher-order op (torch.cond) whose functions could not be traced whole."""


class TestingOnlyCompileError(Exception):
    pass


class ReluCompileError(Exception):
    pass


from torch.fx.experimental.symbolic_shapes import ConstraintViolationError  # noqa: E402


class AccuracyError(Exception):
    """A compiled graph's result is further from the float64 reference than
    eager's (TORCHDYNAMO_REPRO_LEVEL=4)."""
