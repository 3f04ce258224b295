"""A class report shown: plain text within 80 columns (learning curves as bars), or an image (matplotlib).

The image is drawn with matplotlib's Agg backend (no display needed), as PNG or SVG by the file's suffix;
matplotlib is the optional extra ``puzzle-tutor[plot]`` (about 75 MB with its font and image libraries,
more than the rest of the tutor's own needs), so ``--plot`` without it is one line saying how to install it.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from tutor.errors import TutorError
from tutor.learner.classroom import ClassReport, CurvePoint, StepReport
from tutor.screen.text import plural, shorten

BAR = 40  # columns of a full bar (an error rate of 100%)
PLOT_SUFFIXES = (".png", ".svg")
MARKERS = ("o", "s", "^", "D", "v", "P", "X", "*")  # each skill's points in its own shape, as well as colour
LINES = ("-", "--", ":", "-.")
DODGE = 0.3  # the widest spread of the curves around an opportunity (the next one is 1 away)


def percent(value: float | None) -> str:
    """A share as a whole percentage: ``52%``; a dash when there is none."""
    return "-" if value is None else f"{round(100 * value)}%"


def bar(share: float, plain: bool = False) -> str:
    """A bar ``BAR`` columns long for a share of 1 (``#`` in plain mode, blocks otherwise)."""
    mark = "#" if plain else "\u2588"
    return mark * round(BAR * share)


def curve_lines(points: tuple[CurvePoint, ...], plain: bool = False) -> list[str]:
    """A learning curve as bars, one opportunity a line (``#`` for ``plain`` mode)."""
    return [f"  {c.opportunity:>3}  {bar(c.error_rate, plain):<{BAR}}  {percent(c.error_rate):>4}  "
            f"of {plural(c.learners, 'learner')}" for c in points]


def text(report: ClassReport, plain: bool = False) -> str:
    """The report as text within 80 columns: steps, learning curves (their bars in ``#`` for ``plain`` mode, for
    screen readers), gains, learners."""
    attempts = sum(s.attempts for s in report.steps)
    lines = [f"{plural(len(report.learners), 'learner')}, {plural(attempts, 'attempt')}", ""]
    lines += [line for s in report.steps for line in step_lines(s)]
    lines += ["Learning curves: the error rate at each opportunity on a skill"]
    for skill, points in report.curves.items():
        lines += [skill, *curve_lines(points, plain)]
    if not report.curves:
        lines.append("  (no attempt in these exports names a skill)")
    if report.tests is not None:
        lines += gain_lines(report)
    lines += ["", "Learners" + ("" if report.names else " (profile ids; --roster FILE adds names)")]
    for p in report.people:
        lines.append(f"  {shorten_plain(report.names.get(p.profile, p.profile), 40):<40} "
                     f"{plural(p.attempts, 'attempt')}, {plural(p.steps_done, 'step')} done"
                     + (f", {plural(p.reviews, 'review')}" if p.reviews else ""))
        lines += [f"    {shorten_plain(skill, 50):<50} mastery {percent(value):>4}"
                  for skill, value in p.mastery.items()]
    return "\n".join(lines)


def step_lines(s: StepReport) -> list[str]:
    """One step: its title, its figures, its wrong answers and misconceptions."""
    head = f"{s.lesson} step {s.step}" + (f": {s.title}" if s.title else "")
    seconds = "-" if s.median_seconds is None else f"{s.median_seconds:.0f} s"
    found = "-" if s.discrimination is None else f"{s.discrimination:+.2f}"
    lines = [shorten_plain(head, 80),
             f"  {plural(s.learners, 'learner')}, {plural(s.attempts, 'attempt')}"
             + (f" (and {plural(s.reviews, 'review')})" if s.reviews else "")
             + f"; {s.hinted} hinted",
             f"  first try {percent(s.difficulty)}; discrimination {found}; median time {seconds}"]
    if s.wrong_answers:
        lines.append("  wrong answers:")
        for w in s.wrong_answers:
            said = shorten_plain(" / ".join(w.answer.splitlines()), 30)
            lines.append(f"    {said!r} x{w.attempts} ({plural(w.learners, 'learner')}): "
                         f"{shorten_plain(w.misconception or 'undiagnosed', 28)}")
    for name, (n, m) in s.misconceptions.items():
        lines.append(f"  misconception {shorten_plain(name, 36)}: {plural(n, 'attempt')}, {plural(m, 'learner')}")
    return [*lines, ""]


def gain_lines(report: ClassReport) -> list[str]:
    """The normalised gains, each flag on a line of its own."""
    assert report.tests is not None
    pre, post = report.tests
    lines = ["", f"Normalised gain from {pre} to {post}: (post - pre) / (1 - pre)"]
    for g in report.gains:
        lines.append(f"  {shorten_plain(g.skill, 30):<30} pre {percent(g.pre):>4}  post {percent(g.post):>4}  "
                     f"gain {'-' if g.gain is None else f'{g.gain:.2f}':>5}  {plural(g.learners, 'learner')}")
        if g.flag:
            lines += [f"    ! {part}" for part in wrap(g.flag, 74)]
    if not report.gains:
        lines.append("  (no learner answered both on the same skill)")
    return lines


def wrap(words: str, width: int) -> list[str]:
    """``words`` in lines of at most ``width`` characters."""
    import textwrap

    return textwrap.wrap(words, width)


def shorten_plain(value: str, width: int) -> str:
    """``value`` cut to ``width`` characters with an ellipsis (names and ids only, never sentences)."""
    return value if len(value) <= width else value[: width - 1] + "\u2026"


def dodge(index: int, count: int) -> float:
    """How far the ``index``-th of ``count`` curves is moved along the x axis, so that equal points of several
    skills stand side by side around their opportunity, within a third of the way to the next.

    >>> [round(dodge(i, 3), 3) for i in range(3)], dodge(0, 1)
    ([-0.15, 0.0, 0.15], 0.0)
    """
    if count < 2:
        return 0.0
    return (index - (count - 1) / 2) * min(DODGE / (count - 1), 0.15)


def check_plot_path(path: str) -> None:
    """``TutorError`` unless ``path`` ends in a suffix the plot can be written as (checked before any work)."""
    if Path(path).suffix.lower() not in PLOT_SUFFIXES:
        raise TutorError(f"--plot {shorten(path)}: the file must end in .png or .svg")


def plot(report: ClassReport, path: str) -> None:
    """Write the learning curves to ``path`` (PNG or SVG by its suffix) with matplotlib's Agg backend."""
    check_plot_path(path)
    try:
        figure, pyplot = curves_figure(report)
    except ImportError:
        raise TutorError("--plot needs matplotlib: pip install 'puzzle-tutor[plot]'") from None
    try:
        figure.savefig(path, format=Path(path).suffix.lower().lstrip("."))
    except OSError as err:
        raise TutorError(f"cannot write {shorten(path)}: {err.strerror}") from None
    finally:
        pyplot.close(figure)


def curves_svg(report: ClassReport) -> str:
    """The learning curves as one ``<svg>`` element: matplotlib's drawing when it is installed (its text as paths:
    no font needed), else a plain one (``classroom_svg.plain_svg``)."""
    import io

    try:
        figure, pyplot = curves_figure(report)
    except ImportError:
        from tutor.learner.classroom_svg import plain_svg

        return plain_svg(report)
    buffer = io.StringIO()
    try:
        figure.savefig(buffer, format="svg")
    finally:
        pyplot.close(figure)
    drawn = buffer.getvalue()
    return drawn[drawn.index("<svg"):]


def curves_figure(report: ClassReport) -> tuple[Any, Any]:
    """The learning curves drawn by matplotlib (Agg backend): (figure, pyplot); ``ImportError`` without it."""
    import matplotlib

    matplotlib.use("Agg")
    from matplotlib import pyplot
    from matplotlib.ticker import MaxNLocator

    figure, axes = pyplot.subplots(figsize=(8, 5))
    count = len(report.curves)
    for i, (skill, points) in enumerate(report.curves.items()):
        shift = dodge(i, count)  # curves with equal points would hide each other: each is moved aside a little
        axes.plot([c.opportunity + shift for c in points], [c.error_rate for c in points],
                  marker=MARKERS[i % len(MARKERS)], linestyle=LINES[i // len(MARKERS) % len(LINES)],
                  label=skill, alpha=0.85)
    axes.set_xlabel("opportunity")
    axes.xaxis.set_major_locator(MaxNLocator(integer=True, min_n_ticks=1))  # 1st, 2nd, ...: never 0.96
    last = max((c.opportunity for points in report.curves.values() for c in points), default=1)
    axes.set_xlim(0.5, last + 0.5)
    axes.set_ylabel("error rate")
    axes.set_ylim(-0.04, 1.04)  # points at 0 and 1 whole, not cut by the frame
    axes.set_title(f"Learning curves ({plural(len(report.learners), 'learner')})")
    if report.curves:
        axes.legend(fontsize="small")
    return figure, pyplot
