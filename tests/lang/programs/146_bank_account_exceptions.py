# Exercises a bank with custom exception hierarchy, try/except/else/finally per transaction and an audit trail.
class BankError(Exception):
    pass


class InsufficientFunds(BankError):
    def __init__(self, account, amount):
        self.account = account
        self.amount = amount
        super().__init__(f"account {account.number} has {account.balance:.2f}, needs {amount:.2f}")


class AccountFrozen(BankError):
    pass


class Account:
    def __init__(self, number, owner, balance=0.0):
        self.number, self.owner, self.balance = number, owner, balance
        self.frozen = False

    def deposit(self, amount):
        if amount <= 0:
            raise ValueError(f"deposit must be positive, got {amount}")
        self.balance += amount

    def withdraw(self, amount):
        if self.frozen:
            raise AccountFrozen(f"account {self.number} is frozen")
        if amount > self.balance:
            raise InsufficientFunds(self, amount)
        self.balance -= amount


class Bank:
    def __init__(self):
        self.accounts = {}
        self.audit = []

    def open(self, owner, balance=0.0):
        number = 1000 + len(self.accounts)
        self.accounts[number] = Account(number, owner, balance)
        return number

    def transfer(self, src, dst, amount):
        try:
            a, b = self.accounts[src], self.accounts[dst]
            a.withdraw(amount)
            b.deposit(amount)
        except KeyError as exc:
            self.audit.append(f"FAIL unknown account {exc}")
        except BankError as exc:
            self.audit.append(f"FAIL {type(exc).__name__}: {exc}")
        except ValueError as exc:
            self.audit.append(f"FAIL bad amount: {exc}")
        else:
            self.audit.append(f"OK {src}->{dst} {amount:.2f}")
        finally:
            self.audit.append(f"  balances: {self.balances()}")

    def balances(self):
        return {n: round(a.balance, 2) for n, a in self.accounts.items()}


bank = Bank()
alice = bank.open("alice", 100.0)
bob = bank.open("bob", 20.0)
bank.transfer(alice, bob, 30.0)
bank.transfer(bob, alice, 75.5)
bank.transfer(alice, 9999, 1.0)
bank.accounts[bob].frozen = True
bank.transfer(bob, alice, 1.0)
bank.accounts[bob].frozen = False
bank.transfer(bob, alice, 0.0)
bank.transfer(bob, alice, 50.0)
print("\n".join(bank.audit))
try:
    bank.accounts[alice].withdraw(1_000_000)
except BankError as exc:
    print(type(exc).__name__, exc.amount, isinstance(exc, Exception), exc.account.owner)
