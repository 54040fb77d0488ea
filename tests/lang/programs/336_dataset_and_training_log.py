# a training script's file I/O: write a CSV dataset, read and parse it back, log epochs to a file with print(file=...) and append mode, a binary checkpoint of packed ints, sys.stdout.buffer and an empty sys.stdin
import io
import os
import sys

DATA = "_336_dataset.csv"
LOG = "_336_train.log"
CKPT = "_336_weights.bin"

with open(DATA, "w", encoding="utf-8") as f:
    f.write("x,y,label\n")
    for i in range(8):
        f.write(f"{i},{i * i % 7},{'pos' if i % 3 else 'neg'}\n")

rows = []
with open(DATA, encoding="utf-8") as f:
    header = f.readline().strip().split(",")
    for line in f:
        x, y, label = line.rstrip("\n").split(",")
        rows.append((int(x), int(y), label))
print(header, len(rows), rows[:3])

weights = [0, 0]
with open(LOG, "w") as log:
    print("training on", len(rows), "rows", file=log)
    for epoch in range(3):
        loss = 0
        for x, y, label in rows:
            target = 1 if label == "pos" else -1
            guess = 1 if weights[0] * x + weights[1] * y >= 0 else -1
            if guess != target:
                weights[0] += target * x
                weights[1] += target * y
                loss += 1
        print(f"epoch {epoch}: loss={loss} weights={weights}", file=log)
with open(LOG, "a") as log:
    log.write("done\n")
with open(LOG) as log:
    sys.stdout.write(log.read())

with open(CKPT, "wb") as f:
    for w in weights:
        f.write(w.to_bytes(8, "little", signed=True))
with open(CKPT, "rb") as f:
    raw = f.read()
restored = [int.from_bytes(raw[i:i + 8], "little", signed=True) for i in range(0, len(raw), 8)]
print(len(raw), restored == weights, raw.hex(" ", 8))

report = io.StringIO()
for name in [DATA, LOG, CKPT]:
    print(name, os.path.getsize(name), file=report)
    os.remove(name)
sys.stdout.write(report.getvalue())
print([os.path.exists(n) for n in [DATA, LOG, CKPT]])
sys.stdout.flush()  # text waits in sys.stdout's own buffer; bytes must not overtake it
sys.stdout.buffer.write("résumé: ".encode() + bytes(str(len(rows)), "ascii") + b" rows\n")
sys.stdout.write("stdin: ")
print(repr(sys.stdin.read()), sys.stdin.name, sys.stdin.readable(), list(sys.stdin))
