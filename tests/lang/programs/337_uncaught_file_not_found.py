# an uncaught FileNotFoundError from open() in a helper: the traceback ends in CPython's "[Errno 2] No such file or directory" line
def load_config(path):
    with open(path) as f:
        return f.read()


print("loading config")
load_config("_337_missing_config.json")
print("not reached")
