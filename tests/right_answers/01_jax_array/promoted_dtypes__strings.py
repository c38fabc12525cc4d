# Right: names every dtype by a string (and builds the dict in one literal) instead of np/jnp scalar types
def promoted_dtypes():
    predicted = {
        "np.int8(32) + 4": "int8",
        "np.arange(3, dtype=np.int32) + 5.0": "float64",
        "np.int32(1) + np.float32(1)": "float64",
        "np.arange(3)": "int64",
        "jnp.int8(32) + 4": "int8",
        "jnp.arange(3, dtype=jnp.int32) + 5.0": "float32",
        "jnp.int32(1) + jnp.float32(1)": "float32",
        "jnp.arange(3)": "int32",
        "jnp.uint8(1) + jnp.int8(1)": "int16",
        "jnp.int32(1) + jnp.float16(1)": "float16",
        "jnp.bfloat16(1) + jnp.float16(1)": "float32",
    }
    return predicted
