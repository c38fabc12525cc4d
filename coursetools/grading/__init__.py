"""The grader, one module per stage as the data flows (instructor only, never in the student edition).

``python -m coursetools.grading ASSIGNMENT`` (``make grade``; ``__main__.py``) runs
``pipeline.grade``, which hands each submission from stage to stage:

1. ``collect``   which submissions there are: ``submitted/`` (from the exchange) or an LMS download;
2. ``precheck``  whether each can be graded at all, and ``Canonicalize``: what exactly is graded;
3. ``execute``   ``TrustedExecute``: the student's code in the ``sandbox`` (bubblewrap), every test
   decided by the trusted ``checker`` process; run for each submission by ``worker.grade_submission``
   on a backend, side by side in ``backends/``: ``local`` (a process pool) or ``dask_cluster``;
4. ``score``     scores from the gradebook, zeros for kernel deaths, failed submissions forgotten;
5. ``report``    the class CSV, the score figure, the LMS export; ``exercises``: the per-exercise report;
6. ``feedback``  each student's page (nbgrader's, with this course's template), or why nothing
   could be graded.

``result`` holds the vocabulary every stage shares (a submission's ``Result``); ``course`` the
course's settings. Modules import only modules listed before them (``backends`` after ``worker``,
``pipeline`` last), so there is no import cycle. This file imports nothing: the sandbox launcher
and the checker start as ``python -m coursetools.grading.sandbox`` / ``.checker`` and stay light.
"""
