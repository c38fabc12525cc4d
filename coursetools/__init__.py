"""Instructor and maintainer tools for the JAX course. Never part of the student edition.

``jaxcourse`` is what a student's notebook imports; this package is what only the instructor and the
course's maintainers run: building the generated notebooks (``build``), grading (``grade`` the
command, ``grading`` the nbgrader preprocessors, ``checker`` the trusted verdicts, ``sandbox`` the
student kernels' jail) and the benchmarks (``bench``, ``bench_grading``).
"""
