"""Test set-up shared by every test.

The environment is set from ``template.yaml`` (the same names the local stack uses) before any
service module is imported, so PynamoDB models and settings agree with the provisioned tables.
Service tests run against moto in-process (``mock_aws``), started once per test process.
"""

from __future__ import annotations

import os

from local.aws import set_fake_credentials
from local.stack import LOCAL_PARAMETERS
from local.template import LocalTemplate

os.environ.pop("AWS_ENDPOINT_URL", None)
set_fake_credentials()
os.environ.update(LocalTemplate(parameters=LOCAL_PARAMETERS).global_environment())

import pytest  # noqa: E402


@pytest.fixture(scope="session")
def aws():
    """moto for the whole test process, with the template's tables, bus and schedule group."""
    from moto import mock_aws

    from local.aws import provision, serialize_dynamodb_writes

    serialize_dynamodb_writes()
    with mock_aws():
        provision(LocalTemplate(parameters=LOCAL_PARAMETERS))
        yield


@pytest.fixture
def api(aws):
    """An in-process HTTP client that routes like the template (see :mod:`tests.apiclient`)."""
    from tests.apiclient import ApiClient

    return ApiClient()
