# Wrong: walks the lattice but forgets that 32-bit mode narrows a 64-bit result (uint32 + int8 is int32, not int64)
# Says: uint32 + int8
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
        common = above(a) & above(b)
        lowest = next(t for t in common if above(t) >= common)
        return {"i*": "int32", "f*": "float32"}.get(lowest, lowest)

    weak = {"int": "i*", "float": "f*"}
    return [join(weak.get(a, a), weak.get(b, b)) for a, b in pairs]
