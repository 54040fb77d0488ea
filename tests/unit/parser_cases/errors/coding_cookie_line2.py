#!/usr/bin/env python
# vim: set fileencoding=utf8 :
x = "é" + (1 2)
