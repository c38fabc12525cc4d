# Right: sets both ends in one .at[] with index arrays and removes negatives by multiplying with the mask out >= 0
def smooth(signal):
    out = signal.at[1:-1].set((signal[:-2] + signal[1:-1] + signal[2:]) / 3)
    ends, neighbours = jnp.array([0, -1]), jnp.array([1, -2])
    out = out.at[ends].set(out[neighbours])
    return out * (out >= 0)
