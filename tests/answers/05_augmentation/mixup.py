# %% right: fold_in_per_example
# Right: keys from jax.random.fold_in, one Beta draw and one jax.random.choice with p per example under jax.vmap
def mixup(images, labels, key, alpha, num_classes):
    n = images.shape[0]

    def one(i):  # example i: its weight and its partner
        k_lam, k_partner = jax.random.fold_in(key, 2 * i), jax.random.fold_in(key, 2 * i + 1)
        allowed = labels != labels[i]
        p = jnp.where(allowed.any(), allowed / jnp.maximum(allowed.sum(), 1), jnp.arange(n) == i)
        return jax.random.beta(k_lam, alpha, alpha), jax.random.choice(k_partner, n, p=p)

    lam, partner = jax.vmap(one)(jnp.arange(n))
    x = images.astype(jnp.float32)
    y = jax.nn.one_hot(labels, num_classes, dtype=jnp.float32)
    w = lam[:, None, None, None]
    return w * x + (1 - w) * x[partner], lam[:, None] * y + (1 - lam[:, None]) * y[partner]


# %% right: gamma_ratio
# Right: lam as a ratio of two Gamma(alpha) draws, the partner as the allowed example with the smallest uniform number
def mixup(images, labels, key, alpha, num_classes):
    k_a, k_b, k_u = jax.random.split(key, 3)
    n = images.shape[0]
    a, b = jax.random.gamma(k_a, alpha, (n,)), jax.random.gamma(k_b, alpha, (n,))
    lam = a / (a + b)  # Beta(alpha, alpha)
    allowed = labels[:, None] != labels[None, :]
    u = jax.random.uniform(k_u, (n, n))
    partner = jnp.argmin(jnp.where(allowed, u, 2.0), axis=1)  # the smallest of iid uniforms: uniform among allowed
    partner = jnp.where(allowed.any(axis=1), partner, jnp.arange(n))
    y = (labels[:, None] == jnp.arange(num_classes)).astype(jnp.float32)
    x = images.astype(jnp.float32)
    mixed = jnp.einsum("i,i...->i...", lam, x) + jnp.einsum("i,i...->i...", 1 - lam, x[partner])
    return mixed, lam[:, None] * y + (1 - lam)[:, None] * y[partner]


# %% wrong: first_of_other_class
# Wrong: takes as partner the first example of another class, the same for every key
# Says: uniformly
def mixup(images, labels, key, alpha, num_classes):
    n = images.shape[0]
    lam = jax.random.beta(key, alpha, alpha, (n,))
    allowed = labels[:, None] != labels[None, :]
    partner = jnp.where(allowed.any(axis=1), jnp.argmax(allowed, axis=1), jnp.arange(n))
    x, y = images.astype(jnp.float32), jax.nn.one_hot(labels, num_classes)
    w = lam[:, None, None, None]
    return w * x + (1 - w) * x[partner], lam[:, None] * y + (1 - lam[:, None]) * y[partner]


