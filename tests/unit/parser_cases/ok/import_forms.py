import os
import os.path
import a.b.c as d
import x, y as z
