y = """"quoted""""
