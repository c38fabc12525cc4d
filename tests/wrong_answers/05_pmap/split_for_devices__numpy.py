# Wrong: goes through NumPy, which copies the data to the host and returns a NumPy array
def split_for_devices(x, n):
    if x.shape[0] % n != 0:
        raise ValueError(f"cannot split {x.shape[0]} rows into {n} blocks")
    return np.reshape(np.asarray(x), (n, x.shape[0] // n, *x.shape[1:]))
