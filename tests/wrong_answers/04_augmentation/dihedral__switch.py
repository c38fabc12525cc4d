# Wrong: lax.switch over the 8 transforms; right values, but under vmap all 8 branches run on every image
def dihedral(img, t):
    def make(s):
        def branch(x):
            x = jnp.rot90(x) if s & 1 else x
            x = jnp.flip(x, axis=1) if s & 2 else x
            return jnp.flip(x, axis=0) if s & 4 else x
        return branch
    return lax.switch(t, [make(s) for s in range(8)], img)
