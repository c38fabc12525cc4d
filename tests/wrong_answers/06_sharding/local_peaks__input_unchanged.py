# Wrong: the signal itself, unchanged
# Says: boolean
def local_peaks(x):
    return x
