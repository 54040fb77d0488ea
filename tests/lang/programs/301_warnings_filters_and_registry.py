# warnings: default once-per-location, filters (simplefilter, filterwarnings with patterns, error, once, module, always), registries reset when filters change
import sys
import warnings

shown = []


def record(message, category, filename, lineno, file=None, line=None):
    shown.append((category.__name__, str(message), filename.rsplit("/", 1)[-1], lineno, line))


warnings.showwarning = record


def noisy(text, category=UserWarning):
    warnings.warn(text, category)


def report(title):
    print(title, len(shown))
    for item in shown:
        print("   ", item[0], item[1], item[2], item[3])
    shown.clear()


for _ in range(3):
    noisy("same place")
noisy("other text")
report("default action, one location")

noisy("deprecated", DeprecationWarning)
noisy("pending", PendingDeprecationWarning)
warnings.warn("main deprecation", DeprecationWarning)
report("default filters")

warnings.simplefilter("always")
noisy("same place")
noisy("same place")
report("always")

warnings.resetwarnings()
warnings.simplefilter("once")
for _ in range(2):
    noisy("once text")
    warnings.warn("once text")
report("once")

warnings.resetwarnings()
warnings.filterwarnings("ignore", message="quiet")
warnings.filterwarnings("error", message=".*fatal$", category=RuntimeWarning)
noisy("Quiet please")
noisy("loud")
for text in ("this is fatal", "fatal but not at the end"):
    try:
        noisy(text, RuntimeWarning)
    except RuntimeWarning as e:
        print("error action raised", type(e).__name__, e)
report("message patterns")

warnings.resetwarnings()
warnings.filterwarnings("ignore", module="__ma+in__")
noisy("from main")
warnings.resetwarnings()
warnings.filterwarnings("module", category=UserWarning)
noisy("per module")
noisy("per module")
warnings.warn("per module")
report("module pattern and module action")

warnings.resetwarnings()
warnings.simplefilter("ignore", UserWarning)
warnings.simplefilter("always", FutureWarning, append=True)
noisy("user")
noisy("future", FutureWarning)
noisy("future", FutureWarning)
report("category filters")
print([f[0] for f in warnings.filters], [f[2].__name__ for f in warnings.filters])

try:
    warnings.simplefilter("sometimes")
except AssertionError as e:
    print("AssertionError", e)
try:
    warnings.warn("x", int)
except TypeError as e:
    print("TypeError", e)
warnings.simplefilter("always")
warnings.warn(SyntaxWarning("an instance"))
report("instance message")
print(issubclass(FutureWarning, Warning), issubclass(Warning, Exception), BytesWarning.__mro__[1].__name__)
print("__warningregistry__" in globals())
sys.stdout.flush()
warnings.showwarning = warnings._showwarning_orig
warnings.warn("finally on stderr")
