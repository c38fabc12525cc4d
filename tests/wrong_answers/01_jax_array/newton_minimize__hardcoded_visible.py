# Wrong: the visible outputs hard-coded
# Says: 2 Newton steps
# Caught: hidden (the visible outputs are hard-coded: only inputs the student never saw show it)
def newton_minimize(f, x0, steps):
    return {1: jnp.float32([0.8361784815788269, -1.0170371532440186, 1.2490849494934082]),
            3: jnp.float32([0.7388895750045776, -0.8816500306129456, 0.5626534819602966])}.get(steps, x0)
