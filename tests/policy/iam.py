"""Evaluates IAM statements of the SAM-transformed template (Allow statements with wildcard
actions and resources, and the ``iam:PassedToService`` condition: all the template uses)."""

from __future__ import annotations

from collections.abc import Iterable
from fnmatch import fnmatchcase
from functools import cache
from typing import Any

from local.template import LocalTemplate
from tests.policy.calls import Call
from tests.policy.sam import transformed

AWS_MANAGED = {
    "arn:aws:iam::aws:policy/service-role/AWSLambdaBasicExecutionRole": [
        {"Effect": "Allow", "Action": ["logs:CreateLogGroup", "logs:CreateLogStream",
                                       "logs:PutLogEvents"], "Resource": "*"}],
    "arn:aws:iam::aws:policy/AWSXrayWriteOnlyAccess": [
        {"Effect": "Allow", "Action": ["xray:PutTraceSegments", "xray:PutTelemetryRecords",
                                       "xray:GetSamplingRules", "xray:GetSamplingTargets",
                                       "xray:GetSamplingStatisticSummaries"], "Resource": "*"}],
}


def as_list(value: Any) -> list[Any]:
    return value if isinstance(value, list) else [value]


@cache
def local_view() -> LocalTemplate:
    """The transformed template with intrinsics resolvable to the local stack's names."""
    return LocalTemplate(data=transformed())


def role_statements(role_id: str) -> list[dict[str, Any]]:
    """Every statement of a role: inline policies, customer managed policies it attaches and
    the AWS managed policies SAM attaches (their published statements)."""
    view = local_view()
    props = view.resources[role_id]["Properties"]
    out: list[dict[str, Any]] = []
    for policy in props.get("Policies", []):
        out.extend(as_list(policy["PolicyDocument"]["Statement"]))
    for arn in props.get("ManagedPolicyArns", []):
        if isinstance(arn, dict) and "Ref" in arn:
            out.extend(as_list(view.resources[arn["Ref"]]["Properties"]["PolicyDocument"]["Statement"]))
        else:
            out.extend(AWS_MANAGED.get(arn, []))
    return [view.resolve(statement) for statement in out]


def function_role(function_id: str) -> str:
    role = local_view().resources[function_id]["Properties"]["Role"]
    return role["Fn::GetAtt"][0]


def allows(statements: Iterable[dict[str, Any]], action: str, resource: str,
           passed_to_service: str | None = None) -> bool:
    for statement in statements:
        if statement.get("Effect") != "Allow":
            continue
        if not any(fnmatchcase(action.lower(), a.lower()) for a in as_list(statement["Action"])):
            continue
        if not any(fnmatchcase(resource, r) for r in as_list(statement.get("Resource", []))):
            continue
        condition = statement.get("Condition")
        if condition:
            wanted = condition.get("StringEquals", {}).get("iam:PassedToService")
            if set(condition) != {"StringEquals"} or wanted is None or wanted != passed_to_service:
                continue
        return True
    return False


def denied_calls(calls: Iterable[Call]) -> list[Call]:
    """The recorded calls that the calling function's role does not allow."""
    statements: dict[str, list[dict[str, Any]]] = {}
    denied = []
    for call in sorted(calls, key=lambda c: (c.function, c.action, c.resource)):
        if call.function not in statements:
            statements[call.function] = role_statements(function_role(call.function))
        if not allows(statements[call.function], call.action, call.resource, call.passed_to_service):
            denied.append(call)
    return denied
