try x:
