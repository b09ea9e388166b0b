"""Read ``template.yaml`` the way the local stack needs it: functions (handler, routes, bus
rules, name), tables, the bus, the schedule group and the global environment, with
CloudFormation intrinsics resolved to local names.

Local physical names: a table or bus is named after its logical id unless the template names
it; ``AWS::StackName`` is ``mtaa-local``; function ARNs use the local account and region.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

ROOT = Path(__file__).resolve().parent.parent
TEMPLATE = ROOT / "template.yaml"
STACK = "mtaa-local"
REGION = "us-east-1"
ACCOUNT = "123456789012"
PSEUDO = {
    "AWS::StackName": STACK,
    "AWS::Region": REGION,
    "AWS::AccountId": ACCOUNT,
    "AWS::Partition": "aws",
    "AWS::URLSuffix": "amazonaws.com",
}


def _local_path(value: str) -> str:
    """Lambda's code directory (``/var/task``) is ``functions/`` locally."""
    if value.startswith("/var/task/"):
        return str(ROOT / "functions" / value.removeprefix("/var/task/"))
    return value


class _Loader(yaml.SafeLoader):
    """SafeLoader that turns CloudFormation short tags into their long (dict) form."""


def _intrinsic(loader: _Loader, suffix: str, node: yaml.Node) -> dict[str, Any]:
    name = "Ref" if suffix == "Ref" else f"Fn::{suffix}"
    if isinstance(node, yaml.ScalarNode):
        value: Any = loader.construct_scalar(node)
        if suffix == "GetAtt":
            value = value.split(".", 1)
    elif isinstance(node, yaml.SequenceNode):
        value = loader.construct_sequence(node, deep=True)
    else:
        value = loader.construct_mapping(node, deep=True)
    return {name: value}


_Loader.add_multi_constructor("!", _intrinsic)


def load_template(path: Path = TEMPLATE) -> dict[str, Any]:
    """The template as plain data (intrinsics as ``{"Ref": ...}`` / ``{"Fn::Sub": ...}``)."""
    return yaml.load(path.read_text(), Loader=_Loader)


@dataclass
class LocalFunction:
    """One ``AWS::Serverless::Function`` as the local stack runs it."""

    logical_id: str
    handler: str
    name: str
    routes: list[tuple[str, str]] = field(default_factory=list)
    rules: list[dict[str, Any]] = field(default_factory=list)
    timeout: int = 3
    """Seconds an invocation may run (``Timeout``, from the function or the Globals)."""
    environment: dict[str, str] = field(default_factory=dict)
    schedules: list[str] = field(default_factory=list)
    """Recurring schedule expressions (``rate(5 minutes)``) of ``Schedule`` events."""
    async_retries: int = 2
    """Lambda's retries of a failed asynchronous invocation (``EventInvokeConfig``)."""
    on_failure: str | None = None
    """ARN of the queue a failed asynchronous invocation goes to after its retries."""

    @property
    def arn(self) -> str:
        return f"arn:aws:lambda:{REGION}:{ACCOUNT}:function:{self.name}"


