x = 1j
