# Wrong: the ValueError does not say B and n, as the statement requires
def split_for_devices(x, n):
    if x.shape[0] % n:
        raise ValueError("uneven split")
    return x.reshape(n, x.shape[0] // n, *x.shape[1:])
