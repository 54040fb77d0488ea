x = '\U0010ffff\U000e0001'
