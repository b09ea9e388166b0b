"""Response models of the HTTP API, shared by the functions that answer with them, so the
OpenAPI document (``/openapi.json``) describes every answer from the same pydantic models.
Request bodies live with their route. Shapes are described in ``docs/api.md``."""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, Field

Role = Literal["owner", "player", "invited", "spectator", "visitor"]
SeatKind = Literal["human", "bot", "empty"]
BotLevel = Literal["base", "advanced", "smart"]


class Person(BaseModel):
    """Someone named in an answer: the stable id and the current display name."""

    account_id: str
    name: str


class AccountOut(BaseModel):
    """The signed-in account."""

    account_id: str
    handle: str
    protected: bool = Field(description="the handle is protected by a password")
    email: str | None = Field(None, description="the reset email (used only for password-reset links)")
    created_at: int


class PasswordChangedOut(AccountOut):
    """The account after a password change, with a fresh token (other sessions ended)."""

    token: str
    expires_at: int


class ResetRequestedOut(BaseModel):
    """The same answer whether or not the handle exists or has a reset email."""

    message: str


class AccountDeletedOut(BaseModel):
    """The account is gone; its tables are being anonymised."""

    account_id: str
    erased_at: int = Field(description="Unix seconds")
    tables_to_anonymise: int = Field(
        description="tables where the handle is being replaced with an anonymous name (moments)")


class AccountExportOut(BaseModel):
    """Everything stored about the account (see docs/privacy.md)."""

    format: str
    exported_at: int
    account: AccountOut
    sessions: list[dict[str, Any]]
    password_reset_links: list[dict[str, Any]]
    chat_messages: list[dict[str, Any]]
    presence: list[dict[str, Any]]
    tables: list[dict[str, Any]]
    ratings: dict[str, Any] = Field(default_factory=dict, description="your ratings per game")
    model_config = {"extra": "allow"}


class SessionOut(BaseModel):
    """A new sign-in."""

    token: str = Field(description="bearer token: send 'Authorization: Bearer <token>'")
    account_id: str
    handle: str
    created: bool = Field(description="the handle was claimed by this request")
    protected: bool
    expires_at: int = Field(description="Unix seconds")


class LobbySeat(BaseModel):
    seat: int
    account_id: str | None
    name: str | None
    kind: SeatKind
    bot_level: BotLevel | None = None


class Invitation(BaseModel):
    account_id: str
    name: str
    role: Literal["player", "spectator"]


class You(BaseModel):
    role: Role
    seat: int | None


TABLE_NAME = ("the table's name: its owner's, else \"<game> with <the others seated> #<n>\" "
              "(n: the owner's count of tables of that game)")


class LobbyOut(BaseModel):
    """A lobby as the caller may see it."""

    lobby_id: str
    name: str = Field(description=TABLE_NAME)
    named: bool = Field(False, description="the owner gave the table its name")
    rated: bool = Field(True, description="the game will be rated (docs/ratings.md), unless a "
                                          "stand-in bot plays a seat for most of it")
    unrated_reason: str | None = Field(None, description="why the table will not be rated")
    bot_ratings: dict[str, dict[str, float]] = Field(
        default_factory=dict, description="each bot level's rating in this game ({mu, sigma}, "
                                          "from self-play tables)")
    status: Literal["waiting", "started", "cancelled"]
    game_id: str | None
    owner: Person
    ruleset: str
    table_size: int
    options: dict[str, Any] = Field(
        default_factory=dict,
        description="the ruleset's table options this table's game will be dealt with (the "
                    "owner's, else the ruleset's defaults: response windows, the game clock, "
                    "auction and deal times...; GET /rulesets/{name}/guide: table_options). A "
                    "scripted table's script is not shown")
    idle_timeout_seconds: int
    idle_turns_before_bot: int = Field(description="idle deadlines in a row before a Base bot "
                                                   "plays the seat (0: never)")
    bot_delay_seconds: int = Field(description="pause between bot moves")
    public: bool
    seats: list[LobbySeat]
    spectators: list[Person]
    invited: list[Invitation] = Field(description="pending invitations (owner only)")
    invite_link_active: bool = Field(description="an invite link works (owner only)")
    you: You
    created_at: int
    updated_at: int


class InviteLinkOut(BaseModel):
    invite_token: str
    path: str = Field(description="the link to share, relative to the site")


