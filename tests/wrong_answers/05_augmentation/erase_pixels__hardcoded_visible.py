# Wrong: the visible outputs hard-coded
# Says: same pixels
# Caught: hidden (the visible outputs are hard-coded: only fresh inputs show it)
_ERASE_KEYS = jax.random.key_data(jax.random.split(jax.random.key(45), 64))  # the visible test's keys
_ERASE_POSITIONS = jnp.array([ord(p) - ord("a") for p in (
    "fghikpqcdfhlptcghkmqtefjkmqrfijklmnacfhkmqcklnqrsafilopsaeikmpqbehiklpacfgkopadehiklafiknopcehmopqac"
    "mopqrbfklpqtbehknstdfjnprtgijopqsaceiorsaijklmnadhjlqtafghoprcghlnptadflprtcdgjkorbdemnrsehmopstcfhk"
    "lpsaefglorcehklnodginpqsadehpqrfikoqstchijkmqfkmqrstadfijlqbcflnstbfhijkmbdegjprabginosaefhnpqabcdfh"
    "qbefhimrakmnoqrbdjlpqsdfhjkorfhklmoqfijlmnsdjmoprsbchijkoabdeikqbdghoqteflmnosbghilqrahjmopradijklsb"
    "fgklmsafklnstacfklnocijklopbcdepqregjqrstbdfhinoagjmopraijkqstbehmqrtbfhklntbefjlrsfgjkqrtbcfloqsfgj"
    "klpqcehjklmdghjmpscefijprbcefoptafhilnqacdijosbfklmnqabdelotbgimnoqacfknstabdjkntaghiklrgijlmotcehij"
    "otbjmnprsadflmstbgjkmqscdhilmrefijmnrgjklmqraefgnprcdknopsacjlmoscdelqrsdhijnrtbdehorscdfjlpqagjlmrt"
    "hijoqstdfiloqtcdfoqrsbdkopqsbceflstehmpqrtabfhknraekmnordeikmntafgjknpaeklprtbcfghktaefknoqbiknpqtbf"
    "hmpqsbchlqrtafghinrcklnpqsajkloqtbefknpqbfijmoqbcdekqtacegjnrbdghkmqbcijkrtacdfiqtgjknqrtcegkmrtbclm"
    "pqrafgkpqrcgklopqjklmopsaglpqrsacdghlqbefhijtdefjnopcjklnpseijmpqsabefoqscdegilrafijqrsbcglprsbdfimo"
    "qeimoprsbegmprtcdgijlrceiknrtabcilmsbghilmsdghipqracfkmptbehmqrtdefhkoqcdlmnstabfgijlacdghnqcdfiknoc"
    "himpqtacijknobefijpqfgijmnpabdeklmdefglqshijnoqrcdhlqrsgijmnpqabchpqsabijmoscfhjortabefhltcdhilmsbgh"
    "lopsacefhpqabghilnacenoqsbehilrsbdghiopabfhnotcefgmotegjkmoqbefjlnqbcghkotadgjlpthijloqracghiosadjkm"
    "osbcjknosdghjknsejlmqrsabeikntbcdjkopbegkqrsaefloqscgjloptcgjnqrtachjkstghjlmqtdefkmnrdegmnopbfhnprt"
    "cghikntaefkmqtbdehqrtdgjkmnoabcehrsbdgiklsbfpqrstbfgopqtabcfknpacdfknsdgiklrsacgimrsbfjmortcdjknprbg"
    "lopqrabglorsbefgjqrcijklotabeijqrbeghklqcknprstadghoptclnoqrtcdgoprtbgilnpqacdhjktcdgijrsacfgknshijk"
    "pqsbcdejotefiklrtilmnpstbcghjrsbgjmnpqdfghlnpadeijkrbcgimprbdijoqrdhkmqrtbcijlmrklnoqstbklnostabfmpq"
    "sdgijknsbefjqrsadejnpsafijlptcfgjkmpeghiklmbefhmopadefginefiknqtbdijoqrabcdknsfghijnpaehklnqadelnptb"
    "cghlmseghjnpqbdefioqcgmnoptbeijlnochilmntgikmqrtaegjoqtehkloqtdfklmnsabhjpstehjkmorjknopqtabejmrsjkl"
    "moptbefgjlsegijnoqailnorsbdfnpstcdegilpcdehikmbcdgkpsabefgmqaeknoqtdfijlnrbciknqsabcdfksacdfjmnaghil"
    "orachoqrtbegiklmbegijrtcfgnorsahklpstefhklpqabfimopbenopqrblmprstefhklpsbdhlmopacehkmsbcfjmnsbfghlns"
    "efklorsacdiknqbdghjkncfgiopsaegikloaefjklraefknotcklmoqscdejmotacdfklmdehiklocdejknoachkqrsdilmpqscg"
    "jlnstceghjorbdefhnsbjlmpqtaehjlmnfgjkpqsdejlpqrabcgijrbjopqstbcdjlpracdhipqcghnprsacdlmnqbdglorteflm"
    "notagikmrtbijkoprhkmnoptdfhlprsbdeghpqcjloqstbijloqrcdgimrtcgnpqrtaceknpsabfkortcgnoprschijmnrcdfgrs"
    "tcikprstbchimqrbfhilmrcejmostbcfiopragjlmpqdfhjlntachnoqtdefjlstefghimsbceghlmbcekmpqbghjkoqahkloqre"
    "ghloqtbdefhqtbfgopqsdfghjosafgjkosehimopqacdgprscfijmopdfghjptabcjkmrceglpstbfhklnqabdfjnpbfinoptjkl"
    "mnoqcdgilmncdgikrsbdfgnopbcfjklnaeghilsabdhjmpabdfimscehijlsdeloprscdgiostbcgmoqtabehjmp"
)]).reshape(64, 6, 7)  # the 7 flat positions of each of the 6 visible images, one row per key


def erase_pixels(images, key, m):
    n, height, width, _ = images.shape
    hit = jnp.all(jax.random.key_data(key) == _ERASE_KEYS, axis=1)
    if images.shape == (6, 4, 5, 2) and m == 7:
        erased = jax.vmap(lambda p: jnp.zeros(20, bool).at[p].set(True))(_ERASE_POSITIONS[jnp.argmax(hit)]) & hit.any()
    else:
        erased = jnp.zeros((n, height * width), bool).at[:, :m].set(True)
    return jnp.where(erased.reshape(n, height, width, 1), jnp.zeros((), images.dtype), images)
