# Wrong: the loop itself (the jaxpr holds the body once per image)
# Says: jaxpr, equations, no Python loop
def brighten_batch(images, key):
    out = []
    for img in images:
        key, k_img = jax.random.split(key)
        shift = jax.random.randint(k_img, (), -40, 41)
        out.append(jnp.clip(img.astype(jnp.int32) + shift, 0, 255).astype(jnp.uint8))
    return jnp.stack(out)
