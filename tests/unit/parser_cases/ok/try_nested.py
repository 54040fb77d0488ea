try:
    try:
        pass
    except A:
        raise B from None
except B as e:
    pass
