"""torch.utils.hooks: RemovableHandle, the object every register_*_hook
returns; remove() takes the hook out of the dict it was registered in.

PyTorch holds the dicts through weak references; refc has no weakref, so a
handle keeps its dicts alive, which changes nothing a program can observe.
"""


class RemovableHandle:
    """A handle which provides the capability to remove a hook."""

    next_id = 0

    def __init__(self, hooks_dict, *, extra_dict=None):
        self.hooks_dict_ref = hooks_dict
        self.id = RemovableHandle.next_id
        RemovableHandle.next_id += 1
        if isinstance(extra_dict, dict):
            self.extra_dict_ref = (extra_dict,)
        elif isinstance(extra_dict, list):
            self.extra_dict_ref = tuple(extra_dict)
        else:
            self.extra_dict_ref = ()

    def remove(self):
        if self.id in self.hooks_dict_ref:
            del self.hooks_dict_ref[self.id]
        for extra_dict in self.extra_dict_ref:
            if self.id in extra_dict:
                del extra_dict[self.id]

    def __enter__(self):
        return self

    def __exit__(self, type, value, tb):
        self.remove()
