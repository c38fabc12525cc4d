# Wrong: no divisibility check, so an uneven batch fails inside reshape with a TypeError
def split_for_devices(x, n):
    return x.reshape(n, x.shape[0] // n, *x.shape[1:])
