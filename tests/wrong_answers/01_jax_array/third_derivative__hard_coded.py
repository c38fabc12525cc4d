# Wrong: hard-codes the value 6 from the cubic example instead of differentiating f
def third_derivative(f):
    return lambda x: 6.0
