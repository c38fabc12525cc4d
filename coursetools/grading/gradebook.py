"""Move a term's gradebook to another database (SQLite to PostgreSQL, mid-term), nothing lost.

Usage, from the course root, with grading stopped (no ``make grade``, no Formgrader autograde)::

    python -m coursetools.grading.gradebook copy sqlite:///gradebook.db postgresql+psycopg2://grader@db/gradebook
    python -m coursetools.grading.gradebook compare sqlite:///gradebook.db postgresql+psycopg2://grader@db/gradebook

``copy`` makes nbgrader's tables in the new database (which must hold no grades yet) and copies
every row of every table, in the order their foreign keys need: the course, students, assignments
and their cells, every submission with its automatic and manual scores, extra credit and comments,
keeping each row's id, so the Formgrader and ``nbgrader export`` see the same gradebook. It prints
the rows copied per table, then compares the two databases row by row and exits 1 on any
difference. ``compare`` does only the comparison. Afterwards point the course at the new database
(``NBGRADER_DB_URL``, or ``c.CourseDirectory.db_url``) and keep the old file as a backup.
"""

from __future__ import annotations

import argparse
import sys

from nbgrader.api import Base, Gradebook
from sqlalchemy import create_engine, delete, func, insert, select


def _rows(conn, table) -> list[tuple]:
    """A table's rows as sorted tuples of plain values (booleans and numbers as the database gives them)."""
    return sorted((tuple(row) for row in conn.execute(select(table))), key=repr)


def copy_gradebook(src: str, dst: str) -> dict[str, int]:
    """Copy every row of the gradebook at ``src`` into the empty gradebook at ``dst`` (tables made
    first); returns the number of rows copied per table."""
    for url in (src, dst):
        Gradebook(url).close()  # nbgrader makes (or checks) its tables and schema version
    source, target = create_engine(src), create_engine(dst)
    try:
        with source.connect() as s, target.begin() as d:
            for table in Base.metadata.sorted_tables:
                if table.name != "course" and d.execute(select(func.count()).select_from(table)).scalar():
                    raise SystemExit(f"the gradebook at {target.url!r} already holds rows in {table.name}: "
                                     f"copy into an empty database")
            d.execute(delete(Base.metadata.tables["course"]))  # the course row nbgrader made when it opened it
            counts = {}
            for table in Base.metadata.sorted_tables:  # parents before the rows that refer to them
                rows = [dict(row._mapping) for row in s.execute(select(table))]
                if rows:
                    d.execute(insert(table), rows)
                counts[table.name] = len(rows)
        return counts
    finally:
        source.dispose()
        target.dispose()


def differences(src: str, dst: str) -> list[str]:
    """Tables whose rows differ between the two gradebooks ([] when they hold the same)."""
    a, b = create_engine(src), create_engine(dst)
    try:
        with a.connect() as x, b.connect() as y:
            out = []
            for t in Base.metadata.sorted_tables:
                rx, ry = _rows(x, t), _rows(y, t)
                if rx != ry:
                    out.append(f"{t.name}: {len(rx)} rows here, {len(ry)} there" if len(rx) != len(ry)
                               else f"{t.name}: rows differ")
            return out
    finally:
        a.dispose()
        b.dispose()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m coursetools.grading.gradebook", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("action", choices=["copy", "compare"])
    parser.add_argument("source", help="the gradebook now, e.g. sqlite:///gradebook.db")
    parser.add_argument("target", help="the new one, e.g. postgresql+psycopg2://grader@db.example.edu/gradebook")
    args = parser.parse_args(argv)
    if args.action == "copy":
        for table, n in copy_gradebook(args.source, args.target).items():
            print(f"{table:<22}{n:>8} rows copied")
    diff = differences(args.source, args.target)
    for line in diff:
        print(f"DIFFERENT {line}")
    print("the two gradebooks hold the same rows" if not diff else f"{len(diff)} tables differ")
    return 1 if diff else 0


if __name__ == "__main__":
    sys.exit(main())
