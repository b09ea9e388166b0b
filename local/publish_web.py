"""Upload the web client to a deployed stack (``make publish-web STACK=<name>``).

Reads the stack's outputs (``ApiUrl``, ``WebBucketName``, ``WebUrl``), uploads every file of
``web/`` to the bucket with its content type, and writes ``config.js`` there with the API's URL
(the copy in the repository keeps the same-origin default the local stack uses). Operators run
it after ``sam deploy``; it needs AWS credentials for the stack's account.
"""

from __future__ import annotations

import argparse
import json
import mimetypes

from local.template import ROOT

WEB = ROOT / "web"


def outputs(stack: str, region: str | None) -> dict[str, str]:
    """The stack's outputs by key."""
    import boto3

    cfn = boto3.client("cloudformation", region_name=region)
    found = cfn.describe_stacks(StackName=stack)["Stacks"][0].get("Outputs", [])
    return {o["OutputKey"]: o["OutputValue"] for o in found}


def publish(stack: str, region: str | None = None) -> str:
    """Upload ``web/`` to the stack's bucket; returns the web client's URL."""
    import boto3

    out = outputs(stack, region)
    bucket, api_url = out["WebBucketName"], out["ApiUrl"]
    s3 = boto3.client("s3", region_name=region)
    for path in sorted(WEB.rglob("*")):
        if not path.is_file() or path.name == "config.js":
            continue
        key = path.relative_to(WEB).as_posix()
        kind = mimetypes.guess_type(path.name)[0] or "application/octet-stream"
        if path.suffix == ".webmanifest":
            kind = "application/manifest+json"
        s3.put_object(Bucket=bucket, Key=key, Body=path.read_bytes(), ContentType=kind,
                      CacheControl="no-cache")
    config = f"window.MTAA_CONFIG = {json.dumps({'apiBase': api_url})};\n"
    s3.put_object(Bucket=bucket, Key="config.js", Body=config.encode(),
                  ContentType="text/javascript", CacheControl="no-cache")
    return out.get("WebUrl", f"s3://{bucket}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--stack", required=True, help="the CloudFormation stack name")
    parser.add_argument("--region", default=None)
    args = parser.parse_args()
    print(publish(args.stack, args.region))


if __name__ == "__main__":
    main()
