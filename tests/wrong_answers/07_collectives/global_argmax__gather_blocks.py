# Wrong: gathers every block on every device and takes the argmax of the whole signal: it sends whole blocks
# Says: scalars only
def global_argmax(block):
    whole = lax.all_gather(block, "devices", tiled=True)
    return lax.pmin(jnp.argmax(whole).astype(jnp.int32), "devices")
