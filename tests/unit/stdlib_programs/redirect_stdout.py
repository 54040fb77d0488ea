import contextlib, sys
class Capture:
    def __init__(self): self.parts = []
    def write(self, s): self.parts.append(s); return len(s)
    def flush(self): pass
cap = Capture()
with contextlib.redirect_stdout(cap):
    print("captured", 1)
    sys.stdout.write("direct\n")
print("back", cap.parts)
old = sys.stdout
sys.stdout = cap
print("via assignment")
sys.stdout = old
print(cap.parts[-2:])
