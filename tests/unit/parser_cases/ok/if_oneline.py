if a: pass
if b: x = 1; y = 2
else: z = 3
