# %% right: choice
# Right: jax.random.choice over the valid offsets, from two subkeys
def random_crop(img, key, size):
    k_row, k_col = jax.random.split(key)
    r = jax.random.choice(k_row, img.shape[0] - size + 1)
    c = jax.random.choice(k_col, img.shape[1] - size + 1)
    return lax.dynamic_slice(img, (r, c, 0), (size, size, img.shape[2]))


# %% right: gather
# Right: one randint of shape (2,) with per-axis bounds, then index arrays (a gather) instead of dynamic_slice
def random_crop(img, key, size):
    high = jnp.array([img.shape[0] - size + 1, img.shape[1] - size + 1])
    r, c = jax.random.randint(key, (2,), 0, high)
    return img[r + jnp.arange(size)[:, None], c + jnp.arange(size)[None, :]]


# %% right: uniform_floor
# Right: offsets from uniform floats, floor(u * count), with dynamic_slice_in_dim once per axis
def random_crop(img, key, size):
    k_row, k_col = jax.random.split(key)
    r = jnp.floor(jax.random.uniform(k_row) * (img.shape[0] - size + 1)).astype(jnp.int32)
    c = jnp.floor(jax.random.uniform(k_col) * (img.shape[1] - size + 1)).astype(jnp.int32)
    rows = lax.dynamic_slice_in_dim(img, r, size, axis=0)
    return lax.dynamic_slice_in_dim(rows, c, size, axis=1)


# %% wrong: center
# Wrong: always the centre crop, whatever the key
# Says: offsets
def random_crop(img, key, size):
    r, c = (img.shape[0] - size) // 2, (img.shape[1] - size) // 2
    return img[r:r + size, c:c + size]


# %% wrong: clamped_range
# Wrong: draws offsets over the whole image and lets dynamic_slice clamp them, so the last offset comes far too often
# Says: too often
def random_crop(img, key, size):
    k_row, k_col = jax.random.split(key)
    r = jax.random.randint(k_row, (), 0, img.shape[0])
    c = jax.random.randint(k_col, (), 0, img.shape[1])
    return lax.dynamic_slice(img, (r, c, 0), (size, size, img.shape[2]))


# %% wrong: hardcoded_visible
# Wrong: the visible outputs hard-coded
# Says: offsets
# Caught: hidden (the visible outputs are hard-coded: only fresh inputs show it)
_CROP_KEYS = jax.random.key_data(jax.random.split(jax.random.key(4), 1024))  # the visible test's keys
_CROP_OFFSETS = jnp.array([int(d) for d in (
    "4341442124123104440113133030104434431312304102014214433334044323042304413142312130100024332013342313"
    "2220041102301333242444224402124013234002044112230024142404242210020411023031341102133124134144214324"
    "2114203443342443401311013003441312004100334202141104031320234203020431024242044004030213422121310330"
    "3334004202030331033334124403124422443110221401134223112232324301313041142314344401322412140100202200"
    "4213204132004030114243044223223041402233113024334121241440241242220031201243303312000124121304200323"
    "2214100240113034041040424143044140113444213323214241001413411111430420222314332131403044244221210211"
    "3324120012243024242243222310004033424044431433441230131233002332100023044400011302340442024333320232"
    "3402341144302311014120110013123214203031443201003440243011204242240440123322022000341432113441440214"
    "0022001430433111313144440131010044210400042412240423310003142411444410103232334300311124224023420301"
    "1321302010331201003004414144301210041344343402310314042301233043440210024301143132220021014221003410"
    "0414044304240040120201300121243303330312404043134200211312301432400304330103310233114222334310402040"
    "0221144100232123043132222320131040442242400334244304001021433044123101323033001230220014343331413124"
    "4422332123234123112434341200231013004040240113011022430423202102010021431014433030343430421421110221"
    "3333202030410004001010413321111024414311303031014242400104224101124341444200433413000300203404422231"
    "0322431104434111401301232324322003403041344222424240133233430423214303343300411010402114140024303440"
    "1232001343311431043423021121430031014341133331234033334243330431244033442410324200240033414102013212"
    "4434341203403024130401033223340101032141114410233110000000441123144141242222412024220033440014423440"
    "0024242411131102242231212013033022401440101201004124210342023413330223403130404030443213032340340130"
    "2030100330124121443334234241124022021344432132002002030220310113024110000132203221042214414324200312"
    "3334102423221040323230340024231340414200304003210112444131202203430304200241234221133202123034202324"
    "201424012123141112411322414321401330420133432200"
)]).reshape(1024, 2)  # the offsets (r, c) the visible test saw, one row per key


