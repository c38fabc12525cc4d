# Wrong: ranks the types in one total order and takes the higher of the two, but the lattice has incomparable types
# Says: uint8 + int8
def promoted_dtypes(pairs):
    order = ["bool", "int", "uint8", "int8", "uint16", "int16", "uint32", "int32",
             "float", "bfloat16", "float16", "float32"]
    default = {"int": "int32", "float": "float32"}
    out = []
    for a, b in pairs:
        higher = max(a, b, key=order.index)
        out.append(default.get(higher, higher))
    return out
