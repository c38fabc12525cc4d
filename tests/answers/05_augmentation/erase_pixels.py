# %% right: argsort_uniform
# Right: ranks uniform numbers (argsort of argsort) and erases the counts[k] positions of lowest rank, all at once
def erase_pixels(images, key, counts):
    n, height, width, _ = images.shape
    u = jax.random.uniform(key, (n, height * width))
    rank = jnp.argsort(jnp.argsort(u, axis=1), axis=1)  # a random order of the positions of each image
    erased = (rank < counts[:, None]).reshape(n, height, width, 1)
    return jnp.where(erased, 0, images).astype(images.dtype)


# %% right: sequential_draws
# Right: draws the positions one at a time in a fori_loop over all height * width steps, each among those left
def erase_pixels(images, key, counts):
    n, height, width, _ = images.shape
    size = height * width

    def erase(img, k, count):
        def step(t, carry):
            erased, k = carry
            k, pick = jax.random.split(k)
            logits = jnp.where(erased, -jnp.inf, 0.0)  # only positions not erased yet
            p = jax.random.categorical(pick, logits)
            return erased.at[p].set(t < count), k

        erased, _ = lax.fori_loop(0, size, step, (jnp.zeros(size, bool), k))
        return jnp.where(erased.reshape(height, width, 1), jnp.zeros((), img.dtype), img)

    return jax.vmap(erase)(images, jax.random.split(key, n), counts)


# %% wrong: coins
# Wrong: erases each pixel with probability counts[k] / (height * width): image k loses counts[k] only on average
# Says: exactly, different
def erase_pixels(images, key, counts):
    n, height, width, _ = images.shape
    p = (counts / (height * width))[:, None, None, None]
    coins = jax.random.bernoulli(key, p, (n, height, width, 1))
    return jnp.where(coins, jnp.uint8(0), images)


# %% wrong: hardcoded_visible
# Wrong: the visible outputs hard-coded
# Says: erase exactly
# Caught: hidden (the visible outputs are hard-coded: only fresh inputs show it)
_ERASE_KEYS = jax.random.key_data(jax.random.split(jax.random.key(45), 64))  # the visible test's keys
_ERASE_MASKS = "".join([
    "07a1800000fffff0420404fc0a56bd2034e00000fffff09010a62309bf1984a7000000fffff04110492439767502c3a00000"
    "fffff0050187034e39759411500000fffff0109025312eeb342936000000fffff0480221e88ac3cf94d0800000fffff40410"
    "c2862bd87af500800000fffff40410156240f7e904dc200000fffff10808530298ede64390c00000fffff0420284343a7f64"
    "20f3000000fffff40060824b4b9e0f4908d00000fffff004096412a0ff992978000000fffff4400185948fde22443c800000"
    "fffff84002d0641d3f5402da100000fffff140014268a33dcd0ccc400000fffff10060a05a27e92e11c4500000fffff00484"
    "01c2b1e9f93402e00000fffff08009c5244ec6ec18ac100000fffff402018c268c1afb4509a00000fffff2011080729dce78"
    "44ca800000fffff4020860e05f5c4b0264d00000fffff8400422338247f78211e00000fffff00070207520eddecc02a00000"
    "fffff00016548a82bcbe4a09500000fffff80802439821bdbca429100000fffff10042c6d00b7c7834a6000000fffff04410"
    "06cd0dafc21e10a00000fffff020c0e101ac4efa2542500000fffff40120ad018e3df0a806a00000fffff040212e0a1ceeac"
    "4c54800000fffff00d00a38229c7ae6066200000fffff00a4070630de62e8c12a00000fffff01201035891c6f71a0f000000"
    "fffff840015900d937e3e900600000fffff40018e4250be37212b0600000fffff300044213cf61b64e40c00000fffff02208"
    "20257bf8392016d00000fffff2120032c06a7b5601e1a00000fffff0088263406567dc1715000000fffff004241128de5dac"
    "0036b00000fffff102404c40e9af7284d1100000fffff0c0109e8403ce5b50c2c00000fffff8014098151673b30b45800000"
    "fffff00d00219c126bcf8a42900000fffff40401096a4a86fbc848600000fffff0082880966752f33a91000000fffff88080"
    "882693cf4d60a4a00000fffff01804a102dcabea4ac0500000fffff05008c48b07c27d4019700000fffff28002644c24fbc6"
    "0c32600000fffff048028ab20bcf268c26100000fffff9020019b2038f67a120e00000fffff204205d0425379b895c000000"
    "fffff80c004043bf3574b181800000fffff101040c1e1b6ea540e3400000fffff120082052bd9d6c3288500000fffff80220"
    "2207673cd63600700000fffff40104284a374abd8259800000fffff101020f8827b1a76829800000fffff021205d0094747f"
    "1742200000fffff9001024cb07fc19e068400000fffff1404044871587ee329c000000fffff007008b902f96d4d488200000"
    "fffff10022620a9dd4f2"
])  # the pixels the visible test saw erased: 120 bits (6 images of 4 x 5) per key, as 30 hex digits
_ERASED = jnp.array([[int(d, 16) >> s & 1 for d in _ERASE_MASKS[30 * r:30 * r + 30] for s in (3, 2, 1, 0)]
                     for r in range(64)], bool).reshape(64, 6, 4, 5, 1)


