"""Lessons as data: the TOML lesson format, loading, seeded variants, and filling text from the engine.

* ``model``    - ``Lesson``, ``Step``, ``Mistake``, ``Pack`` (frozen values);
* ``text``     - ``{{name}}`` placeholders, TOML values;
* ``variants`` - seeded variants per learner;
* ``parse``    - a lesson's TOML into a ``Lesson``, errors naming file and key;
* ``catalog``  - bundled lessons, instructors' folders and packs.
"""

from __future__ import annotations

from tutor.course.catalog import Catalog, bundled_root, extra_dirs, load_catalog, load_file, load_roots
from tutor.course.model import Lesson, Mistake, Pack, Step
from tutor.course.parse import instantiate, parse_lesson
from tutor.course.text import fill, toml_value
from tutor.course.variants import variant_seed

__all__ = ["Catalog", "Lesson", "Mistake", "Pack", "Step", "bundled_root", "extra_dirs", "fill",
           "instantiate", "load_catalog", "load_file", "load_roots", "parse_lesson", "toml_value", "variant_seed"]