class GameSeat(BaseModel):
    seat: int
    account_id: str
    name: str
    kind: Literal["human", "bot"]
    bot_level: BotLevel | None = None
    stand_in: BotLevel | None = Field(
        None, description="a bot plays this human's seat for now (after idle turns in a row)")


class DecisionOut(BaseModel):
    """A decision the game waits for (several at once in some games: every target of an
    action card, every bidder of an auction)."""

    id: int
    player: int | None = Field(description="the seat that decides (null: the table's own, a game clock)")
    kind: str
    deadline: int | None = Field(
        None, description="Unix seconds when its deadline passes: the table answers it then "
                          "(and, for an idle turn, any seated player may: POST "
                          "/games/{id}/end-idle-turn)")
    deadline_kind: str | None = Field(
        None, description="idle_turn, response_window, auction_close, game_clock or offer_expiry")
    detail: dict[str, Any] = Field(default_factory=dict,
                                   description="what the game says of it (who did what, amounts)")


class OutcomeOut(BaseModel):
    termination: str
    winner: int | None


class OrderMoveOut(BaseModel):
    """One move your standing orders made for you."""

    seq: int = Field(description="the log item of the move (GET /games/{id}/events numbering)")
    at: int = Field(description="when it was made (Unix seconds)")
    action: dict[str, Any] = Field(description="the move, as a legal action reads (no player)")
    events: list[dict[str, Any]] = Field(description="what it caused, as you may see it")


ORDERS_DID = ("what your standing orders did since you last looked at the table (to the "
              "minute), oldest first; empty when nothing")


class OrdersOut(BaseModel):
    """Your seat's standing orders at a table (``GET``/``PUT /games/{id}/orders``)."""

    game_id: str
    seat: int = Field(description="your seat")
    orders: dict[str, Any] | None = Field(description="your orders (null: none set: the table "
                                                      "waits for you at every decision)")
    recommended: dict[str, Any] | None = Field(
        description="the orders the game's guide recommends (null: the game has no orders)")
    schema_: dict[str, Any] | None = Field(
        alias="schema", serialization_alias="schema",
        description="the JSON Schema of the game's orders: each field's title and "
                    "description in the game's terms (null: the game has no orders)")
    did: list[OrderMoveOut] = Field(description=ORDERS_DID)


class GameOut(BaseModel):
    """A game as the caller may see it (the engine's per-seat view in ``state``)."""

    game_id: str
    name: str = Field("", description=TABLE_NAME)
    version: int
    status: Literal["active", "saved", "finished"]
    ruleset: str
    game: str = Field(description="the game the ruleset belongs to (a ruleset and its presets): its "
                                  "moves are POST /games/{id}/<game>/<move>")
    seat: int | None = Field(description="your seat; null for a spectator")
    owner: Person
    seats: list[GameSeat]
    decision: DecisionOut | None = Field(
        description="the decision that concerns you first: yours if you hold one, else the "
                    "first the game waits for")
    pending: list[DecisionOut] = Field(description="every decision the game waits for")
    outcome: OutcomeOut | None
    legal_actions: list[dict[str, Any]]
    legal_specs: dict[str, Any] = Field(
        description="actions with free parameters (trade offers, loan amounts) and their bounds")
    hints: dict[str, Any] = Field(
        default_factory=dict, description="what you are told now beside the state, when it "
        "depends on the time (Mtaani: guard_mood while you are jailed, a hint of the bribe odds)")
    state: dict[str, Any]
    orders_did: list[OrderMoveOut] = Field(
        default_factory=list, description=ORDERS_DID + " (GET /games/{id}; other answers: "
                                          "empty)")


class ActionOut(BaseModel):
    """What every action answers: the new version, the events it caused and the caller's view."""

    version: int
    events: list[dict[str, Any]]
    game: GameOut


class ReplayOut(BaseModel):
    """One step of a game's replay (``GET /games/{id}/replay``)."""

    game_id: str
    step: int = Field(description="the step shown: 0 the deal, n the table after your n-th step")
    steps: int = Field(description="the steps you may step through (every move of a finished "
                                   "game; of a game in progress, those that showed you something)")
    revealed: bool = Field(description="everything hidden during play is shown (a finished game)")
    at: int = Field(description="when the step's move was made (the deal's time for step 0)")
    events: list[dict[str, Any]] = Field(description="the events of this step")
    log: list[dict[str, Any]] = Field(description="the last events up to this step, oldest first")
    view: GameOut = Field(description="the table at this step (no legal actions: a replay)")


