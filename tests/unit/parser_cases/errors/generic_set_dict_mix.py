{a, b: c}
