# Exercises sys.exit(0) from inside nested calls and a finally block that still runs; exit code 0, no stderr.
import sys


def step(n):
    print(f"step {n}")
    if n == 3:
        print("requesting clean exit")
        sys.exit(0)


def main():
    try:
        for n in range(1, 10):
            step(n)
    finally:
        print("finally runs during SystemExit")
    print("never printed")


if __name__ == "__main__":
    try:
        main()
    except SystemExit as exc:
        print("caught SystemExit with code", exc.code)
        raise
