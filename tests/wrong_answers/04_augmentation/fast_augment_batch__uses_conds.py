# Wrong: calls augment_batch, the vmapped cond pipeline: right images, but every branch runs on every image
def fast_augment_batch(images, key):
    return augment_batch(images, key)
