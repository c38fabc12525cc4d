# Wrong: always the centre crop, whatever the key
# Says: offsets
def random_crop(img, key, size):
    r, c = (img.shape[0] - size) // 2, (img.shape[1] - size) // 2
    return img[r:r + size, c:c + size]
