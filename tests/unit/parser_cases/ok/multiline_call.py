result = func(
    arg1,
    arg2,
    kw=value,
    *rest,
    **opts,
)
