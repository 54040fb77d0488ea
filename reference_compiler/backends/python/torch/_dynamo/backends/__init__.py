"""torch._dynamo.backends: the compilers a captured graph can be given to."""
