# Exercises os.path.join/exists, os.environ.get with defaults and os.getcwd without printing machine-specific values.
import os
import os.path

print(os.path.join("data", "raw", "file.csv"))
print(os.path.join("a", "b/", "c"), os.path.join("/root", "x"), os.path.join("a", "/abs", "b"))
print(os.path.join("only"), os.path.join("dir", ""))
print(os.path.exists("definitely_missing_file_refc_test.txt"), os.path.exists(os.getcwd()))
print(os.path.exists(os.path.join(os.getcwd(), "180_os_path_environ.py")))
cwd = os.getcwd()
print(type(cwd).__name__, len(cwd) > 0, os.path.join(cwd, "x").endswith("x"))
print(os.environ.get("REFC_LANG_TEST_SURELY_UNSET_VARIABLE"), os.environ.get("REFC_LANG_TEST_SURELY_UNSET_VARIABLE", "fallback"))
print("REFC_LANG_TEST_SURELY_UNSET_VARIABLE" in os.environ)
settings = {key: os.environ.get("REFC_TEST_" + key.upper(), default) for key, default in [("mode", "dev"), ("workers", "4")]}
print(settings, int(settings["workers"]) * 2)
parts = ["logs", "2024", "app.log"]
path = os.path.join(*parts)
print(path, path.split(os.sep) == parts)
