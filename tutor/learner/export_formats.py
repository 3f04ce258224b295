"""The export formats by name, and reading an export back whatever its format (JSON or xAPI)."""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator

from tutor.learner.export import ExportError, Records, Source, json_chunks, records_of, to_json
from tutor.learner.export_datashop import HEAD, datashop_chunks, to_datashop
from tutor.learner.export_xapi import from_xapi, to_xapi, xapi_chunks
from tutor.limits import EXPORT_DEPTH, nesting

WRITERS: dict[str, Callable[[Records], str]] = {"json": to_json, "xapi": to_xapi, "datashop": to_datashop}
CHUNKS: dict[str, Callable[[Source], Iterator[str]]] = {"json": json_chunks, "xapi": xapi_chunks,
                                                        "datashop": datashop_chunks}
FORMATS = tuple(WRITERS)  # tutor progress --export FILE --format NAME


def write(records: Records, form: str) -> str:
    """``records`` in the format ``form`` (one of ``FORMATS``)."""
    return WRITERS[form](records)


def chunks(records: Source, form: str) -> Iterator[str]:
    """``write(records, form)`` in pieces, a record at a time, to be written one after another (``export_file``):
    the text is the same, and never held whole."""
    return CHUNKS[form](records)


class DataShopTable(ExportError):
    """The file read back is a DataShop table: written for DataShop, never read back (each command says what it
    reads instead)."""


def read_records(raw: str, where: str) -> Records:
    """A JSON export (an object with ``attempts``) or an xAPI export (a list of statements, or an object with
    ``statements``) read back; ``ExportError`` naming ``where`` if it is neither or malformed."""
    if raw.lstrip("\ufeff").startswith(HEAD[0] + "\t"):
        raise DataShopTable(f"{where} is a DataShop table, which is written for DataShop and not read back: import "
                          "an export in the json or xapi format")
    try:
        data = json.loads(raw)
    except ValueError as err:
        raise ExportError(f"{where} is not JSON ({err})") from None
    except RecursionError:  # deeper than Python's recursion limit: far past the limit
        raise EXPORT_DEPTH.error(f"{where} nests its lists and objects too deeply") from None
    depth = nesting(data)
    EXPORT_DEPTH.check(depth, f"{where} nests its lists and objects {depth} deep")
    if isinstance(data, list) or (isinstance(data, dict) and "statements" in data):
        return from_xapi(data, where)
    if isinstance(data, dict) and "attempts" in data:
        return records_of(data, where)
    raise ExportError(f"{where} is not a tutor progress export (a JSON export with 'attempts', or xAPI "
                      "statements); a DataShop table is written for DataShop, not read back")
