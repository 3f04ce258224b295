"""What each ``/command`` does (registered with ``tutor.session.registry``; ``/help`` lists them in this order)."""

from __future__ import annotations

from tutor.errors import TutorError
from tutor.screen.shown import Handout, Reply, ReplyKind
from tutor.session import review
from tutor.session.core import Session
from tutor.session.registry import command, help_lines
from tutor.session.skills import Standing


@command("/help", "this list")
def _help(session: Session, arg: str) -> list[Reply]:
    lines = help_lines()
    lines.append("Anything not starting with / is your answer to the current step. "
                 "Long answers: end a line with \\ to continue it.")
    return [Reply.info("\n".join(lines))]


@command("/lessons", "the lessons, with your progress")
def _lessons(session: Session, arg: str) -> list[Reply]:
    return session.lessons()


@command("/open", "open a lesson by id or number", takes="LESSON")
def _open(session: Session, arg: str) -> list[Reply]:
    if not arg:
        return [Reply.error("/open needs a lesson: /open 1, or /open ID (see /lessons)")]
    try:
        return session.open(session.catalog.find(arg))
    except TutorError as err:
        return [Reply.error(str(err))]


@command("/next", "go to the next step")
def _next(session: Session, arg: str) -> list[Reply]:
    return session.advance()


@command("/back", "go back one step")
def _back(session: Session, arg: str) -> list[Reply]:
    return session.back()


@command("/show", "show the board, belief or question again")
def _show(session: Session, arg: str) -> list[Reply]:
    return session.show()


@command("/hint", "one more hint for this step")
def _hint(session: Session, arg: str) -> list[Reply]:
    return session.hint()


@command("/undo", "take back your last move or step")
def _undo(session: Session, arg: str) -> list[Reply]:
    return session.undo()


@command("/reset", "start this step again")
def _reset(session: Session, arg: str) -> list[Reply]:
    return session.reset()


@command("/solution", "reveal the answer (asks first; it is recorded)")
def _solution(session: Session, arg: str) -> list[Reply]:
    return session.ask_solution()


@command("/progress", "what you have done so far")
def _progress(session: Session, arg: str) -> list[Reply]:
    lines = [row.line() for row in session.summary().started()]
    lines += Standing.of(session.catalog, session.progress).lines()  # each skill's mastery, and the reviews due
    return [Reply.info("\n".join(lines) if lines else "Nothing recorded yet.")]


@command("/review", "run the reviews that are due (solved skills, spaced out)")
def _review(session: Session, arg: str) -> list[Reply]:
    return review.start(session)


@command("/quit", "leave (progress is already saved)")
def _quit(session: Session, arg: str) -> list[Reply]:
    session.finished = True
    lost = session.leave()
    return lost + [Reply.info("Bye!")] if lost else [Reply.info("Progress saved. Bye!")]


@command("/submit", "write your last answer to FILE, headed with its lesson, step, learner id and variant, to hand in",
         takes="[FILE]")
def _submit(session: Session, arg: str) -> list[Reply]:
    from tutor.submission import format_header

    lesson, step, state = session.lesson, session.step, session.state
    if lesson is None or step is None:
        return [Reply.info("No lesson is open.")]
    answer = step.submission(state)
    if answer is None:
        return [Reply.error("Nothing to submit yet: answer this step first, then /submit.")]
    name = arg or f"{lesson.id.replace('/', '-')}-step{step.index + 1}.txt"
    header = format_header(lesson.id, step.index + 1, lesson.variant, session.learner or session.profile)
    return [Reply(ReplyKind.INFO, f"Wrote {name}: your last answer to step {step.index + 1} of {lesson.id}, with its "
                  "lesson, step and variant. Hand it in; 'tutor grade' grades it on your variant.",
                  file=Handout(name, header + answer + "\n"))]  # the shell writes it (``tutor.shell.repl.hand_out``)
