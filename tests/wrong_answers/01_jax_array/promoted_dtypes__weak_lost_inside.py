# Wrong: right for one pair, but names every inner result in 32 bits, so a weak inner result becomes a typed one
# Says: float16
def promoted_dtypes(pairs):
    up = {"bool": ["i*"], "i*": ["uint8", "int8"], "uint8": ["uint16", "int16"], "uint16": ["uint32", "int32"],
          "uint32": ["uint64", "int64"], "int8": ["int16"], "int16": ["int32"], "int32": ["int64"],
          "uint64": ["f*"], "int64": ["f*"], "f*": ["bfloat16", "float16"], "bfloat16": ["float32"],
          "float16": ["float32"], "float32": []}
    thirty_two = {"i*": "int32", "f*": "float32", "int64": "int32", "uint64": "uint32"}

    def above(t):
        seen, todo = set(), [t]
        while todo:
            node = todo.pop()
            if node not in seen:
                seen.add(node)
                todo += up[node]
        return seen

    def result(e):
        if isinstance(e, str):
            return {"int": "i*", "float": "f*"}.get(e, e)
        a, b = result(e[0]), result(e[1])
        common = above(a) & above(b)
        lowest = next(t for t in common if above(t) >= common)
        return thirty_two.get(lowest, lowest)

    return [result(e) for e in pairs]
