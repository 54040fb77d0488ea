"""torch._guards: the record a guard failure hands to guard_fail_fn."""

from typing import NamedTuple


class GuardFail(NamedTuple):
    # The reason a cache entry's guards failed, as recompile logs print it (without the "0/0: " entry id),
    # and the code object of the frame being compiled again.
    reason: str
    orig_code: object
