# Wrong: assumes JAX promotes like NumPy, with 64-bit defaults and float64 guesses for int meeting float
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
        "np.int8(32) + 4": "int8",
        "np.arange(3, dtype=np.int32) + 5.0": "float64",
        "np.int32(1) + np.float32(1)": "float64",
        "np.arange(3)": "int64",
        "jnp.int8(32) + 4": "int8",
        "jnp.arange(3, dtype=jnp.int32) + 5.0": "float64",
        "jnp.int32(1) + jnp.float32(1)": "float64",
        "jnp.arange(3)": "int64",
        "jnp.uint8(1) + jnp.int8(1)": "int16",
        "jnp.int32(1) + jnp.float16(1)": "float64",
        "jnp.bfloat16(1) + jnp.float16(1)": "float32",
    })
    return predicted
