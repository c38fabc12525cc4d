# Wrong: treats a Python int as an int32 array and a Python float as a float32 array (forgets weak types)
# Says: int8 + int
def promoted_dtypes(pairs):
    order = ["bool", "uint8", "uint16", "uint32", "int8", "int16", "int32", "bfloat16", "float16", "float32"]
    ints = {"uint8": (False, 8), "uint16": (False, 16), "uint32": (False, 32),
            "int8": (True, 8), "int16": (True, 16), "int32": (True, 32)}

    def promote(a, b):
        a, b = {"int": "int32", "float": "float32"}.get(a, a), {"int": "int32", "float": "float32"}.get(b, b)
        if a == b or b == "bool":
            return a
        if a == "bool":
            return b
        if a in ints and b in ints:
            (sa, wa), (sb, wb) = ints[a], ints[b]
            if sa == sb:
                return a if wa >= wb else b
            unsigned_width = wa if not sa else wb
            signed_width = wb if not sa else wa
            return f"int{min(32, max(signed_width, 2 * unsigned_width))}"
        if a in ints or b in ints:
            return b if a in ints else a
        return "float32" if {a, b} == {"bfloat16", "float16"} else max(a, b, key=order.index)

    return [promote(a, b) for a, b in pairs]
