# torch._logging.set_logs: log names take levels, artifacts bools; PyTorch's errors otherwise.
import torch, logging
torch._logging.set_logs(dynamo=logging.DEBUG, guards=True)
try:
    torch._logging.set_logs(guards=1)
except ValueError as e:
    print(e)
try:
    torch._logging.set_logs(dynamo=5)
except ValueError as e:
    print(e)
try:
    torch._logging.set_logs(bogus=True)
except (ValueError, TypeError) as e:
    print(type(e).__name__, e)
try:
    torch._logging.set_logs(modules={"nosuchmodule": logging.INFO})
except ValueError as e:
    print(e)
torch._logging.set_logs(all=logging.INFO, recompiles=True, modules={"torch.nn": logging.DEBUG})
torch._logging.set_logs()
print("ok")
