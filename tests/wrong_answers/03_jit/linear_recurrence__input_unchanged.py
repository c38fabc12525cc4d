# Wrong: returns b unchanged, as if every a_t were 0
# Says: for a =
def linear_recurrence(a, b, h0):
    return b
