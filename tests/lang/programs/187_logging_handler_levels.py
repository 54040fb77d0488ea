# Exercises logging with an explicit StreamHandler(sys.stdout), Formatter, handler vs logger levels and propagate=False.
import logging
import sys

logger = logging.getLogger("app.worker")
logger.setLevel(logging.DEBUG)
logger.propagate = False
handler = logging.StreamHandler(sys.stdout)
handler.setLevel(logging.INFO)
handler.setFormatter(logging.Formatter("[%(levelname)-8s] %(name)s - %(message)s"))
logger.addHandler(handler)

logger.debug("not shown: handler level is INFO")
logger.info("job %s started", "alpha")
logger.warning("retry %d of %d", 1, 3)
logger.error("job %s failed: %s", "alpha", ValueError("bad input"))
handler.setLevel(logging.DEBUG)
logger.debug("debug now visible, value=%05.1f", 3.14159)
verbose = logging.StreamHandler(sys.stdout)
verbose.setFormatter(logging.Formatter("VERBOSE %(levelno)d %(message)s"))
logger.addHandler(verbose)
logger.info("two handlers see this")
logger.removeHandler(verbose)
logger.info("back to one handler")
logger.setLevel(logging.ERROR)
logger.warning("suppressed by logger level")
logger.critical("%s%%", 100)
print(len(logger.handlers), logger.level, handler.level)
