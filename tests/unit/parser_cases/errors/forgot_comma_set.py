{a b}
