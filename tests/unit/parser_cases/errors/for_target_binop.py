for a + 1 in y: pass
