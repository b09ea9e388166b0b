"""Imported by the local stack's forkserver (``ProcessInvoker.PRELOAD``): builds the one thing
each worker would otherwise build again on its first request, the OpenAPI document (about 3 s
of CPU on an idle 2-core machine; every screen of the web client asks for it), so the workers
fork with it built. Lambda builds it once per container, on its first request."""

from api import openapi

openapi.document()
