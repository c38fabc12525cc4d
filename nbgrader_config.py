"""nbgrader settings for the JAX course. Run nbgrader from the repository root."""

c = get_config()  # noqa: F821 (provided by traitlets when nbgrader loads this file)

c.CourseDirectory.course_id = "jax-course"
c.CourseDirectory.source_directory = "source"
c.CourseDirectory.release_directory = "release"
c.CourseDirectory.solution_directory = "solutions"
c.CourseDirectory.submitted_directory = "submitted"
c.CourseDirectory.autograded_directory = "autograded"
c.CourseDirectory.feedback_directory = "feedback"
# The gradebook stays SQLite, next to this file, and is never committed. One setting moves it to
# PostgreSQL for parallel grading at scale: NBGRADER_DB_URL=postgresql+psycopg2://user@host:port/dbname
import os  # noqa: E402

c.CourseDirectory.db_url = os.environ.get("NBGRADER_DB_URL", "sqlite:///gradebook.db")
# Only notebooks are part of an assignment; nothing else is copied into release/.
c.CourseDirectory.ignore = [".ipynb_checkpoints", "*.pyc", "__pycache__", "feedback"]

# Every lesson runs in well under a minute; a cell that takes longer is a bug (or an endless loop).
c.ExecutePreprocessor.timeout = 120
c.Execute.timeout = 120  # wall clock, for nbgrader's Validate in the students' JupyterLab
c.Execute.interrupt_on_timeout = True
# While grading (coursetools/grading/limits.py) a cell may use 120 s of CPU time and 4 GB of memory, the kernel
# and every process it starts together: what the code consumes, so a busy grading machine cannot cut honest
# work. The wall clock is only a backstop for code that waits instead of computing; a cell that reaches it
# is run once more on a fresh kernel before it is skipped.
c.TrustedExecute.cpu_limit = 120
c.TrustedExecute.memory_limit = 4096
c.TrustedExecute.wall_limit = 600
c.Execute.record_timing = False

c.ClearSolutions.code_stub = {"python": "# YOUR CODE HERE\nraise NotImplementedError()"}
c.ClearSolutions.text_stub = "YOUR ANSWER HERE"

# Grading that holds (coursetools/grading/: precheck.py, execute.py): every submission is rebuilt from
# the instructor's cells plus the student's answers, the student's code and the probe half of each test run in the
# student's kernel, and a separate trusted process decides every test from the values the probes
# hand back. Honest output on stderr, warnings and prints never fail a test; only a failed check does.
from nbconvert.preprocessors import ClearMetadataPreprocessor, CSSHTMLHeaderPreprocessor  # noqa: E402
from nbgrader.preprocessors import (  # noqa: E402
    AssignLatePenalties,
    CheckCellMetadata,
    ClearHiddenTests,
    ClearOutput,
    GetGrades,
    OverwriteKernelspec,
    SaveAutoGrades,
)

from coursetools.grading.execute import TrustedExecute  # noqa: E402
from coursetools.grading.feedback import TEMPLATE_DIRS, TEMPLATE_NAME, FeedbackPage  # noqa: E402
from coursetools.grading.precheck import Canonicalize  # noqa: E402

c.Autograde.sanitize_preprocessors = [ClearOutput, OverwriteKernelspec, Canonicalize]
c.Autograde.autograde_preprocessors = [
    TrustedExecute,
    ClearMetadataPreprocessor,
    SaveAutoGrades,
    AssignLatePenalties,
    CheckCellMetadata,
]
# Feedback shows each hidden test's name (its docstring) and result, not its code; its summary names
# each exercise, and math is typeset by a copy of MathJax inside the page (coursetools/grading/feedback.py).
c.GenerateFeedback.preprocessors = [GetGrades, ClearHiddenTests, CSSHTMLHeaderPreprocessor, FeedbackPage]
c.HTMLExporter.template_name = TEMPLATE_NAME
c.HTMLExporter.extra_template_basedirs = TEMPLATE_DIRS

# Validate (nbgrader 0.9.6) shows a failed cell's whole code before its error, on the command line and
# in JupyterLab's dialog, and no setting changes that order: each failure's report starts with the sentence.
from jaxcourse.checking import validate_leads_with_the_sentence  # noqa: E402

validate_leads_with_the_sentence()
