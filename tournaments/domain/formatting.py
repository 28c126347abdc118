"""Numbers as chess people write them, one spelling for pages and printouts: 2½, places as 5.–6."""


def points(value: float | None) -> str:
    """2.5 → "2½", 0.5 → "½", 3.0 → "3"; None → "–". Rounded to the nearest half, never truncated."""
    if value is None:
        return "–"
    whole, half = divmod(round(float(value) * 2), 2)
    if not half:
        return str(whole)
    return f"{whole}½" if whole else "½"


def place(rank: int, rank_to: int) -> str:
    """A place, a shared one written as a range with an en dash: "5.–6."."""
    return f"{rank}." if rank == rank_to else f"{rank}.–{rank_to}."