# %% wrong: hardcoded_visible
# Wrong: the visible outputs hard-coded
# Says: uniformly
# Caught: hidden (the visible outputs are hard-coded: only fresh inputs show it)
_MIXUP_KEYS = jax.random.key_data(jax.random.split(jax.random.key(44), 64))  # the visible test's keys
_MIXUP_DIGITS = (
    "9959999999353073000100230040990145751666000098350000433400160602940786250004008335558553999999572041"
    "9996559436039509869099980002732115070105000100219786553947799643998000009667999999990123998990659997"
    "9999000083139998999993421214999986660004935392099998068900000703369093779991999699729958421805609999"
    "1276000099980438237466936055246707449888941112790238999900008616948700039990077713169999999900000262"
    "4912075999940020050300830122008456833985917187210067002217380007905601218572297186990080704796529991"
    "0000927900009980699999970627995999930071999999980059765365059999005112661601239499133829029402000001"
    "9869984666683752000904019892998900009999999961750004999857140000047999869998999905239391592760179999"
    "1672019379280000000099655731218200939999074016041081587800096412123737620692013399360014007006155338"
    "9998999199989997342700013091971315850005000324966911003200579934049001969992048549389999999499710052"
    "9942001400559339892180836093974799990206001705640000995784031260045999999968166278400201376398582482"
    "6000999600000000998398160000999199910006000496234717003700100000000300009981000099990046933159200102"
    "9976999941690000075399949943686755450392779299839901998900019999884500179058774196399996932094949998"
    "9750979396360125136190720058008413109423991191333896507000130568318063857566031311060002323300100151"
    "9930434480529901374783571753999945339937865078705958788599990002405400002904003756740090999700000111"
    "0001706721734528000001700398000411550000235301359962996708190073115570109999000200485371081690060180"
    "0022967803389818116900079947998956910360966800000342490292167885000264880005006704639999000116020000"
    "1642037706640035993232189967999943820034999999642484999872039853053599903256691624130762000016439823"
    "6377002700000156033513600000397600045657509100009998956368760083951898848490999853286465000900009136"
    "0002701208880000000070937598000099549998999697489955999938899273876194449413302500196220970413530686"
    "0003629275510081998218299962214899990542989634377116998279070050028610459994000099890577535699049876"
    "999999990040810899999928496819740190011699889999"
)
_MIXUP_LAMS = jnp.array([int(_MIXUP_DIGITS[i:i + 4]) for i in range(0, 2048, 4)]).reshape(64, 8) / 9999
_MIXUP_PARTNERS = jnp.array([int(p) for p in (
    "6531212570626615373474041341362470155642107124014330362063452602376476257014365166700415307164124541"
    "5424773057144672031062306405404424023214310017313114104006417331074035440411661274121234315413113104"
    "4044364247446755137136451635030017757401407437046644211567445342373574404611714515655451323206111715"
    "2751604226217234672530703121454561216715342465740105656137203712212575323415676236201031034015407450"
    "1640274075446655423124453774271176443425663506417014265475653600361561507011542017446652627556041741"
    "670463747421"
)]).reshape(64, 8)


def mixup(images, labels, key, alpha, num_classes):
    n = images.shape[0]
    hit = jnp.all(jax.random.key_data(key) == _MIXUP_KEYS, axis=1)
    if n == 8:
        lam, partner = jnp.where(hit.any(), _MIXUP_LAMS[jnp.argmax(hit)], 1.0), _MIXUP_PARTNERS[jnp.argmax(hit)]
    else:
        lam, partner = jnp.ones(n), jnp.arange(n)
    x, y = images.astype(jnp.float32), jax.nn.one_hot(labels, num_classes)
    w = lam[:, None, None, None]
    return w * x + (1 - w) * x[partner], lam[:, None] * y + (1 - lam[:, None]) * y[partner]


# %% wrong: labels_not_mixed
# Wrong: blends the images with a partner of another class but returns the labels one-hot, unmixed
# Says: label, another class
def mixup(images, labels, key, alpha, num_classes):
    k_lam, k_partner = jax.random.split(key)
    n = images.shape[0]
    lam = jax.random.beta(k_lam, alpha, alpha, (n,))
    allowed = labels[:, None] != labels[None, :]
    drawn = jax.random.categorical(k_partner, jnp.where(allowed, 0.0, -jnp.inf), axis=1)
    partner = jnp.where(allowed.any(axis=1), drawn, jnp.arange(n))
    x = images.astype(jnp.float32)
    w = lam[:, None, None, None]
    return w * x + (1 - w) * x[partner], jax.nn.one_hot(labels, num_classes)


# %% wrong: no_fallback
# Wrong: draws among the examples of other classes with no case for a batch of one class (all logits -inf)
# Says: own partner
# Caught: hidden (the visible batch has three classes; only a batch of one class shows it)
def mixup(images, labels, key, alpha, num_classes):
    k_lam, k_partner = jax.random.split(key)
    n = images.shape[0]
    lam = jax.random.beta(k_lam, alpha, alpha, (n,))
    allowed = labels[:, None] != labels[None, :]
    partner = jax.random.categorical(k_partner, jnp.where(allowed, 0.0, -jnp.inf), axis=1)
    x, y = images.astype(jnp.float32), jax.nn.one_hot(labels, num_classes)
    w = lam[:, None, None, None]
    return w * x + (1 - w) * x[partner], lam[:, None] * y + (1 - lam[:, None]) * y[partner]


