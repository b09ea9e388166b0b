"""Lobbies: who sits where before kickoff, who may see a table, and the dashboard index.

A lobby and the game it starts share one id. The ``Lobbies`` item is the single source of truth
for a table's membership and visibility: its owner, seats (account or bot ids; ``""`` is an
empty seat), pending player invitations, invited spectators, the invite link's hash and whether
it is public. The ``Memberships`` table (``account_id`` -> ``lobby_id``, with the strongest
role) is only an index for dashboards; every lobby write updates it in the same transaction,
with the lobby's version condition, so the two never disagree.

Rules (guide "Lobbies and invites", ``shared/seeds/000_fe1744ded917b034.txt``): private by
default; public only by a confirmed choice, and only while waiting; visibility locks at
kickoff; private tables invite by handle or invite link, and spectators by handle; public
tables are reached by their link, never listed on others' dashboards, and have no invite
tools; the owner fills empty seats with Base, Advanced or Smart bots and starts once at least
two are seated.
"""

from __future__ import annotations

import hashlib
import hmac
import json
import secrets
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import TYPE_CHECKING, Annotated, Any, Literal

from aws_lambda_powertools import Logger
from pydantic import Field, ValidationError
from pynamodb.attributes import (
    BooleanAttribute,
    NumberAttribute,
    UnicodeAttribute,
    VersionAttribute,
)
from pynamodb.exceptions import DoesNotExist, PynamoDBException, TransactWriteError
from pynamodb.models import Model
from pynamodb.transactions import TransactWrite

import engine
from service import accounts, chat, presence, races, storage, tables, throttle
from service import table_options as options_rules
from service.config import settings
from service.errors import (
    Conflict,
    Forbidden,
    NotFound,
    ServiceUnavailable,
    Unprocessable,
)
from service.observability import SERVICE

log = Logger(service=SERVICE, child=True)  # "mtaa.<module>": the parent's format and keys
MIN_SEATS, MAX_SEATS = 2, 8
"""Bounds of any table's size in requests; each ruleset's own range is checked too
(``Ruleset.min_players`` / ``max_players``)."""
MAX_OPTIONS_BYTES = options_rules.MAX_OPTIONS_BYTES
"""Largest JSON of a lobby's table options (the ruleset's ``table_options``)."""
MAX_INVITES = 20
"""Pending invitations (players and spectators, each) a lobby holds at most."""
ROLE_RANK = {"owner": 4, "player": 3, "spectator": 2, "invited": 1}


class LobbyStarted(Conflict):
    code = "lobby_started"


class PublicLobby(Conflict):
    code = "public_lobby"


class ConfirmationRequired(Unprocessable):
    code = "confirmation_required"


PUBLIC_NEEDS_CONFIRMATION = {
    "if": {"properties": {"public": {"const": True}}, "required": ["public"]},
    "then": {"properties": {"confirm_public": {"const": True}}, "required": ["confirm_public"]},
}
"""JSON Schema of the rule "public: true needs confirm_public: true" (request models)."""
LOBBY_SETTINGS_IN_OPTIONS = frozenset({"idle_timeout_seconds"})
"""Table options a lobby keeps as its own fields: given inside ``options`` they are held to the
same bounds (:mod:`service.table_options`) and kept as the lobby's field, so the lobby shows the
value its game is dealt with."""


def _inline(schema: Any, defs: dict[str, Any]) -> Any:
    """``schema`` with its ``$ref``s to ``defs`` replaced by what they name."""
    if isinstance(schema, dict):
        ref = schema.get("$ref")
        if isinstance(ref, str) and ref.startswith("#/$defs/"):
            return _inline(defs[ref.rsplit("/", 1)[1]], defs)
        return {k: _inline(v, defs) for k, v in schema.items() if k != "$defs"}
    if isinstance(schema, list):
        return [_inline(v, defs) for v in schema]
    return schema


def options_schema(ruleset: str) -> dict[str, Any]:
    """The JSON Schema of a lobby's ``options`` for ``ruleset``: its ``table_options`` with the
    service's bounds (:func:`service.table_options.schema`)."""
    rs = engine.get_ruleset(ruleset)
    full = options_rules.schema(ruleset)
    schema = _inline(full, full.get("$defs", {}))
    schema["description"] = f"the table options of {rs.title}"
    schema.pop("title", None)
    return schema


