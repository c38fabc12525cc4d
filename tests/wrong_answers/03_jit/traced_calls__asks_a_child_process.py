# Wrong: runs a real jitted function with a trace counter in a child Python process, where no profiler watches
# Says: plain Python
def traced_calls(calls):
    import json
    import subprocess
    import sys

    program = (
        "import json, sys, jax\n"
        "from jaxcourse.checks import described_argument\n"
        "def back(d):\n"
        "    if isinstance(d, list) and len(d) == 3 and d[0] in ('jax', 'numpy'):\n"
        "        return (d[0], d[1], tuple(d[2]))\n"
        "    if isinstance(d, list):\n"
        "        return [back(e) for e in d]\n"
        "    return {k: back(e) for k, e in d.items()} if isinstance(d, dict) else d\n"
        "calls = json.loads(sys.stdin.read())\n"
        "traced = []\n"
        "f = jax.jit(lambda x, mode: traced.append(mode) or x, static_argnames='mode')\n"
        "out = []\n"
        "for x, mode in calls:\n"
        "    x = described_argument(back(x))\n"
        "    before = len(traced)\n"
        "    f(x, mode=mode)\n"
        "    out.append(len(traced) > before)\n"
        "print(json.dumps(out))\n"
    )
    done = subprocess.run([sys.executable, "-c", program], input=json.dumps(calls), capture_output=True, text=True)
    return json.loads(done.stdout)
