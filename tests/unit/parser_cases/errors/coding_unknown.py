# -*- coding: bogus -*-
x = 1
