# torch.save into a missing folder or of a lambda, torch.load of a folder, of text and of an empty file, then of a missing file (uncaught).
import os
import torch

try:
    torch.save(torch.ones(2), "no_such_folder/checkpoint.pt")
except RuntimeError as e:
    print(type(e).__name__, e)
try:
    torch.load(".")
except OSError as e:
    print(type(e).__name__, e)
try:
    torch.save(lambda x: x, "_308_lambda.pt")
except Exception as e:
    print(type(e).__module__, type(e).__name__, str(e).split(": ", 1)[1])
with open("_308_text.pt", "w") as f:
    f.write("hello world")
open("_308_empty.pt", "w").close()
for path in ("_308_text.pt", "_308_empty.pt"):
    for weights_only in (True, False):
        try:
            torch.load(path, weights_only=weights_only)
        except Exception as e:
            print(path, weights_only, type(e).__module__, type(e).__name__, e)
os.remove("_308_text.pt")
os.remove("_308_empty.pt")
torch.load("no_such_checkpoint.pt")
