"""Record the widget messages a kernel would send, for tests and benchmarks.

Outside a kernel, widgets talk to ``comm.DummyComm`` and every message is dropped.
``install()`` replaces ``comm.create_comm`` with a comm that keeps each message, so a
test can count the messages and bytes of a redraw and decode ipycanvas's batched
draw commands. It must run before ``ipycanvas`` is imported: ipycanvas creates its
shared canvas manager widget at import time, and that widget keeps the comm it got.

This module imports neither ipywidgets nor ipycanvas.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

import comm
from comm.base_comm import BaseComm


@dataclass(frozen=True, slots=True)
class Message:
    """One message a widget sent to the frontend."""

    comm_id: str
    msg_type: str
    data: Any
    buffers: tuple[bytes, ...]

    @property
    def nbytes(self) -> int:
        """Size on the wire, roughly: the JSON body plus the binary buffers."""
        body = len(json.dumps(self.data, default=str))
        return body + sum(len(b) for b in self.buffers)

    @property
    def method(self) -> str:
        return self.data.get("method", "") if isinstance(self.data, dict) else ""


class Recorder:
    """The messages sent since the last ``clear()``."""

    def __init__(self) -> None:
        self.messages: list[Message] = []

    def clear(self) -> None:
        self.messages = []

    def record(self, comm_id: str, msg_type: str, data: Any, buffers: Any) -> None:
        kept = tuple(bytes(b) for b in (buffers or ()))
        self.messages.append(Message(comm_id, msg_type, data, kept))

    def canvas_batches(self) -> list[list[Any]]:
        """The ipycanvas draw batches sent, each decoded to its list of commands."""
        manager = canvas_manager_comm_id()
        out = []
        for msg in self.messages:
            if msg.comm_id == manager and msg.method == "custom" and msg.buffers:
                out.append(decode_batch(msg.buffers[0]))
        return out

    def canvas_messages(self) -> list[Message]:
        manager = canvas_manager_comm_id()
        return [
            m for m in self.messages if m.comm_id == manager and m.method == "custom"
        ]


class RecordingComm(BaseComm):
    """A comm that keeps what it publishes in the module's recorder."""

    # ipywidgets only sends when the comm has a kernel.
    kernel = "recording"

    def publish_msg(
        self,
        msg_type: str,
        data: Any = None,
        metadata: Any = None,
        buffers: Any = None,
        **keys: Any,
    ) -> None:
        RECORDER.record(self.comm_id, msg_type, data, buffers)


RECORDER = Recorder()


def install() -> Recorder:
    """Make every new widget comm record its messages; returns the recorder."""
    comm.create_comm = RecordingComm
    return RECORDER


def canvas_manager_comm_id() -> str:
    """The comm id of ipycanvas's shared manager, which carries every draw batch."""
    from ipycanvas import canvas

    return canvas._CANVAS_MANAGER.comm.comm_id


def command_names() -> list[str]:
    from ipycanvas import canvas

    return list(canvas._CMD_LIST)


def decode_batch(buffer: bytes) -> list[Any]:
    """An ipycanvas batch as ``[name, args]`` pairs (``switchCanvas`` included)."""
    names = command_names()
    raw = json.loads(bytes(buffer))
    if raw and isinstance(raw[0], int):
        raw = [raw]
    return [[names[cmd[0]], cmd[1] if len(cmd) > 1 else []] for cmd in raw]


class TableWatch:
    """Counts what a Table does, through its observers (``on_render``,
    ``on_drop``): the board layers each render redrew, and the dropped clicks."""

    def __init__(self, table: Any) -> None:
        self.redraws: list[list[int]] = []
        self.dropped = 0
        table.on_render(self.redraws.append)
        table.on_drop(self._drop)

    def _drop(self) -> None:
        self.dropped += 1
