# Wrong: all_to_all splits the columns but joins the pieces along the columns again, not the rows
# Says: shape
def reshard_rows_to_columns(block):
    return lax.all_to_all(block, "devices", split_axis=1, concat_axis=1, tiled=True)
