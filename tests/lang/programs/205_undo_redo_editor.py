# Exercises the command pattern with undo/redo stacks over a text buffer, command classes and history listing.
class Insert:
    def __init__(self, pos, text):
        self.pos, self.text = pos, text

    def apply(self, buf):
        return buf[:self.pos] + self.text + buf[self.pos:]

    def revert(self, buf):
        return buf[:self.pos] + buf[self.pos + len(self.text):]

    def __repr__(self):
        return f"Insert({self.pos}, {self.text!r})"


class Delete:
    def __init__(self, pos, length):
        self.pos, self.length = pos, length
        self.removed = ""

    def apply(self, buf):
        self.removed = buf[self.pos:self.pos + self.length]
        return buf[:self.pos] + buf[self.pos + self.length:]

    def revert(self, buf):
        return buf[:self.pos] + self.removed + buf[self.pos:]

    def __repr__(self):
        return f"Delete({self.pos}, {self.length})"


class Editor:
    def __init__(self):
        self.buffer = ""
        self.undo_stack, self.redo_stack = [], []

    def run(self, cmd):
        self.buffer = cmd.apply(self.buffer)
        self.undo_stack.append(cmd)
        self.redo_stack.clear()

    def undo(self):
        if not self.undo_stack:
            return False
        cmd = self.undo_stack.pop()
        self.buffer = cmd.revert(self.buffer)
        self.redo_stack.append(cmd)
        return True

    def redo(self):
        if not self.redo_stack:
            return False
        cmd = self.redo_stack.pop()
        self.buffer = cmd.apply(self.buffer)
        self.undo_stack.append(cmd)
        return True


ed = Editor()
for cmd in [Insert(0, "hello"), Insert(5, " world"), Delete(0, 1), Insert(0, "J")]:
    ed.run(cmd)
    print(f"{cmd!r:<22} -> {ed.buffer!r}")
print(ed.undo(), repr(ed.buffer), ed.undo(), repr(ed.buffer))
print(ed.redo(), repr(ed.buffer))
ed.run(Insert(len(ed.buffer), "!"))
print(repr(ed.buffer), ed.redo(), ed.undo_stack, ed.redo_stack)
while ed.undo():
    pass
print(repr(ed.buffer), len(ed.redo_stack), ed.undo())
