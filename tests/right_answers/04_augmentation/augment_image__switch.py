# Right: combines the three coins into t = rot + 2*lr + 4*ud and applies one of 8 branches with lax.switch
def augment(img, key):
    coins = [jax.random.bernoulli(k).astype(jnp.int32) for k in jax.random.split(key, 3)]
    t = coins[0] + 2 * coins[1] + 4 * coins[2]

    def branch(s):
        def apply(x):
            x = jnp.rot90(x) if s & 1 else x
            x = x[:, ::-1] if s & 2 else x
            return x[::-1] if s & 4 else x

        return apply

    return lax.switch(t, [branch(s) for s in range(8)], img)
