if x:  # comment
    pass
