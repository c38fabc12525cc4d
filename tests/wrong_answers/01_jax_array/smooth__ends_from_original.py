# Wrong: the ends copy the original neighbours instead of the smoothed ones
# Says: smoothed neighbour
def smooth(signal):
    inner = (signal[:-2] + signal[1:-1] + signal[2:]) / 3
    out = signal.at[1:-1].set(inner)
    out = out.at[0].set(signal[1])
    out = out.at[-1].set(signal[-2])
    return jnp.maximum(out, 0.0)
