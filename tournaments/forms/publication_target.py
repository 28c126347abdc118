"""A publication target's form, generated from its transport's fields (``tournaments/transports/``).

A secret field is a password input that never shows what is stored: on a target that has one it is
optional, its placeholder says "unchanged", and left empty the stored one is kept. The service checks
the settings and names the field of each mistake.
"""

from django import forms
from django.utils.translation import gettext_lazy as _

from tournaments.models import PublicationTarget
from tournaments.transports import Transport


class PublicationTargetForm(forms.Form):
    name = forms.CharField(label=_("Name"), max_length=PublicationTarget._meta.get_field("name").max_length)
    enabled = forms.BooleanField(label=_("Send to this target"), required=False, initial=True)

    def __init__(self, transport: Transport, *args, target: PublicationTarget | None = None, **kwargs):
        if target is not None:
            kwargs.setdefault("initial", {"name": target.name, "enabled": target.enabled, **target.config})
        super().__init__(*args, **kwargs)
        self.transport = transport
        for field in transport.fields:
            if field.secret:
                stored = target is not None and bool(target.secret)
                widget = forms.PasswordInput(
                    render_value=False, attrs={"placeholder": _("unchanged")} if stored else {}
                )
                required = field.required and not stored
            else:
                widget, required = forms.TextInput(), field.required
            self.fields[field.name] = forms.CharField(
                label=field.label, help_text=field.help, required=required, widget=widget, strip=not field.secret
            )

    @property
    def service_arguments(self) -> dict:
        """What the create and update services take: the settings, the secret apart ("" keeps the stored one)."""
        data = self.cleaned_data
        secret = self.transport.secret_field
        config = {field.name: data.get(field.name, "") for field in self.transport.fields if not field.secret}
        return {
            "name": data["name"],
            "enabled": data["enabled"],
            "config": config,
            "secret": data.get(secret.name, "") if secret else "",
        }
