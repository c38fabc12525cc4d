# Wrong: gathers the whole matrix on every device, then slices out its column block
# Says: gather
def reshard_rows_to_columns(block):
    whole = lax.all_gather(block, "devices", axis=0, tiled=True)
    width = block.shape[1] // lax.axis_size("devices")
    return lax.dynamic_slice_in_dim(whole, lax.axis_index("devices") * width, width, axis=1)
