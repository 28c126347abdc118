from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _


class ApiToken(models.Model):
    """A named API key for scripts; only its SHA-256 digest is stored, the key is shown once."""

    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="api_tokens")
    name = models.CharField(_("name"), max_length=80)
    prefix = models.CharField(_("prefix"), max_length=12, help_text=_("The key's first characters, to recognise it."))
    digest = models.CharField(max_length=64, unique=True)
    created_at = models.DateTimeField(_("created"), auto_now_add=True)
    last_used_at = models.DateTimeField(_("last used"), null=True, blank=True)

    class Meta:
        ordering = ["user", "created_at", "id"]
        verbose_name = _("API token")
        verbose_name_plural = _("API tokens")

    def __str__(self):
        return f"{self.name} ({self.prefix}…)"


class PushToken(models.Model):
    """A hall's key for pushing one tournament's public archive to this public server (issue 31).

    Issued for a slug, not a tournament: the first push creates the tournament. Only the key's
    SHA-256 digest is stored, the key is shown once; a slug has at most one token in force.
    """

    slug = models.SlugField(_("slug"), max_length=80)
    prefix = models.CharField(_("prefix"), max_length=12, help_text=_("The key's first characters, to recognise it."))
    digest = models.CharField(max_length=64, unique=True)
    created_at = models.DateTimeField(_("created"), auto_now_add=True)
    created_by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, related_name="+")
    revoked_at = models.DateTimeField(_("revoked"), null=True, blank=True)
    last_used_at = models.DateTimeField(_("last used"), null=True, blank=True)

    class Meta:
        ordering = ["slug", "-created_at", "-id"]
        constraints = [
            # two directors issuing at once must not leave two keys in force (services/push_tokens.py retries)
            models.UniqueConstraint(
                fields=["slug"], condition=models.Q(revoked_at__isnull=True), name="one_push_token_in_force_per_slug"
            )
        ]
        verbose_name = _("push token")
        verbose_name_plural = _("push tokens")

    def __str__(self):
        return f"{self.slug} ({self.prefix}…)"
