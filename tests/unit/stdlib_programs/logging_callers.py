import logging, sys
from collections import namedtuple
logging.basicConfig(stream=sys.stdout, level=logging.DEBUG,
                    format="%(levelname)s %(filename)s:%(lineno)d %(funcName)s %(module)s %(name)s %(message)s")
def work(x):
    logging.info("working on %s", x)
    log = logging.getLogger("w")
    log.warning("inner")
    return x
class K:
    def method(self):
        logging.getLogger("k").error("from method")
work(3)
K().method()
logging.debug("top level")
P = namedtuple("P", "a b")
print(P.__module__, repr(P))
f = sys._getframe()
print(f.f_code.co_name, f.f_back, f.f_globals is globals())
def g():
    return sys._getframe(1).f_code.co_name, sys._getframe().f_code.co_name
print(g())
try:
    sys._getframe(100)
except ValueError as e:
    print(e)
