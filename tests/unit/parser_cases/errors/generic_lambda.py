lambda x 1
