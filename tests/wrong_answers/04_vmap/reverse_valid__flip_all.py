# Wrong: reverses every whole sequence, padding included, which moves the padding to the front
# Says: Step
def reverse_valid(seqs, lengths):
    return seqs[:, ::-1]
