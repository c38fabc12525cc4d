# Wrong: the visible outputs hard-coded
# Says: list, tuple
# Caught: hidden (the visible outputs are hard-coded: only inputs the student never saw show it)
def newton_minimize(f, params0, steps):
    return {"w": jnp.float32([[0.34726041555404663, -0.868310809135437, 0.01950201392173767],
                              [0.5084723234176636, 0.38658350706100464, -0.46757763624191284]]),
            "b": jnp.float32(0.6782962083816528)}
