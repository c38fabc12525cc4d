# Wrong: returns x unchanged (the right gradient, but no rounding)
# Says: clip, round
def fake_quantize(x, scale):
    return x
