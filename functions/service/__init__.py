"""Shared service code for the Lambda functions: configuration, errors, storage, the action
pipeline, HTTP glue and authentication. Handlers in ``actions/``, ``api/`` and ``timers/`` stay
thin and call into this package."""
