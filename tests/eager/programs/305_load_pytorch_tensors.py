# torch.load of files PyTorch 2.14 wrote (tests/eager/data/pytorch): every dtype, views sharing a storage, parameters, containers.
import warnings
import torch

data = "../data/pytorch/"
dtypes = torch.load(data + "dtypes.pt")
for name, t in dtypes.items():
    print(name, t, t.dtype, tuple(t.shape))
views = torch.load(data + "views.pt")
for name, t in views.items():
    print(name, tuple(t.shape), t.stride(), t.storage_offset(), t)
print(views["row"].data_ptr() == views["base"].data_ptr() + 16, views["own"].data_ptr() == views["base"].data_ptr())
views["base"][0, 2] = -1.0
print(views["column"], views["transposed"][2], views["own"][0, 2])
params = torch.load(data + "parameters.pt", weights_only=True)
for name, t in params.items():
    print(name, type(t).__name__, t.requires_grad, t)
containers = torch.load(data + "containers.pt")
for key, value in containers.items():  # an OrderedDict as its items: Python 3.12 changed its repr
    print(key, repr(list(value.items()) if key == "ordered" else value))
print(containers["shared"][0].data_ptr() == containers["shared"][1].data_ptr())
for name in ("protocol4", "protocol5"):  # pickle protocols 4 and 5 load with weights_only=False only
    mixed = torch.load(data + name + ".pt", weights_only=False)
    print(name, mixed["tensor"], mixed["param"], mixed["size"], mixed["dtype"], mixed["text"], dict(mixed["ordered"]))
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        try:
            torch.load(data + name + ".pt")
        except Exception as e:
            print(type(e).__name__, str(e).splitlines()[-3])
    print([(w.category.__name__, str(w.message)) for w in caught])
