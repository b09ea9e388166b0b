"""The policy check of template.yaml, on what CloudFormation would create (the real SAM
transform, tests/policy/sam.py): least privilege, failure handling, data protection,
observability. (cfn-lint runs separately in `make test` and must report nothing.)

The AWS calls each function really makes are checked against its role at the end of every
test process (tests/conftest.py, tests/policy/iam.py).
"""

from __future__ import annotations

from typing import Any

import pytest

from tests.policy.calls import iam_calls
from tests.policy.iam import as_list, denied_calls, function_role, local_view, role_statements
from tests.policy.sam import transformed

GUARDED = ("dynamodb:", "scheduler:", "ses:", "sns:", "sqs:", "events:", "ssm:",
           "secretsmanager:", "iam:", "lambda:")
"""Services whose grants must name their resources (no "*")."""
TTL_TABLES = {"SessionsTable": "expires_at", "IdempotencyTable": "expiration",
              "ThrottleTable": "expires_at", "PresenceTable": "expires_at",
              "PasswordResetsTable": "expires_at", "NotificationsTable": "expires_at"}


def resources(kind: str) -> dict[str, dict[str, Any]]:
    return {k: v for k, v in transformed()["Resources"].items() if v["Type"] == kind}


FUNCTIONS = sorted(resources("AWS::Lambda::Function"))


def test_each_function_has_its_own_role():
    roles = [function_role(f) for f in FUNCTIONS]
    assert len(set(roles)) == len(roles) == len(FUNCTIONS) > 50


@pytest.mark.parametrize("function", FUNCTIONS)
def test_grants_name_their_actions_and_resources(function):
    for statement in role_statements(function_role(function)):
        for action in as_list(statement["Action"]):
            assert action != "*" and not action.endswith(":*"), (function, action)
            if action.startswith(GUARDED):
                for resource in as_list(statement["Resource"]):
                    assert resource != "*" and not resource.endswith(":table/*"), (
                        function, action, resource)
            if action == "iam:PassRole":
                assert statement["Condition"] == {
                    "StringEquals": {"iam:PassedToService": "scheduler.amazonaws.com"}}


def test_the_scheduler_role_may_only_invoke_timers_and_write_the_dead_letter_queue():
    view = local_view()
    role = view.resolve(view.resources["SchedulerRole"]["Properties"])
    assert role["AssumeRolePolicyDocument"]["Statement"][0]["Principal"] == {
        "Service": "scheduler.amazonaws.com"}
    statements = [s for p in role["Policies"] for s in p["PolicyDocument"]["Statement"]]
    assert {a for s in statements for a in as_list(s["Action"])} == {
        "lambda:InvokeFunction", "sqs:SendMessage"}
    assert all("*" not in r or r.endswith("-deadline:live") for s in statements
               for r in as_list(s["Resource"]))


def test_the_policy_check_refuses_what_a_role_does_not_grant():
    """The evaluator the whole suite relies on: a read-only function may not write, an
    action function may not delete games, a PassRole to another service is refused."""
    calls = (iam_calls("LobbiesGetFunction", "dynamodb", "PutItem", {"TableName": "LobbiesTable"})
             + iam_calls("ActionsFunction", "dynamodb", "DeleteItem", {"TableName": "GamesTable"})
             + iam_calls("ActionsFunction", "dynamodb", "GetItem", {"TableName": "GamesTable"}))
    passed = iam_calls("DeadlineSchedulerFunction", "scheduler", "CreateSchedule",
                       {"Name": "dl-g-1800000000", "GroupName": "mtaa-local-timers",
                        "Target": {"RoleArn": "arn:aws:iam::123456789012:role/SchedulerRole"}})
    wrong_service = [type(passed[1])(passed[1].function, passed[1].action, passed[1].resource,
                                     "lambda.amazonaws.com")]
    denied = denied_calls(calls + passed + wrong_service)
    assert sorted((c.function, c.action) for c in denied) == sorted([
        ("LobbiesGetFunction", "dynamodb:PutItem"), ("ActionsFunction", "dynamodb:DeleteItem"),
        ("DeadlineSchedulerFunction", "iam:PassRole")])


def _async_targets() -> set[str]:
    """Functions invoked asynchronously: bus and schedule rule targets, Scheduler targets."""
    view = local_view()
    arns = {view.arn(f): f for f in FUNCTIONS}
    names = {view.physical_name(f): f for f in FUNCTIONS}
    aliases = {name: props["Properties"]["FunctionName"]["Ref"]
               for name, props in resources("AWS::Lambda::Alias").items()}
    out = set()
    for rule in resources("AWS::Events::Rule").values():
        for target in rule["Properties"]["Targets"]:
            arn = target["Arn"]
            # A function with SnapStart is invoked through its published alias.
            out.add(aliases[arn["Ref"]] if "Ref" in arn else arn["Fn::GetAtt"][0])
    role = view.resolve(view.resources["SchedulerRole"]["Properties"])
    for policy in role["Policies"]:
        for statement in policy["PolicyDocument"]["Statement"]:
            if statement["Action"] == "lambda:InvokeFunction":
                for arn in as_list(statement["Resource"]):
                    unqualified = ":".join(arn.split(":")[:7])
                    out.add(arns.get(unqualified) or names[unqualified.rsplit(":", 1)[-1]])
    return out


