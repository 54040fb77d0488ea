"""torch.fx: the graphs torch.compile captures, as backends see them."""

from torch.fx.graph_module import GraphModule, Graph
