"""Which files a class folder holds, and whose each one is.

Layouts: a file named on the command line is one learner's (its name without extension); a folder holds
one file per learner (``alice.txt``) or one folder per learner (``alice/answer.txt``, what Canvas,
Google Classroom and Gradescope downloads look like: the folder's name is the learner), or both.
A file is an answer unless its name says it is not (``is_answer``: README, LICENSE and the like, and
documents, data and pictures by their extension); ``--include PATTERN`` (a glob on the name, or on the
path inside the folder given) chooses the answer files instead.  A learner with several files is graded
once, on the newest (the others are named in the row's note), unless every file is asked for.

Grading stays inside the folders it is given: only regular files are read (a FIFO or a device is
reported, never opened for reading), and a symbolic link that leads out of its folder is reported in its
row and never followed.
"""

from __future__ import annotations

import fnmatch
import os
import stat
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path

from tutor.errors import TutorError
from tutor.limits import GRADE_FILES
from tutor.storage.files import Identity, escape, file_kind, open_folder

NOT_ANSWERS = ("readme", "license", "licence", "changelog", "contributing", "notes", "submission_metadata")
NOT_ANSWER_SUFFIXES = frozenset({".pdf", ".json", ".csv", ".xml", ".yml", ".yaml", ".toml", ".html", ".htm",
                                 ".png", ".jpg", ".jpeg", ".gif", ".svg", ".zip", ".doc", ".docx", ".odt", ".ipynb"})
DEPTH = 4  # how deep a learner's folder is searched for answer files


@dataclass(frozen=True)
class Submission:
    """One file to grade: its path as listed; the real folder it is read in and its name there (None: not to be
    read, and why not), and which file the name meant when the folder was listed; whose it is when a folder
    names the learner; when it was last changed; and what the grader noticed about it."""

    file: str
    folder: str | None
    name: str = ""
    identity: Identity | None = None
    problem: str = ""
    owner: str = ""  # the learner named by their folder ("": the file's name says)
    mtime: float = 0.0
    note: str = ""
    verdict: str = "unreadable"  # the verdict of a file that is not read ("empty": a learner's folder without one)

    @property
    def learner(self) -> str:
        """The learner's name: their folder's, or the file name without its extension."""
        return self.owner or Path(self.file).stem


@dataclass(frozen=True)
class Collected:
    """What the submission paths hold: the files to grade, and the files that are not answers (not graded)."""

    submissions: list[Submission]
    skipped: list[str] = field(default_factory=list)
    several: list[str] = field(default_factory=list)  # one line per learner with several files


def is_answer(name: str, include: Sequence[str] = (), relative: str = "") -> bool:
    """Whether a file is an answer: matched by an ``include`` glob (on its name or its path inside the folder
    given) when there are any, else any file not hidden, not named README, LICENSE, CHANGELOG, CONTRIBUTING,
    NOTES or submission_metadata, and not a document, data or picture by its extension (.pdf .json .csv ...).

    >>> is_answer("alice.txt"), is_answer("README.md"), is_answer("meta.json"), is_answer("a.md", ["*.txt"])
    (True, False, False, False)
    """
    if include:
        return any(fnmatch.fnmatchcase(name, p) or fnmatch.fnmatchcase(relative or name, p) for p in include)
    stem, suffix = os.path.splitext(name)
    return not name.startswith(".") and stem.casefold() not in NOT_ANSWERS and \
        suffix.casefold() not in NOT_ANSWER_SUFFIXES


def collect(paths: Iterable[str], include: Sequence[str] = (), all_files: bool = False) -> Collected:
    """Every submission under ``paths`` (files as given, folders by their layout), sorted by learner, then the
    newest file of each learner unless ``all_files``.

    A folder (or a file's folder) is given by its real path: one reached through a symbolic link is refused,
    naming the real path.  An entry is read only if it is a regular file with no other name (not a hard link),
    or a symbolic link to such a file in the same folder; anything else is listed with the reason it is not
    read, so it still gets its row.
    """
    found: list[Submission] = []
    skipped: list[str] = []
    for raw in paths:
        path = Path(raw)
        if path.is_symlink():
            raise TutorError(f"{escape(raw)!r} is reached through a symbolic link: give its real path "
                             f"{escape(os.path.realpath(raw))!r}")
        if path.is_dir():
            found += folder_submissions(path, include, skipped)
        elif path.exists():
            found.append(file_submission(raw))
        else:
            raise TutorError(f"submission {escape(raw)!r} does not exist")
        GRADE_FILES.check(len(found), f"the submissions hold more than {GRADE_FILES.value:,} files")
    return choose(found, all_files, skipped)


def submission_files(paths: Iterable[str], include: Sequence[str] = (), all_files: bool = False
                     ) -> list[Submission]:
    """The submissions to grade under ``paths`` (``collect``)."""
    return collect(paths, include, all_files).submissions


