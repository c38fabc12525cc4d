# Wrong: calls the single-device augment_batch, so nothing runs in parallel
def augment_data_parallel(images, key):
    return augment.augment_batch(images, key)
