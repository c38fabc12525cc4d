# Right: reshape(n, -1, *rest) with the check written as divmod and a message naming B and n
def split_for_devices(x, n):
    per_device, rest = divmod(x.shape[0], n)
    if rest:
        raise ValueError(f"B={x.shape[0]} is not a multiple of n={n}")
    return x.reshape(n, -1, *x.shape[1:])
