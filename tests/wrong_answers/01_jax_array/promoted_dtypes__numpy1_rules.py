# Wrong: uses NumPy 1 value-based casting, where a NumPy scalar plus a Python int gave int64
def promoted_dtypes():
    predicted = {
        "np.int8(32) + 4": None,
        "np.arange(3, dtype=np.int32) + 5.0": None,
        "np.int32(1) + np.float32(1)": None,
        "np.arange(3)": None,
        "jnp.int8(32) + 4": None,
        "jnp.arange(3, dtype=jnp.int32) + 5.0": None,
        "jnp.int32(1) + jnp.float32(1)": None,
        "jnp.arange(3)": None,
        "jnp.uint8(1) + jnp.int8(1)": None,
        "jnp.int32(1) + jnp.float16(1)": None,
        "jnp.bfloat16(1) + jnp.float16(1)": None,
    }
    predicted.update({
        "np.int8(32) + 4": np.int64,
        "np.arange(3, dtype=np.int32) + 5.0": np.float64,
        "np.int32(1) + np.float32(1)": np.float64,
        "np.arange(3)": np.int64,
        "jnp.int8(32) + 4": jnp.int8,
        "jnp.arange(3, dtype=jnp.int32) + 5.0": jnp.float32,
        "jnp.int32(1) + jnp.float32(1)": jnp.float32,
        "jnp.arange(3)": jnp.int32,
        "jnp.uint8(1) + jnp.int8(1)": jnp.int16,
        "jnp.int32(1) + jnp.float16(1)": jnp.float16,
        "jnp.bfloat16(1) + jnp.float16(1)": jnp.float32,
    })
    return predicted
