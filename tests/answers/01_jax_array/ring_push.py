# %% right: gather_last_write
# Right: no scatter at all: each position gathers the last real value that lands on it, found by modular arithmetic
def ring_push(buffer, head, values, count):
    c, k = buffer.shape[0], values.shape[0]
    slot = jnp.arange(c)
    first = (slot - head) % c                       # the first value index that lands on each slot
    last = first + c * ((count - 1 - first) // c)   # the last real one: same slot, c values later each time
    written = first < count
    new = jnp.where(written, values[jnp.clip(last, 0, k - 1)], buffer)
    return new.astype(buffer.dtype), ((head + count) % c).astype(jnp.int32)


# %% right: roll_concatenate
# Right: rotates the buffer so that head is at 0, appends the values, cuts the c entries that end at the last real
# value with a slice of traced start, and rotates back
def ring_push(buffer, head, values, count):
    c = buffer.shape[0]
    oldest_first = jnp.roll(buffer, -head)
    window = jax.lax.dynamic_slice_in_dim(jnp.concatenate([oldest_first, values]), count, c)
    return jnp.roll(window, head + count), ((head + count) % c).astype(jnp.int32)


# %% wrong: all_writes_last_wins
# Wrong: writes every real value (padding sent out of range), relying on the last of several writes to one entry
# winning when count > c (order left open)
# Says: order
def ring_push(buffer, head, values, count):
    c, k = buffer.shape[0], values.shape[0]
    i = jnp.arange(k)
    positions = jnp.where(i < count, (head + i) % c, c)
    return buffer.at[positions].set(values, mode="drop"), ((head + count) % c).astype(jnp.int32)


# %% wrong: hardcoded_visible
# Wrong: the visible outputs hard-coded
# Says: count=3
# Caught: hidden (the visible outputs are hard-coded: only inputs the student never saw show it)
def ring_push(buffer, head, values, count):
    two, six, rev = jnp.int32([2, 20, 30, 1]), jnp.int32([6, 3, 4, 5]), jnp.int32([4, 5, 6, 3])
    return jnp.where(count == 2, two, jnp.where(head == 3, six, rev)), jnp.int32(1)


# %% wrong: head_not_wrapped
# Wrong: moves head on by count without wrapping it, so it leaves the range 0 .. c - 1
# Says: new head
def ring_push(buffer, head, values, count):
    c, k = buffer.shape[0], values.shape[0]
    i = jnp.arange(k)
    positions = jnp.where((i < count) & (i >= count - c), (head + i) % c, c)
    return buffer.at[positions].set(values, mode="drop"), (head + count).astype(jnp.int32)


# %% wrong: ignores_count
# Wrong: pushes all k values, the padding included, as if count were k
# Says: count=2
def ring_push(buffer, head, values, count):
    c, k = buffer.shape[0], values.shape[0]
    first = max(k - c, 0)
    return buffer.at[(head + jnp.arange(first, k)) % c].set(values[first:]), ((head + k) % c).astype(jnp.int32)


# %% wrong: loop_over_values
# Wrong: a Python loop over values, one masked .at[].set per value: under jax.jit it unrolls into k copies
# Says: python loop
def ring_push(buffer, head, values, count):
    c = buffer.shape[0]
    for i, value in enumerate(values):
        buffer = buffer.at[head].set(jnp.where(i < count, value, buffer[head]))
        head = jnp.where(i < count, (head + 1) % c, head)
    return buffer, jnp.asarray(head, dtype=jnp.int32)


# %% wrong: no_wrap
# Wrong: writes from head without wrapping round the end, so .at[] silently drops the writes past position c - 1
# Says: wraps
def ring_push(buffer, head, values, count):
    c, k = buffer.shape[0], values.shape[0]
    i = jnp.arange(k)
    positions = jnp.where((i < count) & (i >= count - c), head + i - jnp.maximum(count - c, 0), c)
    return buffer.at[positions].set(values, mode="drop"), ((head + count) % c).astype(jnp.int32)


# %% wrong: padding_writes_old_value
# Wrong: writes all k positions, the padding writing back the buffer's old value; when a padding write and a real
# one land on the same entry, which wins is left open
# Says: count=2
def ring_push(buffer, head, values, count):
    c, k = buffer.shape[0], values.shape[0]
    i = jnp.arange(k)
    positions = (head + i) % c
    return buffer.at[positions].set(jnp.where(i < count, values, buffer[positions])), ((head + count) % c).astype(
        jnp.int32)


# %% wrong: python_loop
# Wrong: reads count with int() to slice off the padding, which cannot work on a traced value under jax.jit
# Says: jax.jit
def ring_push(buffer, head, values, count):
    c, n = buffer.shape[0], int(count)
    first = max(n - c, 0)
    return buffer.at[(head + jnp.arange(first, n)) % c].set(values[first:n]), ((head + n) % c).astype(jnp.int32)
