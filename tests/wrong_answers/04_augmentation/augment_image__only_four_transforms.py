# Wrong: a random number of quarter turns and no flips, so only 4 of the 8 transforms can occur
def augment(img, key):
    k = jax.random.randint(key, (), 0, 4)
    return lax.switch(k, [lambda x, k=k: jnp.rot90(x, k) for k in range(4)], img)
