"""torch.special: the special functions under their scipy-style names. In
PyTorch each special_<name> op is a composite that calls the torch function
computing it (special_expit calls sigmoid, special_gammaln lgamma), so here
each name is that function."""

import torch._C as _C

digamma = _C.digamma
erf = _C.erf
erfc = _C.erfc
erfinv = _C.erfinv
exp2 = _C.exp2
expit = _C.sigmoid
expm1 = _C.expm1
gammaln = _C.lgamma
log1p = _C.log1p
log_softmax = _C.log_softmax
logit = _C.logit
logsumexp = _C.logsumexp
polygamma = _C.polygamma
psi = _C.digamma
round = _C.round
sinc = _C.sinc
softmax = _C.softmax
xlogy = _C.xlogy
