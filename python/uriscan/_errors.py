"""The exception uriscan raises for a string that is not a URI reference."""

from __future__ import annotations

from typing import Optional, Union

__all__ = ["ParseError"]


class ParseError(ValueError):
    """A string is not a URI reference under the syntax asked for.

    Attributes:
        input: the text (``str``) or bytes that did not parse.
        index: where the first byte no valid continuation allows is: a code
            point index into a ``str`` input, a byte index into ``bytes``.
            An input that ends too early (``"http://[::1"``) fails at its
            length.
        byte_index: the same position as a byte offset (into the UTF-8
            encoding of a ``str``).
        kind: the grammar context there: ``"scheme"``, ``"authority"``,
            ``"userinfo"``, ``"host"``, ``"IP literal"``, ``"port"``,
            ``"path"``, ``"query"``, ``"fragment"``, ``"percent-encoding"``,
            ``"URI reference"`` or ``"input length"``.
        syntax: the grammar's name (``"rfc3986"``, ...).
        row: for the column functions of :mod:`uriscan.arrow` with
            ``strict=True``, the number of the row that failed (else ``None``).

    >>> import uriscan
    >>> try:
    ...     uriscan.parse("http://[::1")
    ... except uriscan.ParseError as e:
    ...     print(e.index, e.kind)
    11 IP literal
    """

    input: Union[str, bytes]
    index: int
    byte_index: int
    kind: str
    syntax: str
    row: Optional[int] = None

    def __init__(
        self,
        message: str,
        input: Union[str, bytes],
        index: int,
        kind: str,
        byte_index: int,
        syntax: str = "rfc3986",
    ) -> None:
        super().__init__(message)
        self.input = input
        self.index = index
        self.kind = kind
        self.byte_index = byte_index
        self.syntax = syntax

    def __reduce__(self):  # type: ignore[override]
        return (
            type(self),
            (str(self), self.input, self.index, self.kind, self.byte_index, self.syntax),
        )
