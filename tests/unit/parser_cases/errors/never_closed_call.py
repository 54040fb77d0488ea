foo(
