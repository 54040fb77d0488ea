# Exercises an uncaught AssertionError with a formatted message from an invariant check.
def transfer(balances, src, dst, amount):
    before = sum(balances.values())
    balances[src] -= amount
    balances[dst] += amount if amount < 50 else amount - 1
    after = sum(balances.values())
    assert before == after, f"money not conserved: {before} != {after}"
    print(f"moved {amount} from {src} to {dst}: {balances}")


accounts = {"a": 100, "b": 20}
transfer(accounts, "a", "b", 30)
transfer(accounts, "b", "a", 10)
transfer(accounts, "a", "b", 75)
