# Right: names the dtypes by NumPy's C-type aliases (np.byte, np.double, np.intp, np.single, np.short, np.half)
def promoted_dtypes():
    return {
        "np.int8(32) + 4": np.byte,
        "np.arange(3, dtype=np.int32) + 5.0": np.double,
        "np.int32(1) + np.float32(1)": np.double,
        "np.arange(3)": np.intp,
        "jnp.int8(32) + 4": np.byte,
        "jnp.arange(3, dtype=jnp.int32) + 5.0": np.single,
        "jnp.int32(1) + jnp.float32(1)": np.single,
        "jnp.arange(3)": np.intc,
        "jnp.uint8(1) + jnp.int8(1)": np.short,
        "jnp.int32(1) + jnp.float16(1)": np.half,
        "jnp.bfloat16(1) + jnp.float16(1)": np.single,
    }
