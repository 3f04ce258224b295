"""Lessons as data: the TOML lesson format, loading, seeded variants, and filling text from the engine.

* ``schema``   - the lesson file as typed models: the top level, and one model per kind of step;
* ``steps``    - ``Say``, ``Computed``, ``Written``, ``Game``: each owns what is asked of a step;
* ``model``    - ``Mistake``, ``Pack`` (frozen values);
* ``lesson``   - ``LessonTemplate`` (a file parsed once) and the ``Lesson`` it draws;
* ``text``     - ``{{name}}`` placeholders, TOML values;
* ``variants`` - seeded variants per learner;
* ``parse``    - a lesson's TOML into a template, errors naming file and key;
* ``catalog``  - bundled lessons, instructors' folders and packs.
"""

from __future__ import annotations

from tutor.course.catalog import Catalog, bundled_root, extra_dirs, load_catalog, load_file, load_roots
from tutor.course.lesson import Lesson, LessonTemplate, instantiate
from tutor.course.model import Mistake, Pack
from tutor.course.parse import parse_lesson
from tutor.course.steps import Step
from tutor.course.text import fill, toml_value
from tutor.course.variants import variant_seed

__all__ = ["Catalog", "Lesson", "LessonTemplate", "Mistake", "Pack", "Step", "bundled_root", "extra_dirs", "fill",
           "instantiate", "load_catalog", "load_file", "load_roots", "parse_lesson", "toml_value", "variant_seed"]
