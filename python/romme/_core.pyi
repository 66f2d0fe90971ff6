"""Type stubs for the Rust core ``romme._core`` (rust/romme-python)."""

__version__: str

def deck_types(game: str) -> list[tuple[int, str, int, int, str, int]]:
    """Card types of a game: ``(code, token, suit, rank, kind, copies)`` by code.

    ``suit`` is 255 for cards without a suit; ``kind`` is one of natural,
    joker, x, draw, stop, ban. Raises ``ValueError`` for an unknown game.
    """
