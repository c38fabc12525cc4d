# Wrong: rounds the angle to the nearest quarter turn and uses jnp.rot90, as lesson 05 did
# Says: bilinear
def rotate(img, degrees):
    k = jnp.round(jnp.asarray(degrees) / 90).astype(jnp.int32) % 4
    turns = [lambda x, k=k: jnp.rot90(x, k, axes=(0, 1)) for k in range(4)]
    return lax.switch(k, turns, img.astype(jnp.float32))
