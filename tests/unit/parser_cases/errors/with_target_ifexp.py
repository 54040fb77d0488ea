with a as b if c else d: pass
