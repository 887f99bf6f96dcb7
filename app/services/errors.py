"""Errors a user can cause. Each message is one clear sentence."""

from __future__ import annotations


class ServiceError(Exception):
    """Base class: the action was not carried out and nothing was written."""


class NotFoundError(ServiceError):
    """An id that does not exist."""


class RefusedError(ServiceError):
    """An action that the current state does not allow (e.g. accepting a dismissed suggestion)."""


class InvalidInputError(ServiceError):
    """Input that fails validation (empty name, bad amount, unreadable file)."""
