# Right: rules by kind (bool < integers < floats; a weak scalar takes a typed operand of its kind), no lattice
def promoted_dtypes(pairs):
    ints = {"uint8": (False, 8), "uint16": (False, 16), "uint32": (False, 32),
            "int8": (True, 8), "int16": (True, 16), "int32": (True, 32)}
    floats = {"bfloat16": 0, "float16": 0, "float32": 1}

    def promote(a, b):
        if a == b:
            return {"int": "int32", "float": "float32"}.get(a, a)
        if b == "bool" or (b in ("int", "float") and a != "bool"):
            a, b = b, a
        if a == "bool":
            return {"int": "int32", "float": "float32"}.get(b, b)
        if a == "int":
            return "float32" if b == "float" else b
        if a == "float":
            return b if b in floats else "float32"
        if a in floats and b in floats:
            return "float32" if "float32" in (a, b) or {a, b} == {"bfloat16", "float16"} else a
        if a in floats or b in floats:
            return a if a in floats else b
        (sa, wa), (sb, wb) = ints[a], ints[b]
        if sa == sb:
            return a if wa >= wb else b
        unsigned, signed = (wa, wb) if not sa else (wb, wa)
        return f"int{min(32, max(signed, 2 * unsigned))}"

    return [promote(a, b) for a, b in pairs]
