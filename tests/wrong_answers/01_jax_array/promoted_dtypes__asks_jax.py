# Wrong: asks JAX (jnp.result_type) instead of writing the promotion rules as code
# Says: plain Python
def promoted_dtypes(pairs):
    weak = {"int": int, "float": float}
    return [str(jnp.result_type(weak.get(a, a), weak.get(b, b))) for a, b in pairs]
