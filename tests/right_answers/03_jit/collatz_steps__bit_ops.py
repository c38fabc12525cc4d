# Right: tests the lowest bit and shifts, carrying a dict
def collatz_steps(n):
    def body(c):
        odd = (c["n"] & 1) == 1
        return {"n": jnp.where(odd, 3 * c["n"] + 1, c["n"] >> 1), "k": c["k"] + 1}

    return jax.lax.while_loop(lambda c: c["n"] != 1, body, {"n": n, "k": jnp.zeros((), jnp.int32)})["k"]
