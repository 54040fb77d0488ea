def f(:
