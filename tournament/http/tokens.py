"""API tokens (`Authorization: Token <token>`): good for API_TOKEN_HOURS after they are
given, dropped when their person's password changes, revoked by POST /api/auth/logout/."""

from __future__ import annotations

import datetime
from typing import Any

from django.conf import settings
from django.contrib.auth import get_user_model
from django.contrib.auth.models import AbstractBaseUser
from django.db.models.signals import pre_save
from django.dispatch import receiver
from django.utils import timezone
from rest_framework import exceptions
from rest_framework.authentication import TokenAuthentication
from rest_framework.authtoken.models import Token


def _expired(token: Token) -> bool:
    return token.created < timezone.now() - datetime.timedelta(hours=settings.API_TOKEN_HOURS)


class ExpiringTokenAuthentication(TokenAuthentication):
    def authenticate_credentials(self, key: str) -> tuple[Any, Token]:
        if not key.isascii() or not key.isalnum():  # tokens are hex; a NUL would be a 500
            raise exceptions.AuthenticationFailed("Invalid token.")
        user, token = super().authenticate_credentials(key)
        if _expired(token):
            token.delete()
            raise exceptions.AuthenticationFailed(
                "This API token has expired: ask for a new one at /api/auth/token/."
            )
        return user, token


def token_for(user: AbstractBaseUser) -> Token:
    """The person's token, a new one when theirs has expired."""
    token = Token.objects.filter(user=user).first()
    if token is not None and _expired(token):
        token.delete()
        token = None
    return token or Token.objects.create(user=user)


def token_revoke(token: Token) -> None:
    Token.objects.filter(pk=token.pk).delete()


@receiver(pre_save, sender=get_user_model(), dispatch_uid="tokens_drop_on_new_password")
def _drop_tokens_on_new_password(sender: Any, instance: AbstractBaseUser, **kwargs: Any) -> None:
    """A new password ends every token given under the old one."""
    if instance.pk is None:
        return
    stored = sender.objects.filter(pk=instance.pk).values_list("password", flat=True).first()
    if stored is not None and stored != instance.password:
        Token.objects.filter(user_id=instance.pk).delete()
