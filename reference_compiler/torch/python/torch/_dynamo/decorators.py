"""Markers the tracer recognises in traced code."""


def graph_break(msg=""):
    """Traced: ends the graph here and resumes after it. Eager: does nothing."""


def skip_frame(msg=""):
    """Traced: runs the whole frame eagerly. Eager: does nothing."""
