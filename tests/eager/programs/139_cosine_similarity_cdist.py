# cosine_similarity, pairwise_distance, cdist and normalize on small exact vectors.
import torch
import torch.nn.functional as F

a = torch.tensor([[1.0, 0.0], [3.0, 4.0], [1.0, 2.0]])
b = torch.tensor([[1.0, 1.0], [6.0, 7.0], [-1.0, -1.0]])
print(F.cosine_similarity(a, b))
print(F.cosine_similarity(a, b, dim=1))
print(F.pairwise_distance(a, b))
print(torch.cdist(a, b))
print(torch.cdist(a, b, p=1))
print(F.normalize(a, dim=1))
print(F.normalize(a, p=1, dim=0))
