# Exercises raise SystemExit(4) with a finally block that prints: exit status 4 and an empty stderr.
def run(jobs):
    done = 0
    try:
        for job in jobs:
            if job == "fatal":
                print("fatal job encountered")
                raise SystemExit(4)
            done += 1
            print("ran", job)
    finally:
        print(f"finally: {done} job(s) completed")


run(["a", "b", "fatal", "c"])
print("not reached")
