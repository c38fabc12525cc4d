# Right: vectorised by hand as one grouped convolution (feature_group_count=b), one channel and kernel per signal
def batched_convolve(xs, ws):
    b = xs.shape[0]
    out = jax.lax.conv_general_dilated(xs[None], ws[:, None, ::-1], window_strides=(1,), padding="VALID",
                                       feature_group_count=b, preferred_element_type=jnp.result_type(xs, ws))
    return out[0]
