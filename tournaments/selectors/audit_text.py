"""The audit trail in words for people: names instead of seeds and roster positions, local dates,
translated codes. Built from an entry's target columns and value type, never from its label."""

import json
from dataclasses import dataclass
from datetime import date, datetime

from django.core.exceptions import FieldDoesNotExist
from django.utils import formats, timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext

from tournaments.arbiter_labels import decision_text, kind_label, penalty_label
from tournaments.domain.formatting import points
from tournaments.models import AuditEntry, CaptainReport, Tournament, TournamentRole
from tournaments.transports import TRANSPORTS

Target = AuditEntry.Target
Value = AuditEntry.ValueType

SOURCES = {
    "desk": gettext_lazy("desk"),
    "api": gettext_lazy("API"),
    "command": gettext_lazy("command line"),
    "import": gettext_lazy("archive import"),
    "arbiter-decision": gettext_lazy("arbiter decision"),
    "captain": gettext_lazy("captain"),
}


@dataclass(frozen=True)
class AuditText:
    """One entry as the desk shows it: what changed, old and new in words, from where."""

    entry: AuditEntry
    what: str
    old: str
    new: str
    source: str
    stored: str  # old → new as stored (JSON), for the curious and for support
    revertable: bool = False


class AuditWording:
    """Words for the entries of one tournament; reads its teams and players once (two queries)."""

    def __init__(self, tournament: Tournament):
        self.tournament = tournament
        teams = list(tournament.teams.prefetch_related("players"))
        self.by_seed = {team.seed: team.name for team in teams}
        self.team_names = {team.pk: team.name for team in teams}
        self.players = {(team.pk, player.position): player.name for team in teams for player in team.players.all()}

    def text(self, entry: AuditEntry, *, revertable: bool = False) -> AuditText:
        old, new = (self.value(entry, value) for value in (entry.old_value, entry.new_value))
        source = str(SOURCES.get(entry.source, entry.source))
        stored = f"{_json(entry.old_value)} → {_json(entry.new_value)}"
        return AuditText(entry, self.what(entry), old, new, source, stored, revertable)

    def what(self, entry: AuditEntry) -> str:
        kind = entry.target_kind
        if kind in (Target.MATCH, Target.BOARD, Target.SEAT, Target.SIDE):
            parts = [match_words(entry.round_number, entry.table, entry.leg)]
            if kind == Target.BOARD:
                parts.append(_("board %(board)d") % {"board": entry.board})
            elif kind == Target.SEAT:
                parts.append(_("board %(board)d, seat %(seat)d") % {"board": entry.board, "seat": entry.seat})
            elif kind == Target.SIDE:
                parts.append(self.team_names.get(entry.team_id, entry.target))
            return " · ".join(parts)
        if kind == Target.ROUND and entry.round_number is not None:
            return _("Round %(number)d") % {"number": entry.round_number}
        if kind == Target.TEAM:
            return self.team_names.get(entry.team_id, entry.target)
        if kind == Target.SETTINGS:
            changed = entry.new_value or entry.old_value or {}
            return (
                f"{_('Settings')}: {_listed(map(_setting_name, changed))}"
                if isinstance(changed, dict)
                else _("Settings")
            )
        if kind == Target.PLAYOFF:
            return _("Drawing of lots") if entry.value_type == Value.LOTS else _("Play-off")
        if kind == Target.TOURNAMENT and entry.value_type == Value.STATUS:
            return _("Status")
        return entry.target  # the tournament's name, a username

    def value(self, entry: AuditEntry, value) -> str:
        if value is None or value == "" or value == []:
            return "–"
        words = self.WORDS.get(entry.value_type)
        try:
            return words(self, value, entry) if words else _json(value)
        except (AttributeError, KeyError, TypeError, ValueError):
            return _json(value)  # a value older than its wording: shown as stored, never a 500

    def _result(self, value, entry) -> str:
        return value

    def _match_result(self, value, entry) -> str:
        decision = decision_text(deciding_board=value["deciding_board"], decided_by=value["decided_by"])
        return f"{value['result']} ({decision})" if decision else value["result"]

    def _lineup(self, value, entry) -> str:
        """Roster positions per board, as the players' names."""
        return _listed(
            self.players.get((entry.team_id, position), position) if position else _("empty") for position in value
        )

    def _roster(self, value, entry) -> str:
        return _listed(value)

    def _pairing(self, value, entry) -> str:
        return "; ".join(
            f"{self.by_seed.get(first, first)} – {self.by_seed.get(second, second) if second else _('bye')}"
            for first, second in value
        )

    def _unpairing(self, value, entry) -> str:
        results = len(value.get("results") or {})
        deleted = ngettext("%(count)d result deleted", "%(count)d results deleted", results) % {"count": results}
        return f"{self._pairing(value['pairs'], entry)} ({deleted})"

    def _timestamp(self, value, entry) -> str:
        return _when(datetime.fromisoformat(value))

    def _created(self, value, entry) -> str:
        return "; ".join(f"{_setting_name(key)}: {_setting_value(key, setting)}" for key, setting in value.items())

    def _settings(self, value, entry) -> str:
        """The values only, in the order ``what`` names the settings."""
        return "; ".join(_setting_value(key, setting) for key, setting in value.items())

    def _status(self, value, entry) -> str:
        return str(Tournament.Status(value).label)

    def _import(self, value, entry) -> str:
        teams = ngettext("%(count)d team", "%(count)d teams", value["teams"]) % {"count": value["teams"]}
        rounds = ngettext("%(count)d round", "%(count)d rounds", value["rounds"]) % {"count": value["rounds"]}
        return f"{teams}, {rounds}"

    def _bundle(self, value, entry) -> str:
        per_page = value["forms_per_page"]
        return ngettext("%(count)d form per page", "%(count)d forms per page", per_page) % {"count": per_page}

    def _playoff(self, value, entry) -> str:
        rounds = ", ".join(map(str, value["rounds"]))
        return _("%(teams)s; rounds %(rounds)s") % {"teams": _listed(value["teams"]), "rounds": rounds}

    def _lots(self, value, entry) -> str:
        return _listed(f"{place}. {name}" for place, name in enumerate(value, start=1))

    def _incident(self, value, entry) -> str:
        parts = [kind_label(value["kind"], self.tournament.penalties[0])]
        if value.get("proposed"):
            parts.append(_("proposed: %(penalty)s") % {"penalty": penalty_label(value["proposed"])})
        return "; ".join(parts)

    def _decision(self, value, entry) -> str:
        if "decided" not in value:
            return (
                _("proposed: %(penalty)s") % {"penalty": penalty_label(value["proposed"])}
                if value.get("proposed")
                else "–"
            )
        reason = value.get("reason")
        return f"{penalty_label(value['decided'])} ({reason})" if reason else penalty_label(value["decided"])

    def _withdrawal(self, value, entry) -> str:
        forfeited = len(value.get("forfeited_matches") or [])
        return _("from round %(round)d; %(matches)s") % {
            "round": value["from_round"],
            "matches": ngettext("%(count)d match forfeited", "%(count)d matches forfeited", forfeited)
            % {"count": forfeited},
        }

    def _role(self, value, entry) -> str:
        return str(TournamentRole.Role(value).label)

    def _report(self, value, entry) -> str:
        """A captains' report: its state, who sent it, what it holds (board: result; the match's)."""
        held = "; ".join(
            f"{_('board %(board)d') % {'board': each['board']}}: {each['result']}"
            if each.get("board")
            else each.get("places") or each.get("result") or "–"
            for each in value.get("entries") or []
        )
        state = str(CaptainReport.State(value["state"]).label)
        team = f" ({value['team']})" if value.get("team") else ""
        return f"{state}{team}: {held}"

    def _publication_target(self, value, entry) -> str:
        """A publication target's kind and settings in words; of its secret only that a new one was given."""
        transport = TRANSPORTS.get(value["kind"])
        labels = {field.name: field.label for field in transport.fields} if transport else {}
        parts = [str(transport.label) if transport else value["kind"]]
        parts += [f"{labels.get(name, name)}: {setting}" for name, setting in value["config"].items() if setting]
        if not value["enabled"]:
            parts.append(_("switched off"))
        if value.get("secret") and transport and transport.secret_field:
            parts.append(_("%(field)s: a new one given") % {"field": transport.secret_field.label})
        if value.get("send"):
            parts.append(_("send now"))
        return "; ".join(parts)

    WORDS = {
        Value.RESULT: _result,
        Value.MATCH_RESULT: _match_result,
        Value.LINEUP: _lineup,
        Value.ROSTER: _roster,
        Value.PAIRING: _pairing,
        Value.UNPAIRING: _unpairing,
        Value.TIMESTAMP: _timestamp,
        Value.CREATED: _created,
        Value.SETTINGS: _settings,
        Value.STATUS: _status,
        Value.IMPORT: _import,
        Value.BUNDLE: _bundle,
        Value.PLAYOFF: _playoff,
        Value.LOTS: _lots,
        Value.INCIDENT: _incident,
        Value.DECISION: _decision,
        Value.WITHDRAWAL: _withdrawal,
        Value.ROLE: _role,
        Value.REPORT: _report,
        Value.PUBLICATION_TARGET: _publication_target,
    }