class VerifyOut(BaseModel):
    """The check of a finished game (``GET /games/{id}/verify``)."""

    game_id: str
    ok: bool = Field(description="the commitment matches and every move replays as recorded")
    report: dict[str, Any] = Field(description="the verifier's report (engine.verify.Report)")
    commitment: str | None = Field(description="published at the deal (GameCreated)")
    salt: str | None = Field(description="revealed at the end (64 hex digits)")
    seed: str = Field(description="revealed at the end (decimal)")
    formula: str
    record: dict[str, Any] | None = Field(None, description="the game record checked "
                                          "(?record=true): what python -m engine.verify reads")


class EventsOut(BaseModel):
    events: list[dict[str, Any]]
    next_after: int
    more: bool


class Turn(BaseModel):
    seat: int
    account_id: str
    name: str
    kind: str = Field(description="the kind of decision pending")
    yours: bool
    deadline_kind: str | None = Field(None, description=(
        "its deadline's kind (idle_turn: a turn; response_window, offer_expiry: an answer; "
        "auction_close: a bid; game_clock), none without a deadline"))
    deadline: int | None = Field(None, description="when its deadline passes (Unix seconds)")


class LobbySummary(BaseModel):
    lobby_id: str
    name: str = Field("", description=TABLE_NAME)
    ruleset: str
    table_size: int
    seated: int
    public: bool
    owner: Person
    your_role: Role
    updated_at: int


class GameSummary(BaseModel):
    game_id: str
    name: str = Field("", description=TABLE_NAME)
    ruleset: str
    status: Literal["active", "saved", "finished"]
    seats: list[GameSeat]
    your_seat: int | None
    turn: Turn | None = Field(description="the decision that concerns you first (yours, else the "
                                          "first the table waits for)")
    waiting: list[Turn] = Field(description="every seat the table waits for, and for what")
    winner: Person | None = Field(None, description="a finished game's winner (null: none, "
                                                    "a tie, or still playing)")
    your_place: int | None = Field(None, description="a finished game: your finishing place "
                                                     "(1 the winner; shared places for ties)")
    places: list[int] | None = Field(None, description="a finished game: each seat's place")
    updated_at: int


class DashboardOut(BaseModel):
    open_lobbies: list[LobbySummary]
    in_progress: list[GameSummary]
    saved: list[GameSummary]
    watchable: list[GameSummary]
    finished: list[GameSummary]


class MessageOut(BaseModel):
    """A chat message; ``text`` is HTML-escaped (``&``, ``<``, ``>``)."""

    id: str
    at: int
    account_id: str
    name: str
    text: str


class ChatOut(BaseModel):
    messages: list[MessageOut]
    next_after: str | None = Field(description="pass back as 'after' for newer messages")


class PresenceEntry(BaseModel):
    account_id: str
    name: str
    seat: int | None
    last_seen: int


class PresenceOut(BaseModel):
    people: list[PresenceEntry]


class HistoryPoint(BaseModel):
    at: int = Field(description="when the game that moved it ended (Unix seconds)")
    mu: float
    sigma: float


class RatingOut(BaseModel):
    """A player's rating in one game (docs/ratings.md)."""

    mu: float = Field(description="the rating (a new player: 25)")
    sigma: float = Field(description="its uncertainty (a new player: 8.333)")
    ordinal: float = Field(description="mu - 3 sigma: the cautious figure")
    games: int = Field(description="rated games played")
    wins: int = Field(description="rated games won (first alone)")
    places: dict[str, int] = Field(description="finishing place -> how many times")
    history: list[HistoryPoint] = Field(description="the rating after each rated game, oldest first")


class PlayerOut(BaseModel):
    """A player's page (``GET /players/{handle}``)."""

    account_id: str
    handle: str
    ratings: dict[str, RatingOut] = Field(description="per game (mtaani, mulodi, jiji)")


class PlayerGame(BaseModel):
    game_id: str
    name: str = Field(description=TABLE_NAME)
    ruleset: str
    seats: list[GameSeat]
    seat: int = Field(description="the player's seat")
    place: int | None = Field(description="the player's finishing place")
    winner: Person | None
    places: list[int] | None = Field(description="every seat's finishing place (the standings)")
    finished_at: int
    replay: str = Field(description="the game's replay (GET)")
    verify: str = Field(description="the game's fairness check (GET)")


class PlayerGamesOut(BaseModel):
    handle: str
    games: list[PlayerGame]
    next_cursor: str | None = Field(description="pass back as cursor for older games")
