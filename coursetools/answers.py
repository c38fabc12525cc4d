"""The stored answers of an exercise: one file, ``tests/answers/<aid>/<exercise>.py``.

Each answer is a replacement for the exercise's answer cell, headed by a marker line::

    # %% right: roll_concatenate
    # Right: what this correct answer does differently from the solution
    def ring_push(buffer, head, values, count):
        ...

    # %% wrong: no_wrap
    # Wrong: the mistake, in a few words
    # Says: wrap                          (words the first failing message must hold)
    # Caught: hidden (why no small visible input shows it)     (optional)
    def ring_push(buffer, head, values, count):
        ...

``# %%`` is the cell marker editors know (VS Code, PyCharm, Jupytext's percent format): each answer
can be run on its own there. The slug after the kind is the answer's name in test ids and reports
(``<exercise>__<slug>``). An exercise's right and wrong answers sit together so that adding or
changing an exercise touches one answers file beside its statement's text twin.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
FOLDER = Path("tests") / "answers"
KINDS = ("right", "wrong")
MARKER = re.compile(r"^# %% (\S+?): (\S+)[ \t]*$", re.M)
SLUG = re.compile(r"^[a-z0-9][a-z0-9_]*$")


class AnswersError(ValueError):
    """A stored answers file that does not follow the format above (the message says where and how)."""


@dataclass(frozen=True)
class Answer:
    """One stored answer: it quacks like the file it used to be (``name``, ``stem``, ``read_text()``)."""

    aid: str
    ex: str
    kind: str  # "right" or "wrong"
    slug: str
    text: str
    file: Path
    line: int  # of its marker, 1-based

    @property
    def name(self) -> str:
        return f"{self.ex}__{self.slug}.py"

    @property
    def stem(self) -> str:
        return f"{self.ex}__{self.slug}"

    def read_text(self) -> str:
        return self.text

    def where(self) -> str:
        """``tests/answers/<aid>/<ex>.py:<line> (<slug>)`` for messages."""
        try:
            shown = self.file.relative_to(ROOT)
        except ValueError:
            shown = self.file
        return f"{shown}:{self.line} ({self.kind}: {self.slug})"

    def __str__(self) -> str:
        return self.where()


def parse(path: Path, aid: str | None = None) -> list[Answer]:
    """Every answer in one exercise's answers file, in file order; AnswersError on a malformed file."""
    text = path.read_text()
    aid = aid or path.parent.name
    ex = path.stem
    marks = list(MARKER.finditer(text))
    before = text[: marks[0].start()] if marks else text
    if before.strip():
        raise AnswersError(f"{path}: text before the first '# %% right: <slug>' or '# %% wrong: <slug>' line")
    out, seen = [], set()
    for k, m in enumerate(marks):
        kind, slug = m.group(1), m.group(2)
        line = text.count("\n", 0, m.start()) + 1
        if kind not in KINDS:
            raise AnswersError(f"{path}:{line}: '# %% {kind}: ...' must be '# %% right: <slug>' or "
                               "'# %% wrong: <slug>'")
        if not SLUG.match(slug):
            raise AnswersError(f"{path}:{line}: slug {slug!r} must be lower-case letters, digits and underscores")
        if slug in seen:
            raise AnswersError(f"{path}:{line}: slug {slug!r} is used twice in this file")
        seen.add(slug)
        end = marks[k + 1].start() if k + 1 < len(marks) else len(text)
        body = text[m.end():end].strip("\n") + "\n"
        first = body.splitlines()[0] if body.strip() else ""
        if not first.startswith(f"# {kind.capitalize()}:"):
            raise AnswersError(f"{path}:{line + 1}: a {kind} answer starts with '# {kind.capitalize()}: <what it is>'")
        out.append(Answer(aid, ex, kind, slug, body, path, line))
    return out


def stored(kind: str, aid: str, root: Path = ROOT) -> dict[str, list[Answer]]:
    """Exercise id -> its stored answers of one kind ("right" or "wrong"), in file order."""
    if kind not in KINDS:
        raise ValueError(f"kind must be one of {KINDS}, not {kind!r}")
    out: dict[str, list[Answer]] = {}
    for path in sorted((root / FOLDER / aid).glob("*.py")):
        found = [a for a in parse(path, aid) if a.kind == kind]
        if found:
            out[path.stem] = found
    return out


def render(answers: list[Answer] | list[tuple[str, str, str]]) -> str:
    """The text of an answers file from (kind, slug, text) triples or Answers, in the order given."""
    triples = [(a.kind, a.slug, a.text) if isinstance(a, Answer) else a for a in answers]
    return "\n\n".join(f"# %% {kind}: {slug}\n{body.strip(chr(10))}\n" for kind, slug, body in triples)


def add(path: Path, kind: str, slug: str, body: str) -> None:
    """Append one answer to an exercise's answers file (created when missing); AnswersError on a taken slug."""
    existing = parse(path) if path.exists() else []
    if any(a.slug == slug for a in existing):
        raise AnswersError(f"{path}: already has an answer {slug!r}")
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(render([*existing, (kind, slug, body)]))
    parse(path)  # what was written reads back