def audit_texts(tournament: Tournament, lines) -> list[AuditText]:
    """``lines``: entries, or ``AuditLine``s (entry with its revertable flag) of one tournament."""
    wording = AuditWording(tournament)
    return [wording.text(getattr(line, "entry", line), revertable=getattr(line, "revertable", False)) for line in lines]


def match_words(round_number: int, table: int, leg: int | None) -> str:
    """ "Round 3 · table 2", with the leg where a double round has a second one."""
    words = {"round": round_number, "table": table, "leg": leg}
    if leg and leg > 1:
        return _("Round %(round)d · table %(table)d, leg %(leg)d") % words
    return _("Round %(round)d · table %(table)d") % words


def _when(moment: datetime) -> str:
    return formats.date_format(timezone.localtime(moment), "SHORT_DATETIME_FORMAT")


def _listed(items) -> str:
    return ", ".join(map(str, items))


# Settings named otherwise in a change than on the model, and the parts of the match points.
SETTING_FIELDS = {"pairing": "pairing_system"}
SETTING_WORDS = {
    "match_points": gettext_lazy("match points"),
    "preset": gettext_lazy("preset"),
    "win": gettext_lazy("win"),
    "draw": gettext_lazy("draw"),
    "loss": gettext_lazy("loss"),
}


def _field(key: str):
    try:
        return Tournament._meta.get_field(SETTING_FIELDS.get(key, key))
    except FieldDoesNotExist:
        return None


def _setting_name(key: str) -> str:
    field = _field(key)
    return str(field.verbose_name if field else SETTING_WORDS.get(key, key))


def _setting_value(key: str, value) -> str:
    """Stored typed (or, before typed values, as ``str()``): dates, yes/no and choices in words."""
    if value in (None, "", "None"):
        return "–"
    if value in (True, "True"):
        return _("yes")
    if value in (False, "False"):
        return _("no")
    if isinstance(value, dict):
        return ", ".join(f"{SETTING_WORDS.get(part, part)} {points(number)}" for part, number in value.items())
    if isinstance(value, list):
        return _listed(value) or "–"
    if isinstance(value, str):
        try:
            return formats.date_format(date.fromisoformat(value), "SHORT_DATE_FORMAT")
        except ValueError:
            pass
        field = _field(key)
        return str(dict(field.flatchoices).get(value, value)) if field else value
    return str(value)


def _json(value) -> str:
    return json.dumps(value, ensure_ascii=False, separators=(", ", ": "))
