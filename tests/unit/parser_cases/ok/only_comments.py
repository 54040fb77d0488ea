# just a comment
# another
