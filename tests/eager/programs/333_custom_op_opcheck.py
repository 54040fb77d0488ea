# torch.library.opcheck: the result dict of a correct op; OpCheckError for a wrong fake impl, a missing one, a hidden mutation
import torch


@torch.library.custom_op("mylib::good", mutates_args=())
def good(x: torch.Tensor, k: float) -> torch.Tensor:
    return x * k


good.register_fake(lambda x, k: torch.empty_like(x))
good.register_autograd(lambda ctx, g: (g * ctx.k, None),
                       setup_context=lambda ctx, inputs, output: setattr(ctx, "k", inputs[1]))
print(torch.library.opcheck(good, (torch.ones(3), 2.0)))
print(torch.library.opcheck(good, (torch.ones(2, 3, requires_grad=True), 2.0), test_utils="ALL"))
print(torch.library.opcheck(torch.ops.mylib.good.default, (torch.ones(3),), {"k": 2.0}, test_utils="test_faketensor"))


@torch.library.custom_op("mylib::doubled", mutates_args=())
def doubled(x: torch.Tensor) -> torch.Tensor:
    return torch.cat([x, x])


doubled.register_fake(lambda x: torch.empty_like(x))

nofake = torch.library.custom_op("mylib::nofake", lambda x: x + 1, schema="(Tensor x) -> Tensor", mutates_args=())


@torch.library.custom_op("mylib::wide", mutates_args=())
def wide(x: torch.Tensor) -> torch.Tensor:
    return x.double()

wide.register_fake(lambda x: torch.empty_like(x))


@torch.library.custom_op("mylib::sneaky", mutates_args=())
def sneaky(x: torch.Tensor) -> torch.Tensor:
    x.add_(1)
    return x + 1

sneaky.register_fake(lambda x: torch.empty_like(x))


@torch.library.custom_op("mylib::pair", mutates_args=())
def pair(x: torch.Tensor) -> tuple[torch.Tensor, torch.Tensor]:
    return x + 1, x.t().contiguous()


pair.register_fake(lambda x: (torch.empty_like(x), torch.empty_like(x)))
for op, shape in [(doubled, (3,)), (nofake, (3,)), (wide, (3,)), (sneaky, (3,)), (pair, (2, 3))]:
    try:
        torch.library.opcheck(op, (torch.ones(shape),))
    except torch.testing._internal.optests.OpCheckError as e:
        print("OpCheckError:", e, type(e.__cause__).__name__)
print(torch.library.opcheck(doubled, (torch.ones(3),), raise_exception=False))
for bad in [lambda: torch.library.opcheck(good, (torch.ones(3), 2.0), test_utils="test_nothing"),
            lambda: torch.library.opcheck(good.register_fake, (torch.ones(3), 2.0))]:
    try:
        bad()
    except ValueError as e:
        print("ValueError:", e)
