"""Service errors. Each carries its HTTP status and a stable ``code``; the HTTP layer turns
them (and engine errors) into the one JSON error shape ``{"error": {"code", "message", ...}}``
in one place (:mod:`service.http`)."""

from __future__ import annotations

from typing import Any


class ApiError(Exception):
    """Base of every error a request can answer with."""

    status = 400
    code = "bad_request"

    def __init__(self, message: str, **details: Any):
        super().__init__(message)
        self.message = message
        self.details = details


class Unauthorized(ApiError):
    status = 401
    code = "unauthorized"


class Forbidden(ApiError):
    status = 403
    code = "forbidden"


class NotFound(ApiError):
    status = 404
    code = "not_found"


class Conflict(ApiError):
    status = 409
    code = "conflict"


class StaleVersion(Conflict):
    """The client's state version is no longer the stored one; ``current_version`` says which is."""

    code = "stale_version"


class VersionConflict(Exception):
    """Storage: the conditional write lost the race (another action saved first)."""


class Unprocessable(ApiError):
    status = 422
    code = "invalid_request"


class TooManyRequests(ApiError):
    status = 429
    code = "too_many_requests"


class ServiceUnavailable(ApiError):
    """A dependency failed or kept conflicting; nothing was applied. Answered with Retry-After."""

    status = 503
    code = "unavailable"