def random_crop(img, key, size):
    hit = jnp.all(jax.random.key_data(key) == _CROP_KEYS, axis=1)
    r, c = jnp.where(hit.any(), _CROP_OFFSETS[jnp.argmax(hit)], 0)
    return lax.dynamic_slice(img, (r, c, 0), (size, size, img.shape[2]))


# %% wrong: maxval_excluded
# Wrong: randint's maxval is exclusive, so maxval = height - size never reaches the last offset
# Says: offsets, 0 to 4
def random_crop(img, key, size):
    k_row, k_col = jax.random.split(key)
    r = jax.random.randint(k_row, (), 0, img.shape[0] - size)
    c = jax.random.randint(k_col, (), 0, img.shape[1] - size)
    return lax.dynamic_slice(img, (r, c, 0), (size, size, img.shape[2]))


# %% wrong: maxval_past_last
# Wrong: randint maxval one too large (height - size + 2): dynamic_slice clamps the overrun onto the last offset
# Says: too often
def random_crop(img, key, size):
    k_row, k_col = jax.random.split(key)
    r = jax.random.randint(k_row, (), 0, img.shape[0] - size + 2)
    c = jax.random.randint(k_col, (), 0, img.shape[1] - size + 2)
    return lax.dynamic_slice(img, (r, c, 0), (size, size, img.shape[2]))


# %% wrong: one_hot_matmul
# Wrong: selects the window with one-hot matrix products, which computes with every pixel (and rounds through floats)
# Says: pixel values, only moves
def random_crop(img, key, size):
    k_row, k_col = jax.random.split(key)
    r = jax.random.randint(k_row, (), 0, img.shape[0] - size + 1)
    c = jax.random.randint(k_col, (), 0, img.shape[1] - size + 1)
    rows = jax.nn.one_hot(r + jnp.arange(size), img.shape[0])
    cols = jax.nn.one_hot(c + jnp.arange(size), img.shape[1])
    out = jnp.einsum("ih,hwc,jw->ijc", rows, img.astype(jnp.float32), cols)
    return out.astype(img.dtype)


# %% wrong: one_key_for_both
# Wrong: draws the row and the column offset from the same key, so on a square image r == c always
# Says: r == c, subkey
def random_crop(img, key, size):
    r = jax.random.randint(key, (), 0, img.shape[0] - size + 1)
    c = jax.random.randint(key, (), 0, img.shape[1] - size + 1)
    return lax.dynamic_slice(img, (r, c, 0), (size, size, img.shape[2]))


# %% wrong: parent_and_child
# Wrong: r drawn with the parent key itself and c with a piece split from it (a key used twice)
# Says: key, twice
# Caught: hidden (the visible cell checks the offsets' counts, which look right)
def random_crop(img, key, size):
    r = jax.random.randint(key, (), 0, img.shape[0] - size + 1)
    c = jax.random.randint(jax.random.split(key)[0], (), 0, img.shape[1] - size + 1)
    return lax.dynamic_slice(img, (r, c, 0), (size, size, img.shape[2]))


# %% wrong: python_slice
# Wrong: cuts the window with a Python slice at traced offsets (works eagerly, fails under jax.jit)
# Says: jit
def random_crop(img, key, size):
    k_row, k_col = jax.random.split(key)
    r = jax.random.randint(k_row, (), 0, img.shape[0] - size + 1)
    c = jax.random.randint(k_col, (), 0, img.shape[1] - size + 1)
    return img[r:r + size, c:c + size]
