{a: b c}