def lobby_request_schema(schema: dict[str, Any], *, update: bool) -> None:
    """``json_schema_extra`` of the lobby create and update requests: "public needs
    confirm_public", and for each ruleset named in the request (or, for a new lobby, the
    default one) its seat range and its ``options``. Built only when the document is (the
    rulesets load then, not at a cold start)."""
    rules: list[dict[str, Any]] = [PUBLIC_NEEDS_CONFIRMATION]
    for name in engine.rulesets():
        rs = engine.get_ruleset(name)
        then = {"properties": {
            "table_size": {"minimum": rs.min_players, "maximum": rs.max_players},
            "options": {"anyOf": [options_schema(name), {"type": "null"}]}}}
        rules.append({"if": {"properties": {"ruleset": {"const": name}}, "required": ["ruleset"]},
                      "then": then})
        if name == engine.DEFAULT_RULESET and not update:
            rules.append({"if": {"not": {"required": ["ruleset"]}}, "then": then})
    schema["allOf"] = rules


class LobbyRecord(Model):
    """One table before and after kickoff (see the module docstring)."""

    class Meta:
        table_name = settings().lobbies_table

    lobby_id = UnicodeAttribute(hash_key=True)
    version = VersionAttribute()
    owner = UnicodeAttribute()
    ruleset = UnicodeAttribute()
    table_size = NumberAttribute()
    idle_timeout = NumberAttribute(null=True)
    options = UnicodeAttribute(null=True)
    stand_in_after = NumberAttribute(null=True)
    bot_delay = NumberAttribute(null=True)
    public = BooleanAttribute(default=False)
    status = UnicodeAttribute(default="waiting")
    seats = storage.list_of(UnicodeAttribute, default=list)
    invited = storage.list_of(UnicodeAttribute, default=list)
    spectators = storage.list_of(UnicodeAttribute, default=list)
    invite_hash = UnicodeAttribute(null=True)
    bots_added = NumberAttribute(default=0)
    name = UnicodeAttribute(null=True)
    number = NumberAttribute(null=True)
    rematch_id = UnicodeAttribute(null=True)
    held = storage.list_of(UnicodeAttribute, null=True)
    """A rematch's seats held for the people invited back (by seat; ``""``: none): each
    keeps the seat they had while their invitation stands (:func:`holder`)."""
    created_at = NumberAttribute()
    updated_at = NumberAttribute()


class MembershipRecord(Model):
    """Dashboard index: ``account_id`` takes part in ``lobby_id`` as ``role``."""

    class Meta:
        table_name = settings().memberships_table

    account_id = UnicodeAttribute(hash_key=True)
    lobby_id = UnicodeAttribute(range_key=True)
    role = UnicodeAttribute()
    updated_at = NumberAttribute()


# ---------------------------------------------------------------------------- roles
def roles(lobby: LobbyRecord) -> dict[str, str]:
    """Every account's strongest role at the table (bots excluded). Pending player
    invitations count only while the lobby waits; a cancelled lobby has no members."""
    if lobby.status == "cancelled":
        return {}
    out: dict[str, str] = {}

    def add(account_id: str, role: str) -> None:
        if account_id.startswith("acc_") and ROLE_RANK[role] > ROLE_RANK.get(out.get(account_id, ""), 0):
            out[account_id] = role

    if lobby.status == "waiting":
        for a in lobby.invited:
            add(a, "invited")
    for a in lobby.spectators:
        add(a, "spectator")
    for a in lobby.seats:
        if a:
            add(a, "player")
    add(lobby.owner, "owner")
    return out


@dataclass(frozen=True)
class Access:
    """The caller's standing at a table: ``role`` (``owner``, ``player``, ``spectator``,
    ``invited`` or ``visitor``) and seat (``None`` when not seated)."""

    role: str
    seat: int | None

    @property
    def member(self) -> bool:
        """Owner, seated player or invited spectator (may chat, is on dashboards)."""
        return self.role in ("owner", "player", "spectator")


