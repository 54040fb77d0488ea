# coding: utf-8
x = "é" + é(1 2)
