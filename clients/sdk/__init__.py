"""The Python client SDK: the lobby (`Lobby`), a room connection with mirrors, outbox and reconnect
(`Connection`), and the bot runner (`BotPlayer`)."""

from clients.sdk.bot import BotPlayer, policy_named
from clients.sdk.connection import Closed, Connection
from clients.sdk.lobby import (
    Claimed,
    Created,
    GameInfo,
    Lobby,
    LobbyError,
    LogLine,
    RoomInfo,
    SeatSettings,
)
from clients.sdk.mirror import Mirror, Step
from clients.sdk.outbox import ActionRefused, Outbox

__all__ = [
    "ActionRefused",
    "BotPlayer",
    "Claimed",
    "Closed",
    "Connection",
    "Created",
    "GameInfo",
    "Lobby",
    "LobbyError",
    "LogLine",
    "Mirror",
    "Outbox",
    "RoomInfo",
    "SeatSettings",
    "Step",
    "policy_named",
]
