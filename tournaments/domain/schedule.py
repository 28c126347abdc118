"""The whole schedule of a round robin, as Berger pairs per round."""

from .berger import Pair, berger_rounds, double_berger_rounds
from .presets import PairingSystem


def round_robin_schedule(teams: int, pairing: PairingSystem) -> list[list[Pair]]:
    if pairing == PairingSystem.DOUBLE_ROUND_ROBIN:
        return double_berger_rounds(teams)
    return berger_rounds(teams)


def tables_in_order(pairs: list[Pair]) -> list[Pair]:
    """Real matches keep the table order of the Berger table; a bye goes last, where TDs list it."""
    return [p for p in pairs if p[1] is not None] + [p for p in pairs if p[1] is None]


def legs(double_rounds: bool) -> tuple[int, ...]:
    """The matches each pair plays per round: one, or two with colours swapped in the second."""
    return (1, 2) if double_rounds else (1,)
