# Exercises logging.basicConfig(format=..., stream=sys.stdout, level=...) with level filtering and %-style args.
import logging
import sys

logging.basicConfig(format="%(levelname)s:%(name)s:%(message)s", stream=sys.stdout, level=logging.INFO)
log = logging.getLogger("orders")
log.debug("hidden debug message")
log.info("processing %d orders", 3)
for order_id, amount in [(1, 9.5), (2, -1.0), (3, 120.0)]:
    if amount < 0:
        log.error("order %s has negative amount %.2f", order_id, amount)
    elif amount > 100:
        log.warning("order %s is large: %s", order_id, amount)
    else:
        log.info("order %s ok", order_id)
logging.info("root logger message with %s", "args")
log.critical("shutting down")
print(logging.DEBUG, logging.INFO, logging.WARNING, logging.ERROR, logging.CRITICAL)
print(log.name, log.getEffectiveLevel(), log.isEnabledFor(logging.DEBUG), log.isEnabledFor(logging.ERROR))
log.setLevel(logging.DEBUG)
log.debug("now visible: %r", {"k": 1})
print(logging.getLevelName(logging.WARNING), logging.getLevelName(10))
