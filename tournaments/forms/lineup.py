"""One team's lineup for one match: a choice per board among the players the rules allow there."""

from django import forms
from django.utils.translation import gettext

from tournaments.domain.lineup_choices import board_choices
from tournaments.domain.numbers import whole_number


class LineupForm(forms.Form):
    def __init__(self, *args, roster, rules, current, words, **kwargs):
        """``roster``: the team's players; ``current``: roster position per board (None = empty);
        ``words``: the discipline's names for a lineup's places."""
        super().__init__(*args, **kwargs)
        by_position = {player.position: player for player in roster}
        self.boards = rules.boards
        for board, allowed in enumerate(board_choices(len(by_position), rules), start=1):
            choices = [("", gettext(words.lineup_empty))] + [
                (str(position), _label(by_position[position], rules.boards)) for position in allowed
            ]
            # Only allowed players are offered, but any position is accepted here so that a
            # forged or outdated choice is refused by the rules with their paragraph, not a
            # generic "invalid choice".
            name = f"board_{board}"
            self.fields[name] = forms.IntegerField(
                label=gettext(words.lineup_field) % {"board": board},
                widget=forms.Select(choices=choices + self._sent_elsewise(name, choices, by_position)),
                required=False,
                initial=current[board - 1] if board <= len(current) else None,
            )

    def _sent_elsewise(self, name, choices, by_position) -> list[tuple[str, str]]:
        """A sent value the select does not offer (forged, or offered no more) stays selected when
        the form comes back with its error: shown as "empty", saving again would record a forfeit
        (issue 18 item 19)."""
        sent = self.data.get(self.add_prefix(name)) if self.is_bound else None
        if sent is None or sent in (value for value, label in choices):
            return []
        player = by_position.get(whole_number(sent))
        if player is not None:
            return [(sent, _label(player, self.boards))]
        return [(sent, gettext("“%(value)s” (not a player of this team)") % {"value": sent})]

    def clean(self):
        """A board the post does not name at all is refused: only a forged post leaves one out,
        and reading it as empty would record a forfeit."""
        for board in range(1, self.boards + 1):
            name = f"board_{board}"
            if self.add_prefix(name) not in self.data:
                self.add_error(
                    name, gettext("board %(board)d: no player was chosen; choose one or “empty”.") % {"board": board}
                )
        return super().clean()

    def positions(self) -> list[int | None]:
        return [self.cleaned_data[f"board_{board}"] for board in range(1, self.boards + 1)]

    def board_field(self, field: str) -> str | None:
        """The form field for a service error naming ``board 3``; None for the whole lineup."""
        name = field.replace("board ", "board_")
        return name if name in self.fields else None


def _label(player, boards: int) -> str:
    if player.position > boards:
        return gettext("%(name)s (substitute)") % {"name": player.name}
    return f"{player.position}. {player.name}"
