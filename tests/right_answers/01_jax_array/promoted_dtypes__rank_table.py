# Right: a join over explicit sets of types each type promotes to (written out by hand, no graph search)
def promoted_dtypes(pairs):
    floats = {"bfloat16", "float16", "float32", "f*"}
    reach = {
        "float32": {"float32"},
        "bfloat16": {"bfloat16", "float32"},
        "float16": {"float16", "float32"},
        "f*": {"f*", "bfloat16", "float16", "float32"},
        "int64": {"int64", "f*", "bfloat16", "float16", "float32"},
        "uint64": {"uint64", "f*", "bfloat16", "float16", "float32"},
    }
    reach["int32"] = {"int32"} | reach["int64"]
    reach["int16"] = {"int16"} | reach["int32"]
    reach["int8"] = {"int8"} | reach["int16"]
    reach["uint32"] = {"uint32"} | reach["uint64"] | reach["int64"]
    reach["uint16"] = {"uint16"} | reach["uint32"] | reach["int32"]
    reach["uint8"] = {"uint8"} | reach["uint16"] | reach["int16"]
    reach["i*"] = {"i*"} | reach["uint8"] | reach["int8"]
    reach["bool"] = {"bool"} | reach["i*"]
    assert floats <= reach["bool"]
    narrow = {"i*": "int32", "f*": "float32", "int64": "int32", "uint64": "uint32"}

    def node(e):  # narrowed only at the end: a weak i* or f* stays weak in an outer addition
        if isinstance(e, str):
            return {"int": "i*", "float": "f*"}.get(e, e)
        common = reach[node(e[0])] & reach[node(e[1])]
        return max(common, key=lambda t: len(reach[t] & common))  # the one that reaches all the others

    return [narrow.get(t, t) for t in map(node, pairs)]
