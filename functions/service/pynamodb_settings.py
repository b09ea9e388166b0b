"""PynamoDB's settings for the service (read through ``PYNAMODB_CONFIG``, which template.yaml's
Globals set to this file): the same retry policy and timeouts as :mod:`service.clients`.

PynamoDB's defaults (15 s connect, 30 s read) would outlast the Lambda timeout, so a stuck
DynamoDB call would end the invocation instead of answering 503. ``MTAA_SDK_READ_TIMEOUT``
overrides the read timeout (the local stack lengthens it: moto on a loaded laptop is slower
than DynamoDB).
"""

from service.config import settings

connect_timeout_seconds = 1
read_timeout_seconds = settings().sdk_read_timeout
max_retry_attempts = 2
retry_configuration = {"mode": "standard", "total_max_attempts": 3}
