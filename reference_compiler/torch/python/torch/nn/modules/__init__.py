"""torch.nn.modules: every layer class, re-exported by torch.nn."""

from torch.nn.modules.module import Module
from torch.nn.modules.linear import Bilinear, Identity, Linear
from torch.nn.modules.conv import Conv1d, Conv2d, Conv3d
from torch.nn.modules.activation import (CELU, ELU, GELU, GLU, Hardshrink, Hardsigmoid, Hardswish, Hardtanh,
                                         LeakyReLU, LogSigmoid, LogSoftmax, Mish, PReLU, ReLU, ReLU6, RReLU, SELU,
                                         Sigmoid, SiLU, Softmax, Softmax2d, Softmin, Softplus, Softshrink, Softsign,
                                         Tanh, Tanhshrink, Threshold)
from torch.nn.modules.loss import (BCELoss, BCEWithLogitsLoss, CrossEntropyLoss, HuberLoss, KLDivLoss, L1Loss,
                                   MSELoss, NLLLoss, SmoothL1Loss)
from torch.nn.modules.container import ModuleDict, ModuleList, ParameterDict, ParameterList, Sequential
from torch.nn.modules.pooling import (AdaptiveAvgPool1d, AdaptiveAvgPool2d, AdaptiveAvgPool3d, AdaptiveMaxPool1d,
                                      AdaptiveMaxPool2d, AvgPool1d, AvgPool2d, AvgPool3d, MaxPool1d, MaxPool2d,
                                      MaxPool3d)
from torch.nn.modules.batchnorm import BatchNorm1d, BatchNorm2d, BatchNorm3d
from torch.nn.modules.instancenorm import InstanceNorm1d, InstanceNorm2d, InstanceNorm3d
from torch.nn.modules.normalization import GroupNorm, LayerNorm, RMSNorm
from torch.nn.modules.dropout import AlphaDropout, Dropout, Dropout1d, Dropout2d, Dropout3d
from torch.nn.modules.sparse import Embedding, EmbeddingBag
from torch.nn.modules.upsampling import Upsample, UpsamplingBilinear2d, UpsamplingNearest2d
from torch.nn.modules.flatten import Flatten, Unflatten
from torch.nn.modules.rnn import GRU, GRUCell, LSTM, LSTMCell, RNN, RNNBase, RNNCell, RNNCellBase

# Only the layer classes: `from torch.nn.modules import *` must not bind the
# submodules' names (torch.nn.utils is a package of its own, not modules.utils).
__all__ = [name for name, value in list(globals().items()) if isinstance(value, type)]
