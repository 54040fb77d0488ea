try:
    import numpy as np
except ImportError:
    np = None
