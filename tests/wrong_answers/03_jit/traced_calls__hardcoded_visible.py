# Wrong: the visible outputs hard-coded
# Says: one bool per call
# Caught: hidden (the visible outputs are hard-coded: only inputs the student never saw show it)
def traced_calls(calls):
    return [True, True, False, True, True, True, False, True, True, True, False, True, True, False]
