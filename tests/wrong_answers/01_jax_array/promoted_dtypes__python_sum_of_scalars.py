# Wrong: right for arrays, but gives two Python scalars the dtype NumPy gives Python's own sum (int + float is float64)
# Says: int + float
def promoted_dtypes(pairs):
    up = {"bool": ["i*"], "i*": ["uint8", "int8"], "uint8": ["uint16", "int16"], "uint16": ["uint32", "int32"],
          "uint32": ["uint64", "int64"], "int8": ["int16"], "int16": ["int32"], "int32": ["int64"],
          "uint64": ["f*"], "int64": ["f*"], "f*": ["bfloat16", "float16"], "bfloat16": ["float32"],
          "float16": ["float32"], "float32": []}

    def above(t):
        seen, todo = set(), [t]
        while todo:
            node = todo.pop()
            if node not in seen:
                seen.add(node)
                todo += up[node]
        return seen

    def join(a, b):
        if a in ("int", "float") and b in ("int", "float"):
            return "float64" if "float" in (a, b) else "int64"
        a, b = {"int": "i*", "float": "f*"}.get(a, a), {"int": "i*", "float": "f*"}.get(b, b)
        common = above(a) & above(b)
        lowest = next(t for t in common if above(t) >= common)
        return {"i*": "int32", "f*": "float32", "int64": "int32", "uint64": "uint32"}.get(lowest, lowest)

    return [join(a, b) for a, b in pairs]
