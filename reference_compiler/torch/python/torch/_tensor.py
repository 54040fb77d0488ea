"""torch._tensor for refc: _rebuild_from_type_v2, the function torch.save's
pickle of a tensor that carries Python attributes calls (its name is part
of the file format): the tensor is rebuilt, then given its attributes.
"""


def _rebuild_from_type_v2(func, new_type, args, state):
    ret = func(*args)
    if type(ret) is not new_type:
        ret = ret.as_subclass(new_type)
    if isinstance(state, tuple) and len(state) == 2:
        state, slots = state
        for name, value in (slots or {}).items():
            setattr(ret, name, value)
    for name, value in (state or {}).items():
        setattr(ret, name, value)
    return ret
