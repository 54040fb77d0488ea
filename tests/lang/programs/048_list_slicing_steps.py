# Exercises list slicing with start/stop/step, negative indices, out-of-range bounds and copies.
nums = list(range(10))
print(nums[2:5], nums[:3], nums[7:], nums[-3:], nums[:-7], nums[-5:-2])
print(nums[::3], nums[1::3], nums[::-1], nums[::-3], nums[8:2:-2], nums[-2:-8:-3])
print(nums[5:2], nums[20:], nums[-20:2], nums[3:3], nums[::100], nums[-1::-4])
print(nums[-1], nums[-10], nums[len(nums) - 1])
copy = nums[:]
copy[0] = 99
print(nums[0], copy[0], copy is nums, copy == nums)
matrix = [[r * 4 + c for c in range(4)] for r in range(4)]
print([row[1:3] for row in matrix[1:3]])
print([row[::-1] for row in matrix][::-1][0])
diagonal = [matrix[i][i] for i in range(4)]
anti = [matrix[i][-1 - i] for i in range(4)]
print(diagonal, anti)
window = 3
data = [4, 8, 15, 16, 23, 42]
print([sum(data[i:i + window]) for i in range(len(data) - window + 1)])
print([data[i:i + 2] for i in range(0, len(data), 2)])
evens, odds = data[::2], data[1::2]
print(evens, odds, [x for pair in zip(evens, odds) for x in pair])
t = tuple(nums)
print(t[1:4], t[::-2], type(t[1:2]).__name__)
