"""Scheduled every ``BotRatingsFoldMinutes`` (template.yaml ``BotRatingsFunction``): moves the
bot levels' ratings by the results of the rated games against people that ended since
(:func:`service.ratings.fold_pending`: each result once, oldest first; docs/ratings.md)."""

from __future__ import annotations

from service import observability, ratings, snapstart

snapstart.prime(ratings.model)  # a restored function starts with the rating library loaded


def fold() -> dict:
    """Fold the queued results; returns ``{"pending", "folded", "conflicts"}``."""
    return ratings.fold_pending()


@observability.observed
def handler(event, context):
    return fold()
