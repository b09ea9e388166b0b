"""Secrets come from SSM Parameter Store under SECRETS_PATH, decrypted and cached."""

from __future__ import annotations

import boto3
import pytest

from service import secrets
from service.config import settings
from service.errors import ServiceUnavailable


def test_a_secret_is_read_decrypted_from_the_configured_path(aws, monkeypatch):
    monkeypatch.setenv("SECRETS_PATH", "/mtaa-test/")
    settings.cache_clear()
    boto3.client("ssm").put_parameter(Name="/mtaa-test/vapid-private-key", Type="SecureString",
                                      Value="-----BEGIN PRIVATE KEY-----abc")
    assert secrets.get("vapid-private-key") == "-----BEGIN PRIVATE KEY-----abc"


def test_a_missing_secret_is_a_503_not_a_crash(aws, monkeypatch):
    monkeypatch.setenv("SECRETS_PATH", "/mtaa-test/")
    settings.cache_clear()
    with pytest.raises(ServiceUnavailable):
        secrets.get("no-such-secret")
