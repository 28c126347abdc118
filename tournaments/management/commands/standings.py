import json

from django.utils.translation import gettext

from tournaments.domain.playoff import DECIDED_BY
from tournaments.selectors.standings import standings_for_tournament

from ._base import ArbiterCommand


class Command(ArbiterCommand):
    help = "Print the standings of a tournament, as a table or with --json."

    def add_arguments(self, parser):
        parser.add_argument("slug")
        parser.add_argument("--json", action="store_true", dest="as_json", help="machine-readable output")
        parser.add_argument("--round", type=int, dest="after_round", help="standings after this round")

    def handle(self, *args, slug, as_json: bool, after_round: int | None, **options):
        tournament = self.tournament(slug)
        standings = standings_for_tournament(tournament=tournament, after_round=after_round)
        if as_json:
            self.stdout.write(_dumps(standings))
        else:
            self.stdout.write(_table(standings, tournament.discipline_rules))


def _rank(row) -> str:
    return f"{row.rank}.–{row.rank_to}." if row.shared else f"{row.rank}."


def _value(value) -> str:
    if value is None:
        return "–"
    if isinstance(value, tuple):
        return "/".join(_value(v) for v in value)
    return f"{value:g}"


def _dumps(standings) -> str:
    rows = [
        {
            "rank": entry.row.rank,
            "rank_to": entry.row.rank_to,
            "entrant": entry.team.name,  # a team, or a player entered alone (Schach4)
            "points": entry.row.mp,  # match points, or placement points at tables (rules/README §4)
            "team": entry.team.name,  # "team", "mp" and "bp" as before, for readers of earlier output
            "mp": entry.row.mp,
            "bp": entry.row.bp,
            "tiebreaks": {code: list(v) if isinstance(v, tuple) else v for code, v in entry.row.tiebreaks.items()},
            "playoff_required": entry.row.playoff_required,
        }
        for entry in standings.rows
    ]
    playoff = [
        {
            "rank": p.row.rank,
            "rank_to": p.row.rank_to,
            "team": p.team.name,
            "mp": p.row.mp,
            "bw": p.row.bw,
            "fwb": list(p.row.fwb),
            "decided_by": p.row.decided_by,
        }
        for p in standings.playoff
    ]
    withdrawals = [
        {"team": w.team.name, "from_round": w.note.from_round, "applied": w.note.applied} for w in standings.withdrawals
    ]
    return json.dumps(
        {
            "after_round": standings.after_round,
            "final": standings.final,
            "standings": rows,
            "playoff": playoff,
            "withdrawals": withdrawals,
        },
        ensure_ascii=False,
        indent=2,
    )


def _table(standings, discipline) -> str:
    """As the standings page: the discipline's words and totals (no board points where a match or
    a table has one result), then the tie-breaks."""
    codes = [tb.code for tb in standings.tiebreaks]
    columns = discipline.standings_columns
    entrant = gettext(discipline.entrant_label)
    width = max([len(entrant), *(len(e.team.name) for e in standings.rows)])
    head = [
        f"{'#':>6}",
        f"{entrant:<{width}}",
        f"{gettext(discipline.score_code):>4}",
        *(f"{gettext(c.code):>5}" for c in columns),
    ]
    lines = ["  ".join(head + [f"{c:>8}" for c in codes])]
    for entry in standings.rows:
        row = entry.row
        mark = "  " + gettext("play-off required") if row.playoff_required else ""
        cells = [
            f"{_rank(row):>6}",
            f"{entry.team.name:<{width}}",
            f"{row.mp:>4g}",
            *(f"{c.value(row):>5g}" for c in columns),
        ]
        lines.append("  ".join(cells + [f"{_value(row.tiebreaks[c]):>8}" for c in codes]) + mark)
    if standings.playoff:
        lines += ["", gettext("Play-off (Blitz §16)")]
        for entry in standings.playoff:
            decided = gettext(DECIDED_BY[entry.row.decided_by]) if entry.row.decided_by else ""
            lines.append(
                f"{_rank(entry.row):>6}  {entry.team.name:<{width}}  {entry.row.mp:>4g}  {entry.row.bw:>5g}  {decided}"
            )
    for withdrawal in standings.withdrawals:
        lines += ["", f"{withdrawal.team.name}: {withdrawal.note.text(gettext)}"]
    lines.append("")
    lines += [f"{tb.code}: {gettext(tb.name)}" for tb in standings.tiebreaks]
    return "\n".join(lines)
