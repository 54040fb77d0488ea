# Exercises a retry helper with exponential backoff bookkeeping, exception filtering and a final failure report.
class TransientError(Exception):
    pass


class PermanentError(Exception):
    pass


def make_flaky(script):
    calls = {"n": 0}

    def op():
        outcome = script[min(calls["n"], len(script) - 1)]
        calls["n"] += 1
        if outcome == "T":
            raise TransientError(f"transient failure #{calls['n']}")
        if outcome == "P":
            raise PermanentError("permanent failure")
        return f"ok after {calls['n']} call(s)"
    return op


def retry(op, attempts=4, base_delay=0.5, factor=2.0):
    delays = []
    last = None
    for attempt in range(attempts):
        try:
            return op(), delays
        except TransientError as exc:
            last = exc
            delay = base_delay * factor ** attempt
            delays.append(delay)
        except PermanentError:
            delays.append("abort")
            raise
    raise RuntimeError(f"gave up after {attempts} attempts") from last


scripts = {"S": "S", "TTS": "TTS", "TTTTS": "TTTTS", "TP": "TP"}
for name, script in scripts.items():
    try:
        result, delays = retry(make_flaky(script))
        print(f"{name:<6} {result} delays={delays} total_wait={sum(delays)}")
    except RuntimeError as exc:
        print(f"{name:<6} RuntimeError: {exc} (cause: {exc.__cause__})")
    except PermanentError as exc:
        print(f"{name:<6} PermanentError: {exc}")
