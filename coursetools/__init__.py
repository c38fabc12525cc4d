"""Instructor and maintainer tools for the JAX course. Never part of the student edition.

``jaxcourse`` is what a student's notebook imports; this package is what only the instructor and the
course's maintainers run: the grader (``grading/``, one module per stage, ``python -m
coursetools.grading``), building the generated notebooks (``build``), the student edition
(``edition``), the benchmarks (``bench``, ``bench_grading``) and the reference augmentation
pipeline they time (``augment``).
"""