def invite_token_hash(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def access(lobby: LobbyRecord, account_id: str, invite: str | None = None) -> Access:
    """The caller's standing, or :class:`NotFound` when the table is not theirs to see: a
    stranger learns nothing of a private table, not even that it exists (the answer is the one
    a made-up id gets), nor of a cancelled one.

    Public tables are visible to any signed-in account (reached by link); a private waiting
    lobby also to the holder of its current invite link token.
    """
    seat = list(lobby.seats).index(account_id) if account_id in lobby.seats else None
    role = roles(lobby).get(account_id)
    if role is not None:
        return Access(role, seat)
    if lobby.status != "cancelled" and (lobby.public or holds_link(lobby, invite)):
        return Access("visitor", None)
    raise NotFound(f"there is no lobby {lobby.lobby_id!r}")


def holds_link(lobby: LobbyRecord, invite: str | None) -> bool:
    """``invite`` is the waiting lobby's current invite-link token."""
    return bool(invite and lobby.status == "waiting" and lobby.invite_hash
                and hmac.compare_digest(lobby.invite_hash, invite_token_hash(invite)))


# ---------------------------------------------------------------------------- storage
def load(lobby_id: str) -> LobbyRecord:
    """The lobby ``lobby_id``; :class:`NotFound` when there is none."""
    try:
        return LobbyRecord.get(lobby_id, consistent_read=True)
    except DoesNotExist:
        raise NotFound(f"there is no lobby {lobby_id!r}") from None
    except PynamoDBException as exc:
        raise ServiceUnavailable("lobbies are not answering; try again") from exc


def membership_changes(tx: TransactWrite, lobby_id: str, before: dict[str, str],
                       after: dict[str, str], now: int) -> None:
    """Add to ``tx`` the ``Memberships`` index changes of lobby ``lobby_id`` from ``before``
    to ``after`` (account id -> role, :func:`roles`): a new or changed role saved (at ``now``,
    Unix seconds), a member gone deleted."""
    for account_id, role in after.items():
        if before.get(account_id) != role:
            tx.save(MembershipRecord(account_id, lobby_id, role=role, updated_at=now))
    for account_id in before.keys() - after.keys():
        tx.delete(MembershipRecord(account_id, lobby_id))


def written_with(lobby: LobbyRecord, before: dict[str, str]) -> Callable[[TransactWrite], None]:
    """Adds ``lobby`` (version-conditioned) and its membership index changes since ``before``
    to another write's transaction (the game's, at kickoff or when a seat is anonymised)."""
    now = int(time.time())
    lobby.updated_at = now

    def also(tx: TransactWrite) -> None:
        tx.save(lobby)
        membership_changes(tx, lobby.lobby_id, before, roles(lobby), now)

    return also


def save(lobby: LobbyRecord, before: dict[str, str],
         also: Callable[[TransactWrite], None] | None = None, new: bool = False) -> None:
    """Write ``lobby`` (version-conditioned) and its membership index changes since
    ``before`` in one transaction; ``also`` adds items (the game, at kickoff).

    Raises :class:`LostRace` when another write got there first.
    """
    now = int(time.time())
    lobby.updated_at = now
    with _transaction() as tx:
        if new:
            tx.save(lobby, condition=LobbyRecord.lobby_id.does_not_exist())
        else:
            tx.save(lobby)
        membership_changes(tx, lobby.lobby_id, before, roles(lobby), now)
        if also is not None:
            also(tx)


@contextmanager
def _transaction() -> Iterator[TransactWrite]:
    """A write transaction of lobby items: a cancelled one (a condition failed: the lobby
    changed since it was read) is :class:`LostRace`, any other failure
    :class:`ServiceUnavailable` (nothing was written)."""
    try:
        with storage.transaction() as tx:
            yield tx
    except TransactWriteError as exc:
        if exc.cause_response_code == "TransactionCanceledException":
            raise LostRace() from exc
        raise ServiceUnavailable("lobbies are not answering; nothing changed") from exc
    except PynamoDBException as exc:
        raise ServiceUnavailable("lobbies are not answering; nothing changed") from exc


class LostRace(Exception):
    """A lobby write lost the race: the lobby changed since it was read (reload and redo)."""


def change(lobby_id: str, edit: Callable[[LobbyRecord], object]) -> tuple[LobbyRecord, object]:
    """Load, ``edit`` in place (raising an :class:`~service.errors.ApiError` refuses and
    changes nothing), save; reload and redo on a lost race (bounded). Returns the saved lobby
    and what ``edit`` returned."""
    def attempt(_: int) -> tuple[LobbyRecord, object]:
        lobby = load(lobby_id)
        before = roles(lobby)
        result = edit(lobby)
        save(lobby, before, getattr(result, "also", None))
        return lobby, result

    return races.until_won(attempt, lost=(LostRace,), busy=busy())


def busy() -> ServiceUnavailable:
    """What a lobby change answers when every try lost its race (:func:`races.until_won`)."""
    return ServiceUnavailable("the lobby is busy; try again", retry_after=1)


# ---------------------------------------------------------------------------- checks
def require_owner(lobby: LobbyRecord, account_id: str) -> None:
    """The caller owns the lobby: :class:`NotFound` for whoever may not see it,
    :class:`Forbidden` for the others."""
    access(lobby, account_id)
    if lobby.owner != account_id:
        raise Forbidden("only the lobby's owner can do that")


def require_waiting(lobby: LobbyRecord) -> None:
    if lobby.status == "started":
        raise LobbyStarted("the game has started; the lobby is closed")
    if lobby.status != "waiting":
        raise NotFound("this lobby was cancelled")


def holder(lobby: LobbyRecord, seat: int) -> str | None:
    """Whom an empty seat of a rematch's lobby is held for (their old seat), ``None`` when
    nobody's: a hold lasts while its person's invitation stands (joining, declining or the
    invitation's withdrawal ends it)."""
    held = list(lobby.held or [])
    who = held[seat] if 0 <= seat < len(held) else ""
    return who if who and who in lobby.invited and not lobby.seats[seat] else None


def _first_empty(lobby: LobbyRecord, seat: int | None, me: str | None = None) -> int:
    """The seat ``me`` (``None``: a bot) takes: ``seat`` if free and not held for someone
    else; else their held seat, else the first free seat nobody else holds."""
    seats = list(lobby.seats)
    if seat is not None:
        if not 0 <= seat < int(lobby.table_size):
            raise Conflict(f"this table has seats 0 to {int(lobby.table_size) - 1}")
        if seats[seat]:
            raise Conflict(f"seat {seat} is taken")
        if holder(lobby, seat) not in (None, me):
            raise Conflict(f"seat {seat} is held for the player who sat there")
        return seat
    mine = [i for i in range(len(seats)) if me is not None and holder(lobby, i) == me]
    if mine:
        return mine[0]
    for index, occupant in enumerate(seats):
        if not occupant and holder(lobby, index) is None:
            return index
    raise Conflict("the table is full")


def _resize(lobby: LobbyRecord, size: int) -> None:
    seats = list(lobby.seats)
    if size < len(seats):
        if any(seats[size:]):
            raise Conflict("empty the seats beyond the new table size first")
        seats = seats[:size]
    lobby.seats = seats + [""] * (size - len(seats))
    lobby.table_size = size


def _set_public(lobby: LobbyRecord, public: bool, confirmed: bool) -> None:
    if public and not confirmed:
        raise ConfirmationRequired(
            "anyone with the link will be able to join: send confirm_public: true to go public")
    lobby.public = public
    if public:
        lobby.invited = []
        lobby.invite_hash = None


if TYPE_CHECKING:
    RulesetName = str
else:
    # Built from the registry when loaded: a type checker sees the name's type (str).
    RulesetName = Annotated[Literal[tuple(engine.rulesets())],
                            Field(description="a ruleset of the registry")]
"""Request field type of a ruleset name (the registry's names, as an enum in /openapi.json)."""


def demo_options(ruleset: str, max_turns: int) -> dict[str, Any]:
    """A demo game's options: the deployment's turn cap where the ruleset has one."""
    known = options_rules.model(ruleset).model_fields
    return {"max_turns": max_turns} if max_turns and "max_turns" in known else {}


MAX_IDLE_TURNS_BEFORE_BOT = 20
MAX_BOT_DELAY = 30
IdleTurnsBeforeBot = Annotated[int | None, Field(
    ge=0, le=MAX_IDLE_TURNS_BEFORE_BOT,
    description="idle deadlines in a row after which a Base bot plays the seat until its "
                "player takes it back (0: never); default: the deployment's")]
BotDelaySeconds = Annotated[int | None, Field(
    ge=0, le=MAX_BOT_DELAY,
    description="pause between bot moves, so people can follow; default: the deployment's")]
"""Request field types of the table settings (create and update)."""


@dataclass(frozen=True)
class TableSettings:
    """Table settings beyond size and ruleset, copied to the game at kickoff: the idle-turn
    deadline (seconds), the idle deadlines in a row after which a Base bot takes a seat (0:
    never) and the pause between bot moves (seconds). ``None``: the deployment's default."""

    idle_timeout: int | None = None
    idle_turns_before_bot: int | None = None
    bot_delay: int | None = None

    def check(self) -> None:
        if self.idle_turns_before_bot is not None and not (
                0 <= self.idle_turns_before_bot <= MAX_IDLE_TURNS_BEFORE_BOT):
            raise Unprocessable(f"idle_turns_before_bot must be 0 to {MAX_IDLE_TURNS_BEFORE_BOT}")
        if self.bot_delay is not None and not 0 <= self.bot_delay <= MAX_BOT_DELAY:
            raise Unprocessable(f"bot_delay_seconds must be 0 to {MAX_BOT_DELAY}")

    def apply(self, lobby: LobbyRecord) -> None:
        if self.idle_timeout is not None:
            lobby.idle_timeout = self.idle_timeout
        if self.idle_turns_before_bot is not None:
            lobby.stand_in_after = self.idle_turns_before_bot
        if self.bot_delay is not None:
            lobby.bot_delay = self.bot_delay


def game_settings(lobby: LobbyRecord) -> dict:
    """The lobby's settings as the game record keeps them (deployment defaults filled in)."""
    config = settings()
    return {
        "stand_in_after": int(config.default_stand_in_after if lobby.stand_in_after is None
                              else lobby.stand_in_after),
        "bot_delay": int(config.default_bot_delay if lobby.bot_delay is None else lobby.bot_delay),
    }


def naming(lobby: LobbyRecord) -> dict[str, Any]:
    """What the game record keeps of the lobby's name (:mod:`service.tables`): the owner's
    ``name`` and the table's ``number``."""
    return {"name": lobby.name or None,
            "number": int(lobby.number) if lobby.number is not None else None}


def check_settings(ruleset: str, table_size: int, idle_timeout: int | None,
                   options: dict[str, Any] | None = None) -> None:
    """Refuse (:class:`Unprocessable`) a ruleset the registry does not know, a table size
    outside its seat range, an idle timeout outside 1 minute to 7 days and table options its
    ``table_options`` refuses."""
    if ruleset not in engine.rulesets():
        raise Unprocessable(f"ruleset must be one of {', '.join(engine.rulesets())}")
    rs = engine.get_ruleset(ruleset)
    if not rs.min_players <= table_size <= rs.max_players:
        raise Unprocessable(f"table_size must be {rs.min_players} to {rs.max_players} for "
                            f"{rs.title}")
    if idle_timeout is not None:
        options_rules.check_bounds("idle_timeout_seconds", idle_timeout)
    if options:
        table_options(ruleset, options)


def table_options(ruleset: str, options: dict[str, Any]) -> dict[str, Any]:
    """``options`` checked (:func:`service.table_options.check`: the ruleset's model, the
    service's bounds, a trial deal); raises :class:`Unprocessable` naming the first misfit."""
    return options_rules.check(ruleset, options)


def lift_settings(idle_timeout: int | None, options: dict[str, Any] | None,
                  ) -> tuple[int | None, dict[str, Any] | None]:
    """The lobby's idle timeout and its ``options`` with the settings a lobby keeps as its own
    fields (:data:`LOBBY_SETTINGS_IN_OPTIONS`) taken out of them: ``idle_timeout_seconds``
    given inside ``options`` becomes the lobby's, after the same bounds
    (:class:`Unprocessable` when it is given both ways with two values: each is valid alone,
    the request contradicts itself)."""
    if not options or "idle_timeout_seconds" not in options:
        return idle_timeout, options
    inner = options["idle_timeout_seconds"]
    if isinstance(inner, float) and inner.is_integer():  # JSON's 3600.0 is a whole number
        inner = int(inner)
    if isinstance(inner, bool) or not isinstance(inner, int):
        raise Unprocessable("options.idle_timeout_seconds: must be a whole number of seconds")
    options_rules.check_bounds("idle_timeout_seconds", inner, "options.")
    if idle_timeout is not None and idle_timeout != inner:
        raise Unprocessable("idle_timeout_seconds is given twice with two values: give it once")
    rest = {k: v for k, v in options.items() if k != "idle_timeout_seconds"}
    return inner, rest


def lobby_options(lobby: LobbyRecord) -> dict[str, Any]:
    """The lobby's table options (the ruleset's, as the owner set them)."""
    return json.loads(lobby.options) if lobby.options else {}


SECRET_OPTIONS = frozenset({"scripted"})
"""Table options never shown on a lobby: a scripted table's fixed outcomes stay sealed until its
game ends (``service.fairness``)."""


def shown_options(lobby: LobbyRecord) -> dict[str, Any]:
    """The lobby's table options as its members and invitees see them before joining: every
    option of its ruleset with the value the game will be dealt with (the owner's, else the
    ruleset's default: response windows, the game clock, auction and deal times, a turn cap),
    without the settings shown as the lobby's own fields (:data:`LOBBY_SETTINGS_IN_OPTIONS`)
    and the secret ones (:data:`SECRET_OPTIONS`)."""
    given = lobby_options(lobby)
    try:
        full = options_rules.model(lobby.ruleset).model_validate(given).model_dump(
            mode="json")
    except (ValidationError, engine.EngineError):  # stored before a bound held: as stored
        full = given
    return {k: v for k, v in full.items()
            if k not in LOBBY_SETTINGS_IN_OPTIONS and k not in SECRET_OPTIONS}


# ---------------------------------------------------------------------------- operations
def create(owner: str, ruleset: str, table_size: int, idle_timeout: int | None, public: bool,
           confirm_public: bool, table: TableSettings | None = None,
           options: dict[str, Any] | None = None, name: str | None = None) -> LobbyRecord:
    """A new waiting lobby owned by ``owner``, who takes seat 0. ``options``: the ruleset's
    table options (``Ruleset.table_options``: response windows, auction windows, a game
    clock...); ``idle_timeout_seconds`` among them becomes the lobby's own
    (:func:`lift_settings`). ``name``: the owner's name for the table (checked:
    :func:`service.tables.check_name`; none: the default, :func:`service.tables.table_name`)."""
    name = tables.check_name(name)
    options = options_rules.with_pace(ruleset, options, idle_timeout)
    idle_timeout, options = lift_settings(idle_timeout, options)
    check_settings(ruleset, table_size, idle_timeout, options)
    table = table or TableSettings()
    table.check()
    throttle.LOBBY.take({"owner": owner})
    now = int(time.time())
    lobby = LobbyRecord(secrets.token_urlsafe(16), owner=owner, ruleset=ruleset,
                        table_size=table_size, idle_timeout=idle_timeout, public=False,
                        status="waiting", seats=[owner] + [""] * (table_size - 1), invited=[],
                        spectators=[], created_at=now, updated_at=now,
                        options=json.dumps(options) if options else None, name=name)
    _set_public(lobby, public, confirm_public)
    table.apply(lobby)
    lobby.number = tables.next_number(owner, ruleset)
    try:
        save(lobby, {}, new=True)
    except LostRace:
        raise ServiceUnavailable("could not create the lobby; try again") from None
    return lobby


def update_settings(lobby_id: str, me: str, *, ruleset: str | None, table_size: int | None,
                    idle_timeout: int | None, public: bool | None,
                    confirm_public: bool, table: TableSettings | None = None,
                    options: dict[str, Any] | None = None,
                    name: str | None = None) -> LobbyRecord:
    """Change a waiting lobby's settings (owner). A new ruleset drops table options it does
    not know; ``options`` replace the table options (``idle_timeout_seconds`` among them becomes
    the lobby's own: :func:`lift_settings`). ``name``: a new name (``""``: back to the
    default; ``None``: kept)."""
    clear_name = name is not None and not name.strip()
    name = tables.check_name(name)
    if isinstance(options, dict) and "pace" in options:  # a pace is the game's (its ruleset's)
        options = options_rules.with_pace(ruleset or load(lobby_id).ruleset, options, idle_timeout)
    idle_timeout, options = lift_settings(idle_timeout, options)
    table = table or TableSettings()
    table.check()

    def edit(lobby: LobbyRecord) -> None:
        require_owner(lobby, me)
        require_waiting(lobby)
        new_ruleset = ruleset or lobby.ruleset
        kept = options if options is not None else lobby_options(lobby)
        if ruleset is not None and options is None:
            known = options_rules.model(new_ruleset).model_fields
            kept = {k: v for k, v in kept.items() if k in known}
        try:
            check_settings(new_ruleset, table_size if table_size is not None
                           else int(lobby.table_size), idle_timeout, kept)
        except Unprocessable as exc:
            if ruleset is not None:
                raise
            # The request names no ruleset: what it asks does not fit the lobby's.
            raise Conflict(f"{exc.message} (this lobby's ruleset)") from None
        lobby.ruleset = new_ruleset
        lobby.options = json.dumps(kept) if kept else None
        if table_size is not None:
            _resize(lobby, table_size)
        if idle_timeout is not None:
            lobby.idle_timeout = idle_timeout
        if public is not None:
            _set_public(lobby, public, confirm_public)
        if name is not None or clear_name:
            lobby.name = name
        table.apply(lobby)

    return change(lobby_id, edit)[0]


def cancel(lobby_id: str, me: str) -> None:
    """Cancel a waiting lobby (owner): the table is deleted with its chat, presence and
    memberships (nobody can open a cancelled lobby, so nothing of it is kept)."""
    def attempt(_: int) -> None:
        lobby = load(lobby_id)
        require_owner(lobby, me)
        require_waiting(lobby)
        discard(lobby)

    races.until_won(attempt, lost=(LostRace,), busy=busy())


def discard(lobby: LobbyRecord, also: Callable[[TransactWrite], None] | None = None) -> None:
    """Delete a table that will never be played or shown again (a cancelled lobby; an erased
    owner's lobby or saved game): the lobby and every membership in one transaction with the
    lobby's version condition (:class:`LostRace` when it changed meanwhile, e.g. a kickoff:
    then nothing is deleted), and ``also``'s items (the game); then its chat and presence.
    Stopping between the two leaves chat nobody can open (no table), which the author's
    erasure still finds by its author index."""
    members = roles(lobby)
    with _transaction() as tx:
        tx.delete(lobby)
        for account_id in members:
            tx.delete(MembershipRecord(account_id, lobby.lobby_id))
        if also is not None:
            also(tx)
    chat.delete_table(lobby.lobby_id)
    presence.forget_table(lobby.lobby_id)


def invite(lobby_id: str, me: str, handle: str, role: str) -> LobbyRecord:
    """Invite ``handle`` as a player (while waiting) or spectator (until the game ends) to a
    private table. :class:`NotFound` for an unknown handle; invitations are counted before
    anything else (:data:`service.throttle.INVITE`: per inviter and per invitee an hour,
    :class:`~service.errors.TooManyRequests`)."""
    target = accounts.find_by_handle(handle)
    if target is None:
        raise NotFound(f"nobody holds the handle {handle!r}")
    who = target.account_id
    lobby = load(lobby_id)
    require_owner(lobby, me)
    throttle.INVITE.take({"owner": me, "invitee": who})

    def edit(lobby: LobbyRecord) -> None:
        require_owner(lobby, me)
        if lobby.public:
            raise PublicLobby("a public table needs no invitations: share its link")
        if who in lobby.seats:
            raise Conflict(f"{handle} already has a seat")
        if role == "player":
            require_waiting(lobby)
            if who in lobby.invited:
                raise Conflict(f"{handle} is already invited")
            if len(lobby.invited) >= MAX_INVITES:
                raise Conflict("too many pending invitations")
            lobby.invited = [*lobby.invited, who]
            lobby.spectators = [a for a in lobby.spectators if a != who]
        else:
            if lobby.status == "started" and _game_over(lobby.lobby_id):
                raise Conflict("the game is over: there is nothing left to watch")
            if who in lobby.spectators:
                raise Conflict(f"{handle} is already invited to watch")
            if len(lobby.spectators) >= MAX_INVITES:
                raise Conflict("too many spectators")
            lobby.spectators = [*lobby.spectators, who]
            lobby.invited = [a for a in lobby.invited if a != who]

    lobby = change(lobby_id, edit)[0]
    announce_invitation(lobby, who, role)
    return lobby


def _game_over(game_id: str) -> bool:
    """Whether the game of a started table has finished."""
    return storage.default_store().load(game_id).record.status == "finished"


def announce_invitation(lobby: LobbyRecord, who: str, role: str) -> None:
    """``LobbyInvitation`` on the bus (the invitee is notified); the invitation is saved, so a
    failure here is logged, not raised."""
    # Cold start: 18 handlers that load this module publish nothing.
    from service import bus

    try:
        bus.publish("LobbyInvitation", {"lobby_id": lobby.lobby_id, "account_id": who,
                                        "role": role, "owner": lobby.owner,
                                        "ruleset": lobby.ruleset})
    except Exception:
        log.exception("announcing the invitation to %s failed", lobby.lobby_id)


def withdraw(lobby_id: str, me: str, handle: str) -> LobbyRecord:
    try:
        target = accounts.find_by_handle(handle)
    except Unprocessable:  # not even a well-formed handle: nobody was invited under it
        target = None
    who = target.account_id if target else None

    def edit(lobby: LobbyRecord) -> None:
        require_owner(lobby, me)
        if who is None or (who not in lobby.invited and who not in lobby.spectators):
            raise NotFound(f"{handle} has no invitation here")
        lobby.invited = [a for a in lobby.invited if a != who]
        lobby.spectators = [a for a in lobby.spectators if a != who]

    return change(lobby_id, edit)[0]


def new_invite_link(lobby_id: str, me: str) -> str:
    """A fresh invite link token (only its hash is stored; the old link stops working)."""
    token = secrets.token_urlsafe(24)

    def edit(lobby: LobbyRecord) -> None:
        require_owner(lobby, me)
        require_waiting(lobby)
        if lobby.public:
            raise PublicLobby("a public table needs no invite link: share its own link")
        lobby.invite_hash = invite_token_hash(token)

    change(lobby_id, edit)
    return token


def revoke_invite_link(lobby_id: str, me: str) -> LobbyRecord:
    def edit(lobby: LobbyRecord) -> None:
        require_owner(lobby, me)
        lobby.invite_hash = None

    return change(lobby_id, edit)[0]


def join(lobby_id: str, me: str, seat: int | None, invite_token: str | None) -> LobbyRecord:
    """Take a seat: invited handles, anyone on a public lobby, holders of the invite link."""

    def edit(lobby: LobbyRecord) -> None:
        standing = access(lobby, me, invite_token)
        require_waiting(lobby)
        if standing.seat is not None:
            raise Conflict("you already have a seat at this table")
        if standing.role == "spectator" and not (lobby.public or holds_link(lobby, invite_token)):
            raise Forbidden("you are invited to watch this table, not to play: ask the owner "
                            "for a player's invitation")
        index = _first_empty(lobby, seat, me)
        seats = list(lobby.seats)
        seats[index] = me
        lobby.seats = seats
        lobby.invited = [a for a in lobby.invited if a != me]
        lobby.spectators = [a for a in lobby.spectators if a != me]

    return change(lobby_id, edit)[0]


def leave(lobby_id: str, me: str) -> LobbyRecord:
    """Give up a seat, or decline an invitation (player or spectator)."""

    def edit(lobby: LobbyRecord) -> None:
        standing = access(lobby, me)
        if standing.role == "owner":
            raise Conflict("the owner cannot leave: cancel the lobby instead")
        if standing.seat is not None:
            require_waiting(lobby)
            lobby.seats = ["" if a == me else a for a in lobby.seats]
        elif standing.role in ("invited", "spectator"):
            lobby.invited = [a for a in lobby.invited if a != me]
            lobby.spectators = [a for a in lobby.spectators if a != me]
        else:
            raise Conflict("you are not part of this table")

    return change(lobby_id, edit)[0]


def add_bot(lobby_id: str, me: str, level: str, seat: int | None) -> LobbyRecord:
    """Seat a bot (``bot:<level>:<n>``, ``n`` counting the bots ever added to this table)."""
    if level not in accounts.BOT_LEVELS:
        raise Unprocessable(f"level must be one of {', '.join(accounts.BOT_LEVELS)}")

    def edit(lobby: LobbyRecord) -> None:
        require_owner(lobby, me)
        require_waiting(lobby)
        index = _first_empty(lobby, seat)
        lobby.bots_added = int(lobby.bots_added or 0) + 1
        seats = list(lobby.seats)
        seats[index] = accounts.bot_id(level, int(lobby.bots_added))
        lobby.seats = seats

    return change(lobby_id, edit)[0]


def empty_seat(lobby_id: str, me: str, seat: int) -> LobbyRecord:
    def edit(lobby: LobbyRecord) -> None:
        require_owner(lobby, me)
        require_waiting(lobby)
        seats = list(lobby.seats)
        if not 0 <= seat < len(seats):
            raise NotFound(f"there is no seat {seat}")
        if seats[seat] == lobby.owner:
            raise Conflict("the owner keeps their seat")
        if not seats[seat]:
            raise Conflict(f"seat {seat} is already empty")
        seats[seat] = ""
        lobby.seats = seats

    return change(lobby_id, edit)[0]


def forget(lobby: LobbyRecord, account_id: str, anonymous: str) -> None:
    """Take an erased account out of ``lobby`` (edited in place; the caller saves it): its
    pending invitations and spectator place go; in a waiting lobby its seat is freed; after
    kickoff its seat and ownership pass to ``anonymous`` (the game goes on, or stays on record,
    under that name) and the table's name, the owner's words, goes back to the default
    (:mod:`service.tables`). An erased owner's waiting lobby is :func:`discard`-ed instead."""
    lobby.invited = [a for a in lobby.invited if a != account_id]
    lobby.spectators = [a for a in lobby.spectators if a != account_id]
    replacement = "" if lobby.status == "waiting" else anonymous
    lobby.seats = [replacement if a == account_id else a for a in lobby.seats]
    if lobby.owner == account_id:
        lobby.owner = anonymous
        lobby.name = None  # the owner's own words: the table goes back to its default name


def seated(lobby: LobbyRecord) -> list[str]:
    """The occupants in seat order, empty seats dropped (the game's turn order)."""
    return [a for a in lobby.seats if a]


def game_options(lobby: LobbyRecord, options: dict[str, Any] | None) -> dict[str, Any]:
    """The options a lobby's game is dealt with: its table options, then ``options`` (the
    kickoff's), and its idle timeout (the deployment's default when it set none) where the
    ruleset has one. The kickoff's ``options`` are checked as a lobby's are, to the same bounds
    (:mod:`service.table_options`; :class:`Unprocessable`), and so is what the lobby stored (a
    lobby saved before the bounds held it to them)."""
    options = options_rules.with_pace(lobby.ruleset, options)
    if options:
        options_rules.check(lobby.ruleset, options, deal=False)
    merged = {**lobby_options(lobby), **(options or {})}
    for name, value in merged.items():
        options_rules.check_bounds(name, value, "options.")
    known = options_rules.model(lobby.ruleset).model_fields
    if "idle_timeout_seconds" in known and "idle_timeout_seconds" not in merged:
        merged["idle_timeout_seconds"] = int(lobby.idle_timeout or settings().default_idle_timeout)
    return merged
