x = "await async"
