with a as (b, 1): pass
