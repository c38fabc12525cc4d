# Wrong: returns the block unchanged, as if out_specs alone moved the data
# Says: shape
def reshard_rows_to_columns(block):
    return block
