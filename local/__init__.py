"""The local stack: the whole service on one machine against moto (``make run``)."""
