"""API tokens (`Authorization: Token <token>`): a new one for each login, named by the
client, listed and revoked by their person (GET and DELETE /api/auth/tokens/, POST
/api/auth/logout/); each works for API_TOKEN_HOURS after it is given, and all are dropped
when their person's password changes.

The database keeps only each token's SHA-256 digest (`ApiToken.digest`): a token is 256
random bits, so its digest needs no salt, and nothing read from the table, or from a backup
of it, opens anything.
"""

from __future__ import annotations

import datetime
import hashlib
import secrets
from typing import Any

from django.contrib.auth import get_user_model
from django.contrib.auth.models import AbstractBaseUser
from django.db.models import QuerySet
from django.db.models.signals import pre_save
from django.dispatch import receiver
from django.utils import timezone
from rest_framework import exceptions
from rest_framework.authentication import TokenAuthentication

from tournament.models import ApiToken
from tournament.text import text_problem

#: The name of a token whose login named none and sent no usable User-Agent.
DEFAULT_NAME = "API token"

#: `last_used` is written at most this often for a token, not on every request.
LAST_USED_STEP = datetime.timedelta(minutes=1)


def digest(key: str) -> str:
    return hashlib.sha256(key.encode()).hexdigest()


def _given_since() -> datetime.datetime:
    """Tokens given before this have expired."""
    return timezone.now() - ApiToken.lifetime()


class ExpiringTokenAuthentication(TokenAuthentication):
    def authenticate_credentials(self, key: str) -> tuple[Any, ApiToken]:
        if not key.isascii() or not key.isalnum():  # tokens are hex; a NUL would be a 500
            raise exceptions.AuthenticationFailed("Invalid token.")
        token = ApiToken.objects.select_related("user").filter(digest=digest(key)).first()
        if token is None or not token.user.is_active:
            raise exceptions.AuthenticationFailed("Invalid token.")
        now = timezone.now()
        if token.expires <= now:
            token.delete()
            raise exceptions.AuthenticationFailed(
                "This API token has expired: ask for a new one at /api/auth/token/."
            )
        if token.last_used is None or token.last_used <= now - LAST_USED_STEP:
            ApiToken.objects.filter(pk=token.pk).update(last_used=now)
            token.last_used = now
        return token.user, token


def token_name(name: str | None, user_agent: str) -> str:
    """The name a login gave its token, else its client's User-Agent, else DEFAULT_NAME."""
    if name and name.strip():
        return name.strip()
    agent = user_agent.strip()[: ApiToken._meta.get_field("name").max_length]
    return agent if agent and text_problem(agent) is None else DEFAULT_NAME


def token_issue(user: AbstractBaseUser, name: str) -> tuple[ApiToken, str]:
    """A new token for `user`, and the token itself, which is never stored. The person's
    expired tokens go at the same time."""
    ApiToken.objects.filter(user=user, created__lte=_given_since()).delete()
    key = secrets.token_hex(32)
    return ApiToken.objects.create(user=user, name=name, digest=digest(key)), key


def tokens_of(user: AbstractBaseUser) -> QuerySet[ApiToken]:
    """The person's tokens that still work, the newest first."""
    return ApiToken.objects.filter(user=user, created__gt=_given_since())


def token_revoke(user: AbstractBaseUser, token_id: int) -> bool:
    """Revoke one of `user`'s tokens; False when they hold none with that id."""
    deleted, _ = ApiToken.objects.filter(user=user, pk=token_id).delete()
    return deleted > 0


@receiver(pre_save, sender=get_user_model(), dispatch_uid="tokens_drop_on_new_password")
def _drop_tokens_on_new_password(sender: Any, instance: AbstractBaseUser, **kwargs: Any) -> None:
    """A new password ends every token given under the old one."""
    if instance.pk is None:
        return
    stored = sender.objects.filter(pk=instance.pk).values_list("password", flat=True).first()
    if stored is not None and stored != instance.password:
        ApiToken.objects.filter(user_id=instance.pk).delete()
