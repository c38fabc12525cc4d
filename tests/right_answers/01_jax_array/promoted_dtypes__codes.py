# Right: names the dtypes by np.dtype and jnp.dtype objects and type codes ("i1", "f8") instead of scalar types
def promoted_dtypes():
    predicted = {
        "np.int8(32) + 4": np.dtype("i1"),
        "np.arange(3, dtype=np.int32) + 5.0": np.dtype("f8"),
        "np.int32(1) + np.float32(1)": "f8",
        "np.arange(3)": "i8",
        "jnp.int8(32) + 4": "i1",
        "jnp.arange(3, dtype=jnp.int32) + 5.0": "f4",
        "jnp.int32(1) + jnp.float32(1)": jnp.dtype("float32"),
        "jnp.arange(3)": np.dtype(np.int32),
        "jnp.uint8(1) + jnp.int8(1)": "i2",
        "jnp.int32(1) + jnp.float16(1)": "f2",
        "jnp.bfloat16(1) + jnp.float16(1)": jnp.dtype("float32"),
    }
    return predicted
