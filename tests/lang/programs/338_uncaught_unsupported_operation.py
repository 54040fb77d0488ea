# reading a file opened for writing: an uncaught io.UnsupportedOperation (printed with its module) after a finally block removes the file
import os

NAME = "_338_scratch.txt"
log = open(NAME, "w")
try:
    log.write("written\n")
    print("wrote one line")
    print(log.read())
finally:
    log.close()
    os.remove(NAME)
    print("cleaned up", os.path.exists(NAME))