def erase_pixels(images, key, counts):
    hit = jnp.all(jax.random.key_data(key) == _ERASE_KEYS, axis=1)
    if images.shape != (6, 4, 5, 2):
        return images
    erased = _ERASED[jnp.argmax(hit)] & hit.any()
    return jnp.where(erased, jnp.zeros((), images.dtype), images)


# %% wrong: largest_count_choice
# Wrong: draws counts.max() positions for every image (choice without replacement) and erases all of them
# Says: jax.jit, counts traced
def erase_pixels(images, key, counts):
    n, height, width, _ = images.shape
    most = int(counts.max())  # the largest count sets the number of draws

    def erase(img, k):
        chosen = jax.random.choice(k, height * width, (most,), replace=False)
        erased = jnp.zeros(height * width, bool).at[chosen].set(True).reshape(height, width)
        return jnp.where(erased[:, :, None], jnp.uint8(0), img)

    return jax.vmap(erase)(images, jax.random.split(key, n))


# %% wrong: one_key_for_batch
# Wrong: draws one random order of the positions with the key and uses it in every image of the batch
# Says: same pixels
def erase_pixels(images, key, counts):
    n, height, width, _ = images.shape
    place = jnp.argsort(jax.random.permutation(key, height * width))  # each position's place in the order
    erased = (place[None, :] < counts[:, None]).reshape(n, height, width, 1)
    return jnp.where(erased, jnp.uint8(0), images)


# %% wrong: per_channel
# Wrong: erases counts[k] positions in every channel on its own, so a pixel may lose one channel and keep another
# Says: all channels
def erase_pixels(images, key, counts):
    n, height, width, channels = images.shape

    def erase_plane(plane, k, count):  # one channel of one image
        order = jax.random.permutation(k, height * width)
        erased = jnp.zeros(height * width, bool).at[order].set(jnp.arange(height * width) < count)
        return jnp.where(erased.reshape(height, width), jnp.uint8(0), plane)

    keys = jax.random.split(key, (n, channels))
    per_image = jax.vmap(erase_plane, in_axes=(2, 0, None), out_axes=2)
    return jax.vmap(per_image)(images, keys, counts)


# %% wrong: randint_positions
# Wrong: draws height * width positions with jax.random.randint and erases the first counts[k]: they may repeat
# Says: exactly, different
def erase_pixels(images, key, counts):
    n, height, width, _ = images.shape

    def erase(img, k, count):
        drawn = jax.random.randint(k, (height * width,), 0, height * width)
        erased = jnp.zeros(height * width, bool).at[drawn].max(jnp.arange(height * width) < count)
        return jnp.where(erased.reshape(height, width, 1), jnp.uint8(0), img)

    return jax.vmap(erase)(images, jax.random.split(key, n), counts)


# %% wrong: run_of_neighbours
# Wrong: erases a run of counts[k] neighbouring positions from a random start: every position as often, few sets
# Says: never go together
def erase_pixels(images, key, counts):
    n, height, width, _ = images.shape

    def erase(img, k, count):
        start = jax.random.randint(k, (), 0, height * width)
        erased = ((jnp.arange(height * width) - start) % (height * width) < count).reshape(height, width)
        return jnp.where(erased[:, :, None], jnp.zeros((), images.dtype), img)

    return jax.vmap(erase)(images, jax.random.split(key, n), counts)


# %% wrong: static_choice
# Wrong: jax.random.choice(replace=False) with counts[k] draws: a traced count cannot set a shape under jax.jit
# Says: jax.jit, counts traced
def erase_pixels(images, key, counts):
    n, height, width, _ = images.shape

    def erase(img, k, count):
        chosen = jax.random.choice(k, height * width, (int(count),), replace=False)
        erased = jnp.zeros(height * width, bool).at[chosen].set(True).reshape(height, width)
        return jnp.where(erased[:, :, None], jnp.uint8(0), img)

    return jnp.stack([erase(images[i], k, counts[i]) for i, k in enumerate(jax.random.split(key, n))])