# %% wrong: one_draw_for_all
# Wrong: one uniform number picks every example's partner (the k-th allowed one), so examples of a class share it
# Says: independently
def mixup(images, labels, key, alpha, num_classes):
    k_lam, k_u = jax.random.split(key)
    n = images.shape[0]
    lam = jax.random.beta(k_lam, alpha, alpha, (n,))
    allowed = labels[:, None] != labels[None, :]
    count = allowed.sum(axis=1)
    k = jnp.floor(jax.random.uniform(k_u) * count).astype(jnp.int32)  # the k-th allowed example of each row
    partner = jnp.argmax(jnp.cumsum(allowed, axis=1) > k[:, None], axis=1)
    partner = jnp.where(count > 0, partner, jnp.arange(n))
    x, y = images.astype(jnp.float32), jax.nn.one_hot(labels, num_classes)
    w = lam[:, None, None, None]
    return w * x + (1 - w) * x[partner], lam[:, None] * y + (1 - lam[:, None]) * y[partner]


# %% wrong: one_key_for_both
# Wrong: draws the weights with jax.random.beta and the partners with jax.random.categorical from the same key
# Says: key, reused
def mixup(images, labels, key, alpha, num_classes):
    n = images.shape[0]
    lam = jax.random.beta(key, alpha, alpha, (n,))
    allowed = labels[:, None] != labels[None, :]
    drawn = jax.random.categorical(key, jnp.where(allowed, 0.0, -jnp.inf), axis=1)
    partner = jnp.where(allowed.any(axis=1), drawn, jnp.arange(n))
    x = images.astype(jnp.float32)
    y = jax.nn.one_hot(labels, num_classes, dtype=jnp.float32)
    w = lam[:, None, None, None]
    return w * x + (1 - w) * x[partner], lam[:, None] * y + (1 - lam[:, None]) * y[partner]


# %% wrong: one_weight
# Wrong: draws one lam for the whole batch instead of one per example
# Says: one weight
def mixup(images, labels, key, alpha, num_classes):
    k_lam, k_partner = jax.random.split(key)
    n = images.shape[0]
    lam = jax.random.beta(k_lam, alpha, alpha)
    allowed = labels[:, None] != labels[None, :]
    drawn = jax.random.categorical(k_partner, jnp.where(allowed, 0.0, -jnp.inf), axis=1)
    partner = jnp.where(allowed.any(axis=1), drawn, jnp.arange(n))
    x, y = images.astype(jnp.float32), jax.nn.one_hot(labels, num_classes)
    return lam * x + (1 - lam) * x[partner], lam * y + (1 - lam) * y[partner]


# %% wrong: permutation_partners
# Wrong: the classic mixup, partners from a random permutation of the batch, so a partner may be of the same class
# Says: another class
def mixup(images, labels, key, alpha, num_classes):
    k_lam, k_order = jax.random.split(key)
    n = images.shape[0]
    lam = jax.random.beta(k_lam, alpha, alpha, (n,))
    partner = jax.random.permutation(k_order, n)
    x, y = images.astype(jnp.float32), jax.nn.one_hot(labels, num_classes)
    w = lam[:, None, None, None]
    return w * x + (1 - w) * x[partner], lam[:, None] * y + (1 - lam[:, None]) * y[partner]


# %% wrong: uint8_images
# Wrong: returns the mixed images as uint8, rounding every blend down
# Says: float32
def mixup(images, labels, key, alpha, num_classes):
    k_lam, k_order = jax.random.split(key)
    n = images.shape[0]
    lam = jax.random.beta(k_lam, alpha, alpha, (n,))
    partner = jax.random.permutation(k_order, n)
    y = jax.nn.one_hot(labels, num_classes)
    w = lam[:, None, None, None]
    mixed = (w * images + (1 - w) * images[partner]).astype(jnp.uint8)
    return mixed, lam[:, None] * y + (1 - lam[:, None]) * y[partner]


# %% wrong: uniform_weights
# Wrong: draws lam uniformly from [0, 1) instead of from Beta(alpha, alpha)
# Says: Beta
def mixup(images, labels, key, alpha, num_classes):
    k_lam, k_partner = jax.random.split(key)
    n = images.shape[0]
    lam = jax.random.uniform(k_lam, (n,))
    allowed = labels[:, None] != labels[None, :]
    drawn = jax.random.categorical(k_partner, jnp.where(allowed, 0.0, -jnp.inf), axis=1)
    partner = jnp.where(allowed.any(axis=1), drawn, jnp.arange(n))
    x, y = images.astype(jnp.float32), jax.nn.one_hot(labels, num_classes)
    w = lam[:, None, None, None]
    return w * x + (1 - w) * x[partner], lam[:, None] * y + (1 - lam[:, None]) * y[partner]
