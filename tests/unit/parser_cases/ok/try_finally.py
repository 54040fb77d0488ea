try:
    pass
finally:
    cleanup()
