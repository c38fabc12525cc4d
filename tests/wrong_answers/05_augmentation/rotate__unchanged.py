# Wrong: returns the image unchanged, as float32
# Says: 90 degrees
def rotate(img, degrees):
    return img.astype(jnp.float32)