def choose(found: list[Submission], all_files: bool, skipped: list[str]) -> Collected:
    """One submission per learner, the newest (by modification time, then name), the others named in its
    note; or every file with ``all_files`` (each one's note names the others)."""
    by_learner: dict[str, list[Submission]] = {}
    for sub in found:
        by_learner.setdefault(sub.learner, []).append(sub)
    out: list[Submission] = []
    several: list[str] = []
    for learner in sorted(by_learner):
        subs = sorted(by_learner[learner], key=lambda s: s.file)
        if len(subs) == 1:
            out += subs
            continue
        newest = max(subs, key=lambda s: (s.mtime, s.file))
        names = ", ".join(escape(s.file) for s in subs)
        if all_files:
            several.append(f"learner {escape(learner)!r} has {len(subs)} files ({names}): each is graded")
            out += [replace(s, note=f"one of {len(subs)} files of this learner, all graded") for s in subs]
            continue
        others = ", ".join(escape(s.file) for s in subs if s is not newest)
        several.append(f"learner {escape(learner)!r} has {len(subs)} files ({names}): graded the newest, "
                       f"{escape(newest.file)} (--all-files grades each)")
        out.append(replace(newest, note=f"the newest of {len(subs)} files; not graded: {others}"))
    return Collected(out, skipped, several)


def file_submission(raw: str) -> Submission:
    """A file named on the command line, read in its folder like a folder's entry."""
    folder, name = os.path.split(os.path.abspath(raw))
    entries = listing(folder)
    return entry_submission(raw, folder, name, entries) if name in entries else \
        Submission(raw, None, problem="it does not exist")


Listed = tuple[os.stat_result, str | None]  # an entry's own status (links not followed) and a link's target


def listing(folder: str) -> dict[str, Listed]:
    """Every entry of ``folder``, read through a descriptor of it (``open_folder``): its status, and the target
    of a symbolic link."""
    fd = open_folder(folder, TutorError)
    try:
        out: dict[str, Listed] = {}
        with os.scandir(fd) as entries:
            for entry in entries:
                found = entry.stat(follow_symlinks=False)
                link = os.readlink(entry.name, dir_fd=fd) if stat.S_ISLNK(found.st_mode) else None
                out[entry.name] = (found, link)
        return out
    finally:
        os.close(fd)


def folder_submissions(folder: Path, include: Sequence[str] = (), skipped: list[str] | None = None
                       ) -> list[Submission]:
    """The submissions in one folder: its answer files, one learner each, and each subfolder's answer files,
    the subfolder's learner's (a subfolder without one gets an ``empty`` row)."""
    skipped = skipped if skipped is not None else []
    real = os.path.abspath(folder)
    entries = listing(real)
    out = []
    for name in sorted(entries):
        if name.startswith("."):
            continue
        if stat.S_ISDIR(entries[name][0].st_mode):
            mine = learner_files(folder / name, name, include, skipped, DEPTH)
            out += mine or [Submission(str(folder / name), None, problem="the folder holds no answer file",
                                       owner=name, verdict="empty")]
        elif is_answer(name, include, name):
            out.append(entry_submission(str(folder / name), real, name, entries))
        else:
            skipped.append(str(folder / name))
        GRADE_FILES.check(len(out), f"{folder} holds more than {GRADE_FILES.value:,} files")
    return out


def learner_files(folder: Path, owner: str, include: Sequence[str], skipped: list[str], depth: int,
                  inside: str = "") -> list[Submission]:
    """The answer files in one learner's folder and its subfolders (``depth`` levels at most), all theirs."""
    real = os.path.abspath(folder)
    entries = listing(real)
    out = []
    for name in sorted(entries):
        relative = f"{inside}{owner}/{name}" if not inside else f"{inside}/{name}"
        if name.startswith("."):
            continue
        if stat.S_ISDIR(entries[name][0].st_mode):
            if depth > 1:
                out += learner_files(folder / name, owner, include, skipped, depth - 1, relative)
        elif is_answer(name, include, relative):
            out.append(replace(entry_submission(str(folder / name), real, name, entries), owner=owner))
        else:
            skipped.append(str(folder / name))
    return out


def entry_submission(file: str, folder: str, name: str, entries: dict[str, Listed]) -> Submission:
    """One entry of ``folder``: to be read (a regular file, or a link to one beside it), or why not."""
    found, link = entries[name]
    mtime = found.st_mtime
    if link is not None:
        target = os.path.normpath(os.path.join(folder, link))
        if os.path.dirname(target) != folder:
            return Submission(file, None, problem="a symbolic link out of the folder: not read", mtime=mtime)
        name = os.path.basename(target)
        if name not in entries:
            return Submission(file, None, problem="a symbolic link to nothing", mtime=mtime)
        found, link = entries[name]
        if link is not None:
            return Submission(file, None, problem="a symbolic link to a link: not read", mtime=mtime)
    if not stat.S_ISREG(found.st_mode):
        return Submission(file, None, problem=f"not a regular file ({file_kind(found.st_mode)}): not read",
                          mtime=mtime)
    if found.st_nlink > 1:
        return Submission(file, None, problem="a hard link (the same file has another name elsewhere): not read",
                          mtime=mtime)
    return Submission(file, folder, name, (found.st_dev, found.st_ino), mtime=found.st_mtime)
