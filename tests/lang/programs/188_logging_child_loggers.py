# Exercises logger hierarchy: getLogger names, child propagation to a parent handler, effective levels and same-instance lookup.
import logging
import sys

parent = logging.getLogger("service")
parent.setLevel(logging.WARNING)
out = logging.StreamHandler(sys.stdout)
out.setFormatter(logging.Formatter("%(name)s|%(levelname)s|%(message)s"))
parent.addHandler(out)
parent.propagate = False

db = logging.getLogger("service.db")
http = logging.getLogger("service.http")
http.setLevel(logging.DEBUG)
print(db.getEffectiveLevel(), http.getEffectiveLevel(), logging.getLogger("service.db") is db)
db.info("db info is filtered by inherited WARNING")
db.warning("slow query took %dms", 250)
http.debug("GET %s", "/index")
http.info("status %d", 200)
parent.error("parent message")
db.setLevel(logging.INFO)
db.info("db info now passes")
child = logging.getLogger("service.db.pool")
child.info("pool size %d", 5)
child.debug("not shown")
print(child.name, child.getEffectiveLevel())
