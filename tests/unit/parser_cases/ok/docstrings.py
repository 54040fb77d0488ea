"""Module doc."""
def f():
    """Function doc."""
class C:
    """Class doc.

    More."""
