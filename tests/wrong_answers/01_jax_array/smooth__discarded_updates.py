# Wrong: treats .at[] like in-place assignment and throws its results away, so the input comes back
# Says: returns a new array
def smooth(signal):
    inner = (signal[:-2] + signal[1:-1] + signal[2:]) / 3
    signal.at[1:-1].set(inner)
    signal.at[0].set(signal[1])
    signal.at[-1].set(signal[-2])
    return jnp.maximum(signal, 0.0)
