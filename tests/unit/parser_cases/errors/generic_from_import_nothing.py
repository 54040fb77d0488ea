from a import
