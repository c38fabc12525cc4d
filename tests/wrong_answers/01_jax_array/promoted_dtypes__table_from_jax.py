# Wrong: a lookup table filled in at the cell's top level by asking JAX (jnp.result_type), outside the function
# Says: plain Python
NAMES = ["bool", "uint8", "uint16", "uint32", "int8", "int16", "int32", "bfloat16", "float16", "float32"]
NAMES += ["int", "float"]
AS_JAX = {"int": int, "float": float}
TABLE = {(a, b): str(jnp.result_type(AS_JAX.get(a, a), AS_JAX.get(b, b))) for a in NAMES for b in NAMES}


def promoted_dtypes(pairs):
    return [TABLE[a, b] for a, b in pairs]
