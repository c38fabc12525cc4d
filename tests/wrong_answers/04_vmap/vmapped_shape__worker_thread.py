# Wrong: a worker thread started in the answer cell asks JAX (jax.eval_shape), outside the calling thread
# Says: plain Python
import queue
import threading

_requests, _answers = queue.Queue(), queue.Queue()


def _worker():
    while True:
        example, shapes, in_axes, out_axes = _requests.get()
        f = lambda *args, e=example: jnp.zeros(e) + sum(jnp.sum(a) for a in args)  # noqa: E731
        try:
            args = [jax.ShapeDtypeStruct(s, jnp.float32) for s in shapes]
            _answers.put(tuple(jax.eval_shape(jax.vmap(f, in_axes, out_axes), *args).shape))
        except Exception:
            _answers.put(None)


threading.Thread(target=_worker, daemon=True).start()


def vmapped_shape(example_shape, arg_shapes, in_axes, out_axes):
    _requests.put((example_shape, arg_shapes, in_axes, out_axes))
    return _answers.get()
