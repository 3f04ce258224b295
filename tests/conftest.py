"""Shared test settings: hypothesis is derandomized in CI (HYPOTHESIS_PROFILE=ci); every test gets a layer marker.

The layers (``pytest -m unit``, ``property``, ``e2e``; ``pytest -m "not slow"`` is the quick subset the README
gives contributors) are given here, not in each file: a hypothesis test is ``property``, a test in a module that
runs real processes or the installed command is ``e2e``, any other is ``unit``; ``slow`` are the tests listed in
``tests/slow.txt`` (by module or by test, measured with ``pytest --durations=0``) and the ``e2e`` ones.
"""

import atexit
import contextlib
import gc
import hashlib
import importlib
import os
import shutil
import signal
import sys
import tempfile
from pathlib import Path

import pytest
from hypothesis import HealthCheck, settings

# The suite starts a few hundred tutor processes (``python -m tutor`` from this checkout): without bytecode each
# would compile the package's modules from source again (about 0.2 s apiece), so bytecode is written here whatever
# PYTHONDONTWRITEBYTECODE says (into the ignored __pycache__ folders), for this process and the ones it starts.
os.environ.pop("PYTHONDONTWRITEBYTECODE", None)
sys.dont_write_bytecode = False

# A suite started in the background of a shell without job control (``cmd &``) inherits SIGINT ignored, and so would
# every tutor it starts: the Ctrl-C tests would see nothing.  The tests run with Python's own handler, as a terminal
# would give them, and the processes they start inherit a SIGINT that is not ignored.
if signal.getsignal(signal.SIGINT) is signal.SIG_IGN:
    signal.signal(signal.SIGINT, signal.default_int_handler)

# No test reads or writes the user's own data folder (progress, the catalogue cache, the crash log): each test
# process, and each tutor it starts, keeps its files in a folder of its own unless a test names another.  Tests on
# the parallel workers would otherwise share one progress file and one catalogue cache, and a developer's own.
# The parallel workers inherit the environment of the process that started them, which made a folder for itself.
if not os.environ.get("TUTOR_HOME") or os.environ.get("TUTOR_TESTS_HOME_OF", str(os.getpid())) != str(os.getpid()):
    os.environ["TUTOR_HOME"] = tempfile.mkdtemp(prefix="tutor-tests-")
    os.environ["TUTOR_TESTS_HOME_OF"] = str(os.getpid())
    atexit.register(shutil.rmtree, os.environ["TUTOR_HOME"], True)

settings.register_profile("ci", derandomize=True, deadline=None, print_blob=True,
                          suppress_health_check=[HealthCheck.too_slow])
settings.register_profile("dev", deadline=None)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "dev"))

HERE = Path(__file__).parent
ID_CHARS = 200  # a longer test id is unreadable in a report: parametrize with ids=


def listed(name: str) -> frozenset[str]:
    """The entries of a list file beside this one (one per line; ``#`` starts a comment)."""
    lines = (line.split("#", 1)[0].strip() for line in (HERE / name).read_text(encoding="utf-8").splitlines())
    return frozenset(line for line in lines if line)


SLOW = listed("slow.txt")
E2E = listed("e2e.txt")


def in_list(nodeid: str, entries: frozenset[str]) -> bool:
    """Whether a test is listed by its module (``tests/test_x.py``), its function or its own id."""
    module, _, rest = nodeid.partition("::")
    return module in entries or f"{module}::{rest.split('[')[0]}" in entries or nodeid in entries


