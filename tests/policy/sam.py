"""template.yaml through the real AWS SAM transform (aws-sam-translator, offline): the roles,
policies, rules, permissions and invoke configs CloudFormation would create.

cfn-lint 1.x no longer expands SAM resources, so the policy checks run the translator
themselves, with the AWS managed policies SAM attaches given by name (no IAM call).
"""

from __future__ import annotations

from functools import cache
from typing import Any

from local.template import TEMPLATE

MANAGED = {
    "AWSLambdaBasicExecutionRole": "arn:aws:iam::aws:policy/service-role/AWSLambdaBasicExecutionRole",
    "AWSXrayWriteOnlyAccess": "arn:aws:iam::aws:policy/AWSXrayWriteOnlyAccess",
    "AWSLambdaRole": "arn:aws:iam::aws:policy/service-role/AWSLambdaRole",
}


class _Policies:
    def load(self) -> dict[str, str]:
        return MANAGED


@cache
def transformed() -> dict[str, Any]:
    """The CloudFormation template SAM produces from template.yaml (default parameters)."""
    import copy

    from samtranslator.model.exceptions import InvalidDocumentException
    from samtranslator.translator.transform import transform
    from samtranslator.yaml_helper import yaml_parse

    template = yaml_parse(TEMPLATE.read_text())
    # Local code paths become S3 URIs, as `sam package` would make them.
    template["Globals"]["Function"]["CodeUri"] = "s3://bucket/functions.zip"
    for resource in template["Resources"].values():
        props = resource.get("Properties") or {}
        for key in ("CodeUri", "ContentUri"):
            if isinstance(props.get(key), str):
                props[key] = f"s3://bucket/{props[key].strip('/')}.zip"
    try:
        return transform(copy.deepcopy(template), {}, _Policies())
    except InvalidDocumentException as exc:  # pragma: no cover - shows SAM's own messages
        raise AssertionError("; ".join(str(e) for e in exc.causes)[:2000]) from exc
