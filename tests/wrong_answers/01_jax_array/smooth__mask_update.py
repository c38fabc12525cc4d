# Wrong: removes negatives with a boolean-mask .at[] update, which fails under jax.jit
# Says: boolean-mask
def smooth(signal):
    inner = (signal[:-2] + signal[1:-1] + signal[2:]) / 3
    out = signal.at[1:-1].set(inner)
    out = out.at[0].set(out[1])
    out = out.at[-1].set(out[-2])
    return out.at[out < 0].set(0.0)