class LocalTemplate:
    """The template with intrinsics resolved for the local stack."""

    def __init__(self, data: dict[str, Any] | None = None, parameters: dict[str, str] | None = None):
        self.data = data or load_template()
        self.resources: dict[str, dict[str, Any]] = self.data.get("Resources", {})
        self.parameters = {
            name: str(spec.get("Default", ""))
            for name, spec in self.data.get("Parameters", {}).items()
        }
        self.parameters.update(parameters or {})

    # ------------------------------------------------------------------ names
    def physical_name(self, logical_id: str) -> str:
        resource = self.resources[logical_id]
        props = resource.get("Properties", {}) or {}
        for key in ("TableName", "Name", "FunctionName", "QueueName"):
            if key in props:
                return str(self.resolve(props[key]))
        return logical_id

    def arn(self, logical_id: str) -> str:
        kind = self.resources[logical_id]["Type"]
        name = self.physical_name(logical_id)
        if kind == "AWS::Serverless::Function":
            return f"arn:aws:lambda:{REGION}:{ACCOUNT}:function:{name}"
        if kind == "AWS::IAM::Role":
            return f"arn:aws:iam::{ACCOUNT}:role/{name}"
        if kind == "AWS::SQS::Queue":
            return f"arn:aws:sqs:{REGION}:{ACCOUNT}:{name}"
        if kind == "AWS::Events::EventBus":
            return f"arn:aws:events:{REGION}:{ACCOUNT}:event-bus/{name}"
        if kind == "AWS::SNS::Topic":
            return f"arn:aws:sns:{REGION}:{ACCOUNT}:{name}"
        if kind == "AWS::DynamoDB::Table":
            return f"arn:aws:dynamodb:{REGION}:{ACCOUNT}:table/{name}"
        if kind == "AWS::Scheduler::ScheduleGroup":
            return f"arn:aws:scheduler:{REGION}:{ACCOUNT}:schedule-group/{name}"
        return f"arn:aws:local:{REGION}:{ACCOUNT}:{logical_id}"

    def resolve(self, value: Any) -> Any:
        """Resolve ``Ref``, ``Fn::GetAtt``, ``Fn::Sub`` and ``Fn::Join`` for local use."""
        if isinstance(value, list):
            return [self.resolve(v) for v in value]
        if not isinstance(value, dict):
            return value
        if len(value) != 1:
            return {k: self.resolve(v) for k, v in value.items()}
        (key, arg), = value.items()
        if key == "Ref":
            if arg in PSEUDO:
                return PSEUDO[arg]
            if arg in self.parameters:
                return self.parameters[arg]
            return self.physical_name(arg)
        if key == "Fn::GetAtt":
            logical_id, attribute = arg
            if attribute == "Arn":
                return self.arn(logical_id)
            return self.physical_name(logical_id)
        if key == "Fn::Sub":
            text, extra = (arg, {}) if isinstance(arg, str) else (arg[0], arg[1])

            def sub(match: re.Match[str]) -> str:
                name = match.group(1)
                if name in extra:
                    return str(self.resolve(extra[name]))
                if "." in name:
                    return str(self.resolve({"Fn::GetAtt": name.split(".", 1)}))
                return str(self.resolve({"Ref": name}))

            return re.sub(r"\$\{([^}!]+)\}", sub, text)
        if key == "Fn::Join":
            sep, parts = arg
            return sep.join(str(self.resolve(p)) for p in parts)
        if key == "Fn::If":
            name, when_true, when_false = arg
            return self.resolve(when_true if self.condition(name) else when_false)
        return {key: self.resolve(arg)}

    def condition(self, name: str) -> bool:
        """The value of the template's condition ``name`` (``Fn::Equals``, ``Fn::Not``,
        ``Fn::And``, ``Fn::Or`` and ``Condition`` references)."""
        return self._truth(self.data.get("Conditions", {})[name])

    def _truth(self, expression: Any) -> bool:
        (key, arg), = expression.items()
        if key == "Fn::Equals":
            left, right = (self.resolve(a) for a in arg)
            return str(left) == str(right)
        if key == "Fn::Not":
            return not self._truth(arg[0])
        if key == "Fn::And":
            return all(self._truth(a) for a in arg)
        if key == "Fn::Or":
            return any(self._truth(a) for a in arg)
        if key == "Condition":
            return self.condition(arg)
        raise ValueError(f"unsupported condition function {key}")

    # ------------------------------------------------------------------ views
    def of_type(self, kind: str) -> dict[str, dict[str, Any]]:
        return {k: v for k, v in self.resources.items() if v.get("Type") == kind}

    def global_environment(self) -> dict[str, str]:
        variables = (
            self.data.get("Globals", {}).get("Function", {}).get("Environment", {}).get("Variables", {})
        )
        return {k: _local_path(str(self.resolve(v))) for k, v in variables.items()}

    def functions(self) -> list[LocalFunction]:
        out = []
        default_timeout = self.data.get("Globals", {}).get("Function", {}).get("Timeout", 3)
        for logical_id, resource in self.of_type("AWS::Serverless::Function").items():
            props = resource.get("Properties", {})
            fn = LocalFunction(
                logical_id=logical_id,
                handler=props["Handler"],
                name=self.physical_name(logical_id),
                timeout=int(props.get("Timeout", default_timeout)),
                environment={
                    k: str(self.resolve(v))
                    for k, v in props.get("Environment", {}).get("Variables", {}).items()
                },
            )
            invoke = props.get("EventInvokeConfig") or {}
            fn.async_retries = int(invoke.get("MaximumRetryAttempts", 2))
            failure = (invoke.get("DestinationConfig") or {}).get("OnFailure") or {}
            if failure.get("Destination"):
                fn.on_failure = str(self.resolve(failure["Destination"]))
            for event in (props.get("Events") or {}).values():
                event_props = event.get("Properties", {})
                if event["Type"] == "HttpApi":
                    fn.routes.append((event_props["Method"].upper(), event_props["Path"]))
                elif event["Type"] == "Schedule":
                    fn.schedules.append(str(self.resolve(event_props["Schedule"])))
                elif event["Type"] == "EventBridgeRule":
                    fn.rules.append({
                        "bus": self.resolve(event_props.get("EventBusName", "default")),
                        "pattern": self.resolve(event_props["Pattern"]),
                    })
            out.append(fn)
        return out

    def queues(self) -> list[str]:
        """Physical names of the template's SQS queues."""
        return [self.physical_name(q) for q in self.of_type("AWS::SQS::Queue")]

    def tables(self) -> dict[str, dict[str, Any]]:
        """Physical table name -> its resolved ``AWS::DynamoDB::Table`` properties."""
        return {
            self.physical_name(logical_id): self.resolve(resource.get("Properties", {}))
            for logical_id, resource in self.of_type("AWS::DynamoDB::Table").items()
        }