def test_every_async_target_retries_twice_then_dead_letters():
    targets = _async_targets()
    assert {"DeadlineSchedulerFunction", "DeadlineFunction", "SweepFunction"} <= targets
    configs = {c["Properties"]["FunctionName"]["Ref"]: c["Properties"]
               for c in resources("AWS::Lambda::EventInvokeConfig").values()}
    for function in targets:
        config = configs.get(function)
        assert config, f"{function} has no EventInvokeConfig"
        assert config["MaximumRetryAttempts"] == 2
        assert config["DestinationConfig"]["OnFailure"]["Destination"] == {
            "Fn::GetAtt": ["DeadLetterQueue", "Arn"]}
    for name, rule in resources("AWS::Events::Rule").items():
        for target in rule["Properties"]["Targets"]:
            assert target.get("RetryPolicy") and target.get("DeadLetterConfig"), name


def test_tables_are_on_demand_recoverable_protected_and_expire_what_they_should():
    tables = resources("AWS::DynamoDB::Table")
    assert len(tables) >= 12
    for name, table in tables.items():
        props = table["Properties"]
        assert props["BillingMode"] == "PAY_PER_REQUEST", name
        assert props["PointInTimeRecoverySpecification"] == {"PointInTimeRecoveryEnabled": True}, name
        assert props["DeletionProtectionEnabled"] == {"Fn::If": ["ProtectTables", True, False]}, name
    for name, attribute in TTL_TABLES.items():
        assert tables[name]["Properties"]["TimeToLiveSpecification"] == {
            "AttributeName": attribute, "Enabled": True}


def test_the_api_is_throttled_logged_and_cors_names_one_origin():
    api = next(iter(resources("AWS::ApiGatewayV2::Api").values()))["Properties"]
    cors = api["Body"]["x-amazon-apigateway-cors"]
    # WebOrigin (SAM substitutes the parameter's value), else the CloudFront URL; never "*".
    (choice,) = cors["allowOrigins"]
    condition, given, otherwise = choice["Fn::If"]
    assert condition == "HasWebOrigin" and given == ""
    assert otherwise["Fn::If"][1] == {"Fn::Sub": "https://${WebDistribution.DomainName}"}
    assert "*" not in transformed()["Parameters"]["WebOrigin"]["Default"]
    stage = next(iter(resources("AWS::ApiGatewayV2::Stage").values()))["Properties"]
    assert stage["DefaultRouteSettings"]["ThrottlingRateLimit"] == {"Ref": "ApiThrottlingRateLimit"}
    assert stage["DefaultRouteSettings"]["ThrottlingBurstLimit"] == {"Ref": "ApiThrottlingBurstLimit"}
    assert stage["AccessLogSettings"]["DestinationArn"] == {"Fn::GetAtt": ["ApiAccessLogGroup", "Arn"]}


def test_functions_log_json_to_a_group_with_retention_and_are_traced():
    groups = resources("AWS::Logs::LogGroup")
    assert all(g["Properties"]["RetentionInDays"] == {"Ref": "LogRetentionDays"}
               for g in groups.values())
    for name, function in resources("AWS::Lambda::Function").items():
        props = function["Properties"]
        assert props["LoggingConfig"]["LogFormat"] == "JSON", name
        assert props["LoggingConfig"]["LogGroup"] == {"Ref": "FunctionLogGroup"}, name
        assert props["TracingConfig"] == {"Mode": {"Ref": "Tracing"}}, name


def test_alarms_cover_errors_dead_letters_throttles_and_latency():
    alarms = resources("AWS::CloudWatch::Alarm")

    def metric_names(alarm: dict[str, Any]) -> set[str]:
        props = alarm["Properties"]
        names = {props.get("MetricName")}
        names |= {m["MetricStat"]["Metric"]["MetricName"] for m in props.get("Metrics", [])
                  if "MetricStat" in m}
        return names - {None}

    covered = set().union(*(metric_names(a) for a in alarms.values()))
    assert {"5xx", "ApproximateNumberOfMessagesVisible", "WriteThrottleEvents", "Throttles",
            "Latency"} <= covered
    assert all(a["Properties"]["AlarmActions"] == [{"Ref": "AlarmTopic"}] for a in alarms.values())
    latency = next(a for a in alarms.values() if "Latency" in metric_names(a))
    assert latency["Properties"]["ExtendedStatistic"] == "p99"
    assert resources("AWS::CloudWatch::Dashboard")


def test_no_secret_is_written_in_the_template():
    """Secrets come from SSM Parameter Store under SecretsPath: no environment variable or
    parameter default holds a key, password or token."""
    words = ("KEY", "SECRET", "PASSWORD", "TOKEN", "PRIVATE", "CREDENTIAL")
    template = transformed()
    for name, spec in template.get("Parameters", {}).items():
        if any(w in name.upper() for w in words):
            default = str(spec.get("Default", ""))
            assert spec.get("NoEcho") or not default or default.startswith("/"), name
    for name, function in resources("AWS::Lambda::Function").items():
        variables = function["Properties"].get("Environment", {}).get("Variables", {})
        for key, value in variables.items():
            if any(w in key.upper() for w in words):
                assert not isinstance(value, str) or value.startswith(("/", "arn:")), (name, key)
