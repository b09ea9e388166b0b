"""The deployment's secrets, from SSM Parameter Store (``SecureString`` under ``SECRETS_PATH``,
template parameter ``SecretsPath``): never in the template, the environment or the repository.

Values are cached per container for :data:`MAX_AGE_SECONDS` (Powertools Parameters), so a
rotated value (``aws ssm put-parameter --overwrite``) is picked up within that time. A
function that reads a secret needs ``ssm:GetParameter`` on that parameter's ARN only.
See docs/operations.md ("Secrets") for the names and how to rotate them.
"""

from __future__ import annotations

from service.config import settings
from service.errors import ServiceUnavailable

MAX_AGE_SECONDS = 300


def parameter_name(name: str) -> str:
    """The full SSM name of secret ``name`` (``"vapid"`` -> ``/mtaa/vapid``)."""
    return settings().secrets_path + name


def get(name: str) -> str:
    """The decrypted value of secret ``name``; :class:`ServiceUnavailable` when SSM cannot
    give it (missing parameter, no permission, SSM down)."""
    # Cold start: the parameter store client loads when a secret is first read.
    from aws_lambda_powertools.utilities import parameters
    from aws_lambda_powertools.utilities.parameters.exceptions import GetParameterError

    try:
        return parameters.get_parameter(parameter_name(name), decrypt=True,
                                        max_age=MAX_AGE_SECONDS)
    except GetParameterError as exc:
        raise ServiceUnavailable(f"the secret {name!r} is not available") from exc