def stale_metadata() -> str:
    """Why the installed metadata the tests would see is not this checkout's (empty when it is): a stale
    ``*.egg-info`` beside ``pyproject.toml`` (setuptools leaves one there) or an old install hides new entry points."""
    import tomllib
    from importlib.metadata import entry_points

    project = tomllib.loads((HERE.parent / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    for group, wanted in [*project["entry-points"].items(), ("console_scripts", project["scripts"])]:
        seen = {ep.name: ep.value for ep in entry_points(group=group)}
        missing = sorted(f"{name} = {value}" for name, value in wanted.items() if seen.get(name) != value)
        if missing:
            return (f"the installed metadata lacks the entry point {missing[0]!r} of group {group!r} that "
                    "pyproject.toml declares: it is stale (an old *.egg-info beside pyproject.toml, or an old "
                    "install); reinstall with: pip install -e '.[test]'")
    return ""


def pytest_configure(config: pytest.Config) -> None:
    """Refuse to run over stale installed metadata; register the layer markers."""
    problem = stale_metadata()
    if problem:
        raise pytest.UsageError(problem)
    for name, what in (("unit", "a fast test of one piece, in-process"),
                       ("property", "a hypothesis property test"),
                       ("e2e", "runs real processes or the installed command"),
                       ("slow", "left out of the quick subset (pytest -m 'not slow')")):
        config.addinivalue_line("markers", f"{name}: {what}")


def staggered(config: pytest.Config) -> bool:
    """Whether this process imports the test modules last to first before collecting them: an odd parallel worker in a
    run of the whole suite.  A fresh checkout (CI) has no bytecode: each module is compiled, and each test module's
    asserts rewritten, by the first process that imports it.  The workers collect the same modules in the same order,
    so each would do all of that work; staggered, the two meet halfway and each does about half."""
    worker = os.environ.get("PYTEST_XDIST_WORKER", "")
    return (worker.removeprefix("gw").isdigit() and int(worker[2:]) % 2 == 1
            and config.args_source is pytest.Config.ArgsSource.TESTPATHS
            and not config.getoption("ignore") and not config.getoption("ignore_glob"))


@pytest.hookimpl(wrapper=True)
def pytest_collection(session: pytest.Session) -> object:
    """Collect without the garbage collector's passes, then freeze what collection built out of the later ones.

    Collection imports the libraries, rewrites the asserts of every test module and builds the lessons that tests are
    parametrized over: all of it stays for the whole run and holds almost no garbage, but each full pass walks it all
    again (3 of a cold collection's 11 s; 6 s a worker over the run).  The tests' own garbage is collected as usual.
    """
    enabled = gc.isenabled()
    gc.disable()
    try:
        if staggered(session.config):
            for path in sorted(HERE.glob("test_*.py"), reverse=True):
                # collection itself reports a module that does not import, or skips or fails as it does
                with contextlib.suppress(Exception, pytest.skip.Exception, pytest.fail.Exception):
                    importlib.import_module(path.stem)  # the name collection gives it: tests/ is on the path
        return (yield)
    finally:
        gc.collect()
        gc.freeze()
        if enabled:
            gc.enable()


def pytest_make_parametrize_id(config: pytest.Config, val: object, argname: str) -> str | None:
    """A long text or bytes parameter is named by its start and a digest (unique, and readable in a report)."""
    if isinstance(val, int) and not isinstance(val, bool) and val.bit_length() > 130:  # more than 40 digits
        return f"int-of-{len(str(val))}-digits-{hashlib.sha256(str(val).encode()).hexdigest()[:8]}"
    if isinstance(val, str | bytes) and len(val) > 40:
        data = val if isinstance(val, bytes) else val.encode("utf-8", "surrogatepass")
        start = (val[:24].decode("latin-1") if isinstance(val, bytes) else val[:24]).encode("unicode_escape")
        return f"{start.decode('ascii')}...{hashlib.sha256(data).hexdigest()[:8]}"
    return None


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Give every test its layer, and refuse a test id too long to read."""
    long = [item.nodeid for item in items if len(item.nodeid) > ID_CHARS]
    if long:
        raise pytest.UsageError(f"{len(long)} test ids have more than {ID_CHARS} characters (give the "
                                f"parameters ids=), the first: {long[0][:120]}...")
    for item in items:
        nodeid = item.nodeid
        if not nodeid.startswith("tests/"):  # the doctests in tutor/: quick units
            item.add_marker(pytest.mark.unit)
            continue
        if getattr(getattr(item, "obj", None), "is_hypothesis_test", False):
            item.add_marker(pytest.mark.property)
        elif in_list(nodeid, E2E):
            item.add_marker(pytest.mark.e2e)
        else:
            item.add_marker(pytest.mark.unit)
        if in_list(nodeid, SLOW) or in_list(nodeid, E2E):
            item.add_marker(pytest.mark.slow)
