try:
    a()
except ValueError:
    b()
except (TypeError, KeyError) as e:
    c(e)
except Exception as err:
    raise
else:
    d()
finally:
    e()
