from os import path
from os.path import join, exists as ex
from a import (b, c as d)
from a import (b,
    c,)
from . import x
from .. import y
from .mod import z
from ...pkg.mod import w
from .... import v
from m import *
