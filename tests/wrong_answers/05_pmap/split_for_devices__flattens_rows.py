# Wrong: reshapes to (n, -1), which flattens each block's rows and trailing axes together
def split_for_devices(x, n):
    if x.shape[0] % n != 0:
        raise ValueError(f"cannot split {x.shape[0]} rows into {n} blocks")
    return x.reshape(n, -1)
