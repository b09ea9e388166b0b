"""A browser's side of Web Push for tests: a subscription with real keys, and the decryption of
what a push service received (RFC 8291, aes128gcm)."""

from __future__ import annotations

import base64
import json
import os

import http_ece
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.hazmat.primitives.serialization import Encoding, PublicFormat


def b64(raw: bytes) -> str:
    return base64.urlsafe_b64encode(raw).rstrip(b"=").decode()


class Browser:
    """A browser's push subscription: its keys decrypt what the push service received."""

    def __init__(self, endpoint: str):
        self.key = ec.generate_private_key(ec.SECP256R1())
        self.auth = os.urandom(16)
        self.endpoint = endpoint

    def subscription(self) -> dict:
        """What ``PushSubscription.toJSON()`` gives."""
        public = self.key.public_key().public_bytes(Encoding.X962, PublicFormat.UncompressedPoint)
        return {"endpoint": self.endpoint, "expirationTime": None,
                "keys": {"p256dh": b64(public), "auth": b64(self.auth)}}

    def read(self, body: bytes) -> dict:
        """The notification's JSON payload from an encrypted push message body."""
        return json.loads(http_ece.decrypt(body, private_key=self.key, auth_secret=self.auth))
