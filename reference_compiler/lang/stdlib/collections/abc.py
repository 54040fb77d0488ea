"""collections.abc for refc: the abstract base classes of containers, as
CPython 3.11's Lib/collections/abc.py re-exports them from _collections_abc."""

from _collections_abc import *
from _collections_abc import __all__
