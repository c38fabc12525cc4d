# Wrong: blends whole rotated/flipped images with arithmetic on a float copy of the image, then casts back
def dihedral(img, t):
    x = img.astype(jnp.float32)
    rot, lr, ud = t % 2, (t // 2) % 2, t // 4
    x = rot * jnp.rot90(x) + (1 - rot) * x
    x = lr * jnp.flip(x, axis=1) + (1 - lr) * x
    x = ud * jnp.flip(x, axis=0) + (1 - ud) * x
    return x.astype(jnp.uint8)
