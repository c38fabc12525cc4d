"""Helpers shared by the JAX course notebooks, tools and tests.

Keep imports here light: ``jaxcourse.devices`` must be importable before JAX starts.
"""

__version__ = "0.1.0"
